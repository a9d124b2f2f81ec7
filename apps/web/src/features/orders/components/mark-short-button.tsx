/**
 * Picking: "Mark short" on an order line (docs/substitutions.md). A confirmation says what the
 * shopper chose for it; the server applies it (a similar product, the chosen one, or nothing),
 * corrects the order's lines, stock, lots and total, and tells the shopper.
 */
import { useState } from 'react';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { SUBSTITUTION_LABEL, type AdminOrderItemDto } from '@shop/schema';
import { toast } from '../../../lib/toast';
import { useMarkLineShort } from '../api/use-order-management';
import { useReportError } from '../../../lib/use-admin-errors';

/** What the shopper chose for a line, as staff read it. */
export function substitutionText(
  item: Pick<AdminOrderItemDto, 'substitution' | 'substituteProductName'>,
): string {
  if (item.substitution === 'product')
    return `Substitute with ${item.substituteProductName ?? 'a chosen product'}`;
  return SUBSTITUTION_LABEL[item.substitution];
}

export function MarkShortButton({
  orderId,
  item,
}: {
  orderId: string;
  item: Pick<AdminOrderItemDto, 'id' | 'name' | 'substitution' | 'substituteProductName'>;
}) {
  const [open, setOpen] = useState(false);
  const mark = useMarkLineShort();
  const report = useReportError();
  const confirm = () =>
    mark.mutate(
      { id: orderId, itemId: item.id },
      {
        onSuccess: (order) => {
          const substitute = order.items.find((line) => line.substituteFor === item.id);
          toast({
            title: 'Line marked short',
            description: substitute
              ? `${item.name}: substituted with ${substitute.name}`
              : `${item.name}: not delivered, not charged`,
          });
          setOpen(false);
        },
        onError: (error) => {
          setOpen(false);
          report(error, { title: 'Could not mark the line short' });
        },
      },
    );
  return (
    <>
      <Button
        size="compact-xs"
        variant="light"
        color="orange"
        onClick={() => setOpen(true)}
        aria-label={`Mark short: ${item.name}`}
      >
        Mark short
      </Button>
      <Modal opened={open} onClose={() => setOpen(false)} title={`Mark ${item.name} short?`} centered>
        <Stack gap="md">
          <Text size="sm">
            The customer chose: <strong>{substitutionText(item)}</strong>. The order and its total are
            corrected and the customer is told.
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setOpen(false)}>
              Cancel
            </Button>
            <Button color="orange" loading={mark.isPending} onClick={confirm}>
              Mark short
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
