/**
 * The View dialog (docs/product.md §2 Order management): date, status, payment, total, address, the card or
 * bank details, the items, the notes, and the timeline of status changes (who, when, note).
 */
import { useEffect } from 'react';
import {
  Badge,
  Divider,
  Group,
  Modal,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Timeline,
  Title,
} from '@mantine/core';
import { IconCircleDot, IconShoppingCart } from '@tabler/icons-react';
import {
  PAYMENT_METHOD_LABEL,
  formatMoney,
  paymentStatusLabel,
  shortOrderId,
  statusLabel,
  type AdminOrderDetailDto,
  slotLabel,
} from '@shop/schema';
import { formatQuantity, priceBasisLabel } from '../../../lib/measures';
import { useAdminOrder } from '../api/use-order-management';
import { useReportError } from '../../../lib/use-admin-errors';
import { OrderStatusBadge } from './order-status-badge';
import { ProductThumb } from '../../../components/product-thumb';
import { RecordWeightForm } from './record-weight-form';
import { MarkShortButton, substitutionText } from './mark-short-button';
import { lotsTaken } from '../../inventory';
import { LineQuantity } from '../../../components/line-quantity';
import { useAccess } from '../../auth';

function Field({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed" fw={500}>
        {label}
      </Text>
      <div>{children}</div>
    </div>
  );
}

export function OrderViewDialog({ orderId, onClose }: { orderId: string | null; onClose: () => void }) {
  const order = useAdminOrder(orderId);
  const report = useReportError();
  const { isError, error } = order;

  useEffect(() => {
    if (isError && orderId) {
      report(error, { title: 'Failed to fetch order details', description: 'Please try again' });
      onClose();
    }
  }, [isError, error, orderId, report, onClose]);

  return (
    <Modal
      opened={!!orderId}
      onClose={onClose}
      title={orderId ? `Order #${shortOrderId(orderId)}` : ''}
      size="lg"
      centered
    >
      {order.isLoading || !order.data ? (
        <Stack gap="xs">
          {Array.from({ length: 6 }, (_, i) => (
            <Skeleton key={i} h={24} />
          ))}
        </Stack>
      ) : (
        <OrderDetails order={order.data} />
      )}
    </Modal>
  );
}

/** Weighed lines may be weighed until the order ships (the server says the same). */
const WEIGHABLE = ['pending', 'processing'];

