/**
 * One delivery slot window on the picking list (docs/picking.md), or the "No slot" group: its
 * orders, oldest first. Printed, each starts on a new page (picking.css).
 */
import { Stack, Text, Title } from '@mantine/core';
import { pickingSlotTitle, type PickingSlotDto } from '@shop/schema';
import { PickingOrderCard } from './picking-order-card';

export function PickingSlotSection({ slot, mayWeigh }: { slot: PickingSlotDto; mayWeigh: boolean }) {
  const title = pickingSlotTitle(slot);
  const titleId = `picking-slot-${slot.start ?? 'none'}`;
  const lines = slot.orders.reduce((sum, order) => sum + order.lines.length, 0);
  return (
    <section className="picking-slot" aria-labelledby={titleId} data-testid="picking-slot">
      <Title order={2} size="h4" id={titleId} mb={2}>
        {title}
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        {slot.orders.length} {slot.orders.length === 1 ? 'order' : 'orders'}, {lines}{' '}
        {lines === 1 ? 'line' : 'lines'}
      </Text>
      <Stack gap="md">
        {slot.orders.map((order) => (
          <PickingOrderCard key={order.id} order={order} mayWeigh={mayWeigh} />
        ))}
      </Stack>
    </section>
  );
}
