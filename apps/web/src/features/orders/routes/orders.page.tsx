/**
 * My Orders (docs/product.md §2): each order with its short id, date, status, total, address and
 * delivery estimate; opened, its lines as bought, payment, timeline, 'Buy again' and, while pending,
 * 'Cancel order' (issue 19 item 3).
 */
import { useState } from 'react';
import { Alert, Button, Card, Collapse, Container, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle, IconChevronDown, IconChevronUp, IconPackage } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { formatMoney, shortOrderId, slotLabel, type OrderDto } from '@shop/schema';
import { useMyOrders } from '../api/use-orders';
import { OrderStatusBadge } from '../components/order-status-badge';
import { OrderDetails } from '../components/order-details';
import { errorMessage } from '../../../lib/errors';
import { paths } from '../../../paths';

const localDate = (iso: string) => new Date(iso).toLocaleDateString();

function OrderCard({ order }: { order: OrderDto }) {
  const [open, setOpen] = useState(false);
  const detailsId = `order-details-${order.id}`;
  return (
    <Card withBorder radius="md" padding="lg" data-testid="order-card" data-order-id={order.id}>
      <Group justify="space-between" align="flex-start" mb="sm">
        <div>
          <Text fw={700} size="lg">
            Order #{shortOrderId(order.id)}
          </Text>
          <Text size="sm" c="dimmed">
            Placed on {localDate(order.createdAt)}
          </Text>
        </div>
        <Stack gap={4} align="flex-end">
          <OrderStatusBadge status={order.status} />
          <Text fw={700} data-testid="order-total">
            {formatMoney(order.total, order.currency)}
          </Text>
        </Stack>
      </Group>
      <Text size="sm" fw={500}>
        Shipping address
      </Text>
      <Text size="sm" c="dimmed" style={{ whiteSpace: 'pre-line' }} data-testid="order-address">
        {order.shippingAddress}
      </Text>
      {order.estimatedDelivery && (
        <Text size="sm" mt="sm" data-testid="order-eta">
          Estimated delivery:{' '}
          {order.deliverySlot ? (
            // The slot booked is when it comes (docs/delivery-slots.md); the shop's times are UTC.
            <span data-testid="order-slot">{slotLabel(order.deliverySlot)} (UTC)</span>
          ) : (
            localDate(order.estimatedDelivery)
          )}
        </Text>
      )}
      <Group justify="flex-end" mt="sm">
        <Button
          variant="subtle"
          size="compact-sm"
          aria-expanded={open}
          aria-controls={detailsId}
          rightSection={open ? <IconChevronUp size={14} /> : <IconChevronDown size={14} />}
          onClick={() => setOpen((value) => !value)}
        >
          {open ? 'Hide details' : 'View details'}
        </Button>
      </Group>
      <Collapse expanded={open} id={detailsId}>
        {open && (
          <Stack pt="sm">
            <OrderDetails orderId={order.id} />
          </Stack>
        )}
      </Collapse>
    </Card>
  );
}

export function OrdersPage() {
  const orders = useMyOrders();
  return (
    <Container size="md" py="lg">
      <Title order={1} mb="lg">
        My Orders
      </Title>
      {orders.isLoading ? (
        <Stack>
          {Array.from({ length: 3 }, (_, i) => (
            <Skeleton key={i} h={140} radius="md" data-testid="order-placeholder" />
          ))}
        </Stack>
      ) : orders.isError ? (
        <Alert color="red" icon={<IconAlertCircle size={18} />} title="We could not load your orders">
          {errorMessage(orders.error)}
        </Alert>
      ) : orders.data && orders.data.length > 0 ? (
        <Stack>
          {orders.data.map((order) => (
            <OrderCard key={order.id} order={order} />
          ))}
        </Stack>
      ) : (
        <Stack align="center" gap="xs" py={48} data-testid="orders-empty">
          <IconPackage size={56} color="var(--mantine-color-gray-5)" />
          <Title order={2} size="h3">
            No orders yet
          </Title>
          <Text c="dimmed">Start shopping to see your orders here!</Text>
          <Button component={Link} to={paths.home} mt="sm">
            Start Shopping
          </Button>
        </Stack>
      )}
    </Container>
  );
}