function OrderDetails({ order }: { order: AdminOrderDetailDto }) {
  const mayWeigh = useAccess().can('orders:update') && WEIGHABLE.includes(order.status);
  return (
    <Stack gap="md" data-testid="order-details">
      <SimpleGrid cols={2} spacing="sm">
        <Field label="Date">
          <Text size="sm">{new Date(order.createdAt).toLocaleString()}</Text>
        </Field>
        <Field label="Status">
          <OrderStatusBadge status={order.status} />
        </Field>
        <Field label="Payment">
          <Group gap={6}>
            <Text size="sm">{PAYMENT_METHOD_LABEL[order.paymentMethod]}</Text>
            <Badge size="xs" variant="outline" color="gray" tt="none">
              {paymentStatusLabel(order.paymentStatus)}
            </Badge>
          </Group>
        </Field>
        <Field label="Total">
          <Text size="sm" fw={700} data-testid="order-view-total">
            {formatMoney(order.total, order.currency)}
          </Text>
          {(Number(order.deliveryFee) > 0 || Number(order.tax) > 0) && (
            <Text size="xs" c="dimmed" data-testid="order-view-charges">
              {formatMoney(order.subtotal, order.currency)} + delivery{' '}
              {formatMoney(order.deliveryFee, order.currency)}
              {order.taxInclusive
                ? `, tax ${formatMoney(order.tax, order.currency)} included`
                : ` + tax ${formatMoney(order.tax, order.currency)}`}
            </Text>
          )}
        </Field>
        <Field label="Customer">
          <Text size="sm">{order.customerEmail ?? order.userId.slice(0, 8)}</Text>
        </Field>
        {order.paymentMethod === 'card' && (
          <Field label="Card">
            <Text size="sm">
              {order.cardHolderName ?? '—'} · **** {order.cardLastFour ?? '----'}
            </Text>
          </Field>
        )}
        {order.paymentMethod === 'bank_transfer' && (
          <Field label="Bank transfer">
            <Text size="sm">
              {order.bankName ?? '—'} · {order.bankAccountNumber ?? '—'}
            </Text>
          </Field>
        )}
      </SimpleGrid>
      <Field label="Shipping address">
        <Text size="sm">{order.shippingAddress}</Text>
      </Field>
      {order.deliverySlot && (
        <Field label="Delivery slot">
          <Text size="sm" data-testid="order-slot">
            {slotLabel(order.deliverySlot)} (UTC)
          </Text>
        </Field>
      )}

      <Divider />
      <Title order={3} size="h5">
        Items
      </Title>
      <Stack gap="xs">
        {order.items.map((item) => (
          <Stack key={item.id} gap={4} data-testid="order-item">
            <Group justify="space-between" wrap="nowrap">
              <Group gap="sm" wrap="nowrap">
                <ProductThumb src={item.imageUrl} name={item.name} size={36} />
                <div>
                  <Text size="sm" fw={500}>
                    {item.name}
                  </Text>
                  <Text size="xs" c="dimmed">
                    Qty {formatQuantity(item.quantity, item.measureUnit)} × {formatMoney(item.price)}{' '}
                    {priceBasisLabel(item.measureUnit)}
                  </Text>
                  {item.lots.length > 0 && (
                    <Text size="xs" data-testid="order-item-lots">
                      From lots: {lotsTaken(item)}
                    </Text>
                  )}
                  <Text size="xs" c="dimmed" data-testid="order-item-substitution">
                    {item.short
                      ? 'Short: not delivered, not charged'
                      : item.substituteFor
                        ? `Substitute for ${order.items.find((line) => line.id === item.substituteFor)?.name ?? 'a short line'}`
                        : `If short: ${substitutionText(item)}`}
                  </Text>
                </div>
              </Group>
              <Group gap="md" wrap="nowrap">
                {item.measureUnit && <LineQuantity {...item} />}
                <Text size="sm" fw={600} data-testid="order-item-total">
                  {formatMoney(item.lineTotal)}
                </Text>
              </Group>
            </Group>
            {mayWeigh && item.weightTolerance !== null && !item.short && (
              <RecordWeightForm orderId={order.id} item={item} />
            )}
            {mayWeigh && !item.short && !item.substituteFor && (
              <Group justify="flex-end">
                <MarkShortButton orderId={order.id} item={item} />
              </Group>
            )}
          </Stack>
        ))}
      </Stack>

      {order.notes && (
        <>
          <Divider />
          <Field label="Notes">
            <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
              {order.notes}
            </Text>
          </Field>
        </>
      )}

      <Divider />
      <Title order={3} size="h5">
        Timeline
      </Title>
      <Timeline active={order.history.length} bulletSize={20} lineWidth={2} data-testid="order-timeline">
        <Timeline.Item bullet={<IconShoppingCart size={12} />} title="Order placed">
          <Text size="xs" c="dimmed">
            {new Date(order.createdAt).toLocaleString()}
          </Text>
        </Timeline.Item>
        {order.history.map((change) => (
          <Timeline.Item
            key={change.id}
            bullet={<IconCircleDot size={12} />}
            title={
              change.fromStatus
                ? `${statusLabel(change.fromStatus)} → ${statusLabel(change.toStatus)}`
                : statusLabel(change.toStatus)
            }
            data-testid="timeline-entry"
          >
            <Text size="xs" c="dimmed">
              {new Date(change.createdAt).toLocaleString()} · {change.changedBy?.name ?? 'System'}
            </Text>
            {change.note && <Text size="sm">{change.note}</Text>}
          </Timeline.Item>
        ))}
      </Timeline>
    </Stack>
  );
}
