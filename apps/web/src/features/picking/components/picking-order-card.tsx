/**
 * One order on the picking list (docs/picking.md): who and where, the customer's notes, and its
 * lines as a checklist the picker ticks as they go (kept in the browser only: nothing is saved),
 * each with the lots to take it from and, for a weighed line, the weighing form (staff who may
 * change orders) or the weight already recorded.
 */
import { useState } from 'react';
import { Card, Checkbox, Group, Stack, Text, Title } from '@mantine/core';
import type { PickingLineDto, PickingOrderDto } from '@shop/schema';
import { formatQuantity, toleranceLabel, weighedLabel } from '../../../lib/measures';
import { lotsTaken } from '../../inventory';
import { OrderStatusBadge, RecordWeightForm, MarkShortButton, substitutionText } from '../../orders';

export function PickingOrderCard({ order, mayWeigh }: { order: PickingOrderDto; mayWeigh: boolean }) {
  const [picked, setPicked] = useState<ReadonlySet<string>>(new Set());
  const toggle = (lineId: string, checked: boolean) =>
    setPicked((before) => {
      const next = new Set(before);
      if (checked) next.add(lineId);
      else next.delete(lineId);
      return next;
    });
  const titleId = `picking-order-${order.id}`;

  return (
    <Card
      component="article"
      withBorder
      radius="md"
      padding="md"
      className="picking-order"
      aria-labelledby={titleId}
      data-testid="picking-order"
      data-order-id={order.id}
    >
      <Group justify="space-between" align="flex-start" gap="xs" mb="xs">
        <div>
          <Title order={3} size="h5" id={titleId}>
            Order #{order.shortId}
          </Title>
          <Text size="sm">{order.customerEmail ?? 'Customer removed'}</Text>
          <Text size="sm" c="dimmed" data-testid="picking-address">
            {order.shippingAddress}
          </Text>
        </div>
        <Group gap="xs">
          <Text size="sm" c="dimmed" data-testid="picking-progress">
            {picked.size} of {order.lines.length} picked
          </Text>
          <OrderStatusBadge status={order.status} />
        </Group>
      </Group>
      {order.notes && (
        <Text size="sm" mb="xs" style={{ whiteSpace: 'pre-wrap' }} data-testid="picking-notes">
          <Text span fw={600}>
            Notes:
          </Text>{' '}
          {order.notes}
        </Text>
      )}
      <Stack
        gap="sm"
        component="ul"
        className="picking-lines"
        aria-label={`Lines of order ${order.shortId}`}
        style={{ listStyle: 'none', padding: 0, margin: 0 }}
      >
        {order.lines.map((line) => (
          <PickingLine
            key={line.id}
            orderId={order.id}
            line={line}
            picked={picked.has(line.id)}
            onPicked={(checked) => toggle(line.id, checked)}
            mayWeigh={mayWeigh}
          />
        ))}
      </Stack>
    </Card>
  );
}

function PickingLine({
  orderId,
  line,
  picked,
  onPicked,
  mayWeigh,
}: {
  orderId: string;
  line: PickingLineDto;
  picked: boolean;
  onPicked: (checked: boolean) => void;
  mayWeigh: boolean;
}) {
  const weighed = line.weightTolerance !== null;
  return (
    <li data-testid="picking-line" data-picked={picked}>
      <Stack gap={4}>
        <Checkbox
          checked={picked}
          onChange={(event) => onPicked(event.currentTarget.checked)}
          label={
            <Text span fw={500}>
              {formatQuantity(line.quantity, line.measureUnit)} × {line.name}
            </Text>
          }
          description={`SKU ${line.sku}`}
        />
        <Stack gap={2} pl={32}>
          {line.lots.length > 0 ? (
            <Text size="sm" data-testid="picking-lots">
              From lots: {lotsTaken(line)}
            </Text>
          ) : (
            <Text size="sm" c="dimmed" data-testid="picking-lots">
              From undated stock
            </Text>
          )}
          {line.weighedQuantity !== null ? (
            <Text size="sm" fw={600} c="teal.9" data-testid="picking-weighed">
              {weighedLabel(line.weighedQuantity, line.measureUnit)}
            </Text>
          ) : (
            weighed && (
              <Text size="sm" data-testid="picking-weigh">
                Weigh: {toleranceLabel(line.weightTolerance!)} of{' '}
                {formatQuantity(line.quantity, line.measureUnit)}
              </Text>
            )
          )}
          <Text
            size="sm"
            c={line.short || line.substituteFor ? 'orange.8' : 'dimmed'}
            data-testid="picking-substitution"
          >
            {line.short
              ? 'Short: not delivered, not charged'
              : line.substituteFor
                ? 'Substitute'
                : `If short: ${substitutionText(line)}`}
          </Text>
          {weighed && mayWeigh && !line.short && (
            <div className="picking-no-print">
              <RecordWeightForm orderId={orderId} item={line} />
            </div>
          )}
          {mayWeigh && !line.short && !line.substituteFor && (
            <div className="picking-no-print">
              <MarkShortButton orderId={orderId} item={line} />
            </div>
          )}
        </Stack>
      </Stack>
    </li>
  );
}
