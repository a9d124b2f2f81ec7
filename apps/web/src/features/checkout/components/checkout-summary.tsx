/**
 * Order summary (docs/product.md §2, §9): the lines, shipping, tax and total, and Place Order. With
 * the default settings: Free shipping, tax $0.00, total = subtotal; otherwise the delivery fee and
 * tax the shop's settings make (issue 19), the same the server charges.
 */
import { Button, Card, Divider, Group, Stack, Text, Title } from '@mantine/core';
import { lineTotalCents, type CartLine } from '@shop/schema';
import { formatQuantity } from '../../../lib/measures';
import { useOrderTotals } from '../../settings';

interface Props {
  lines: readonly CartLine[];
  totalCents: number;
  placing: boolean;
  /** The chosen delivery slot's own fee (null: the shop's). */
  deliveryFee?: string | null;
  onPlaceOrder: () => void;
}

export function CheckoutSummary({
  lines,
  totalCents: subtotalCents,
  placing,
  deliveryFee = null,
  onPlaceOrder,
}: Props) {
  const totals = useOrderTotals(subtotalCents, deliveryFee);
  const { money } = totals;
  const total = money(totals.totalCents);
  return (
    <Card withBorder radius="md" padding="lg" data-testid="checkout-summary">
      <Title order={2} size="h3" mb="md">
        Order Summary
      </Title>
      <Stack gap="xs">
        {lines.map((line) => (
          <Group key={line.productId} justify="space-between" wrap="nowrap" data-testid="summary-line">
            <Text size="sm" lineClamp={1}>
              {line.name} × {formatQuantity(line.quantity, line.measureUnit)}
            </Text>
            <Text size="sm" fw={500}>
              {money(lineTotalCents(line.price, line.quantity, line.measureUnit))}
            </Text>
          </Group>
        ))}
        <Divider my="xs" />
        <Group justify="space-between">
          <Text>Subtotal</Text>
          <Text data-testid="summary-subtotal">{money(subtotalCents)}</Text>
        </Group>
        <Group justify="space-between">
          <Text>Shipping</Text>
          {totals.deliveryFeeCents === 0 ? (
            <Text c="green" data-testid="summary-shipping">
              Free
            </Text>
          ) : (
            <Text data-testid="summary-shipping">{money(totals.deliveryFeeCents)}</Text>
          )}
        </Group>
        <Group justify="space-between">
          <Text>{totals.settings.taxInclusive ? 'Tax (included)' : 'Tax'}</Text>
          <Text data-testid="summary-tax">{money(totals.taxCents)}</Text>
        </Group>
        <Divider my="xs" />
        <Group justify="space-between">
          <Text fw={700}>Total</Text>
          <Text fw={700} data-testid="summary-total">
            {total}
          </Text>
        </Group>
      </Stack>
      <Button fullWidth size="md" mt="lg" loading={placing} onClick={onPlaceOrder}>
        Place Order - {total}
      </Button>
    </Card>
  );
}
