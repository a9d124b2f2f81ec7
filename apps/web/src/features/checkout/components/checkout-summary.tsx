/** Order summary (docs/product.md §2, §9): the lines, Free shipping, tax $0.00, total = subtotal, and Place Order. */
import { Button, Card, Divider, Group, Stack, Text, Title } from '@mantine/core';
import { centsToDecimal, lineTotalCents, type CartLine } from '@shop/schema';

interface Props {
  lines: readonly CartLine[];
  totalCents: number;
  placing: boolean;
  onPlaceOrder: () => void;
}

export function CheckoutSummary({ lines, totalCents, placing, onPlaceOrder }: Props) {
  const total = `$${centsToDecimal(totalCents)}`;
  return (
    <Card withBorder radius="md" padding="lg" data-testid="checkout-summary">
      <Title order={2} size="h3" mb="md">
        Order Summary
      </Title>
      <Stack gap="xs">
        {lines.map((line) => (
          <Group key={line.productId} justify="space-between" wrap="nowrap" data-testid="summary-line">
            <Text size="sm" lineClamp={1}>
              {line.name} × {line.quantity}
            </Text>
            <Text size="sm" fw={500}>
              ${centsToDecimal(lineTotalCents(line.price, line.quantity))}
            </Text>
          </Group>
        ))}
        <Divider my="xs" />
        <Group justify="space-between">
          <Text>Subtotal</Text>
          <Text data-testid="summary-subtotal">{total}</Text>
        </Group>
        <Group justify="space-between">
          <Text>Shipping</Text>
          <Text c="green">Free</Text>
        </Group>
        <Group justify="space-between">
          <Text>Tax</Text>
          <Text>$0.00</Text>
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
