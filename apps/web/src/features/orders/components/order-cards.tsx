/**
 * The orders as a list of cards, for a phone (docs/accessibility.md, "Phones"): at 375 px the
 * table's eight columns leave the status, the total and the actions off screen, behind a sideways
 * scroll. Each card shows what a row shows, with the same View and Update.
 */
import { ActionIcon, Badge, Button, Group, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { IconEye } from '@tabler/icons-react';
import {
  PAYMENT_METHOD_LABEL,
  formatMoney,
  paymentStatusLabel,
  shortOrderId,
  type AdminOrderListItemDto,
} from '@shop/schema';
import { firstAddressLine } from '../format';
import { OrderStatusBadge } from './order-status-badge';

export interface OrderCardsProps {
  orders: AdminOrderListItemDto[] | undefined;
  loading: boolean;
  /** Shown when there is no order to show. */
  emptyMessage: string;
  isNew: (id: string) => boolean;
  onView: (order: AdminOrderListItemDto) => void;
  onUpdate: (order: AdminOrderListItemDto) => void;
}

export function OrderCards({ orders, loading, emptyMessage, isNew, onView, onUpdate }: OrderCardsProps) {
  if (loading) {
    return (
      <Stack gap="sm">
        {Array.from({ length: 5 }, (_, i) => (
          <Skeleton key={i} h={120} radius="md" />
        ))}
      </Stack>
    );
  }
  if (!orders?.length) {
    return (
      <Text c="dimmed" ta="center" py="md">
        {emptyMessage}
      </Text>
    );
  }
  return (
    <Stack component="ul" gap="sm" aria-label="Orders" m={0} p={0} style={{ listStyle: 'none' }}>
      {orders.map((order) => (
        <Paper
          component="li"
          key={order.id}
          withBorder
          radius="md"
          p="sm"
          data-testid="order-row"
          data-order-id={order.id}
          data-new={isNew(order.id) || undefined}
          bg={isNew(order.id) ? 'var(--mantine-color-green-light)' : undefined}
        >
          <Group justify="space-between" wrap="nowrap" gap="xs">
            <Group gap={6} wrap="nowrap">
              <Text size="sm" ff="monospace" fw={600}>
                #{shortOrderId(order.id)}
              </Text>
              {isNew(order.id) && (
                <Badge size="xs" color="green" data-testid="new-order-badge">
                  New
                </Badge>
              )}
            </Group>
            <OrderStatusBadge status={order.status} />
          </Group>
          <Text size="sm" c="dimmed" truncate="end">
            {new Date(order.createdAt).toLocaleDateString()} ·{' '}
            {order.customerEmail ?? order.userId.slice(0, 8)}
          </Text>
          <Text size="sm" lineClamp={1}>
            {firstAddressLine(order.shippingAddress)}
          </Text>
          <Group justify="space-between" wrap="nowrap" mt="xs" gap="xs">
            <div>
              <Text size="sm" fw={600}>
                {formatMoney(order.total)}
              </Text>
              <Text size="xs" c="dimmed" data-testid="payment-status">
                {PAYMENT_METHOD_LABEL[order.paymentMethod]} · {paymentStatusLabel(order.paymentStatus)}
              </Text>
            </div>
            <Group gap={4} wrap="nowrap">
              <ActionIcon
                variant="subtle"
                color="gray"
                size="lg"
                onClick={() => onView(order)}
                aria-label={`View order ${shortOrderId(order.id)}`}
              >
                <IconEye size={18} />
              </ActionIcon>
              <Button size="sm" variant="light" onClick={() => onUpdate(order)}>
                Update
              </Button>
            </Group>
          </Group>
        </Paper>
      ))}
    </Stack>
  );
}
