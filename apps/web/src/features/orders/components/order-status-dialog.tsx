/**
 * The Update dialog (docs/product.md §2, §5): every status is offered (the server refuses moves that are not
 * allowed, with a message shown in the toast); optional notes are trimmed and omitted when empty.
 */
import { useState, type FormEvent } from 'react';
import { Button, Group, Modal, Select, Stack, Text, Textarea } from '@mantine/core';
import {
  ORDER_NOTE_MAX_LENGTH,
  ORDER_STATUSES,
  shortOrderId,
  statusLabel,
  type AdminOrderListItemDto,
  type OrderStatus,
} from '@shop/schema';
import { toast } from '../../../lib/toast';
import { useUpdateOrderStatus } from '../api/use-order-management';
import { useReportError } from '../../../lib/use-admin-errors';

export function OrderStatusDialog({
  order,
  onClose,
}: {
  order: AdminOrderListItemDto | null;
  onClose: () => void;
}) {
  return (
    <Modal opened={!!order} onClose={onClose} title="Update Order Status" centered>
      {order && <OrderStatusForm key={order.id} order={order} onDone={onClose} />}
    </Modal>
  );
}

function OrderStatusForm({ order, onDone }: { order: AdminOrderListItemDto; onDone: () => void }) {
  const [status, setStatus] = useState<OrderStatus>(order.status);
  const [notes, setNotes] = useState('');
  const update = useUpdateOrderStatus();
  const report = useReportError();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = notes.trim();
    update.mutate(
      { id: order.id, status, ...(trimmed && { notes: trimmed }) },
      {
        onSuccess: (updated) => {
          toast({
            title: 'Order status updated',
            description: `Order #${shortOrderId(updated.id)} is now ${statusLabel(updated.status)}.`,
          });
          onDone();
        },
        onError: (error) => report(error, { title: 'Failed to update order status' }),
      },
    );
  };

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Update Order Status">
      <Stack gap="sm">
        <Text size="sm">
          Order <b>#{shortOrderId(order.id)}</b> is {statusLabel(order.status).toLowerCase()}.
        </Text>
        <Select
          label="Status"
          required
          data={ORDER_STATUSES.map((value) => ({ value, label: statusLabel(value) }))}
          value={status}
          onChange={(value) => value && setStatus(value as OrderStatus)}
          allowDeselect={false}
          comboboxProps={{ withinPortal: true }}
        />
        <Textarea
          label="Notes"
          description="Optional: shown in the order's timeline"
          maxLength={ORDER_NOTE_MAX_LENGTH}
          autosize
          minRows={2}
          value={notes}
          onChange={(e) => setNotes(e.currentTarget.value)}
        />
        <Group justify="flex-end" mt="sm">
          <Button variant="default" onClick={onDone} disabled={update.isPending}>
            Cancel
          </Button>
          <Button type="submit" loading={update.isPending}>
            Update Status
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
