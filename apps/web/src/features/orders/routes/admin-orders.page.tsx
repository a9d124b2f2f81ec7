/**
 * /admin/orders (docs/product.md §2 Order management): the cards, search over order id, shipping address
 * and customer id with a status filter (both done by the server), the table, View and Update.
 * Live (issue 15): new orders and others' changes appear without a reload; orders placed since
 * the staff member last looked are marked 'New' and counted until seen: opened or updated, or
 * all at once with the 'N new orders' button (which also shows the newest orders).
 * On a phone the table becomes a list of cards (OrderCards), so nothing sits behind a sideways scroll.
 */
import { keyboardScrollable } from '../../../theme';
import { useCallback, useState } from 'react';
import { useMediaQuery } from '@mantine/hooks';
import {
  ActionIcon,
  Badge,
  Button,
  Card,
  Group,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
  Tooltip,
} from '@mantine/core';
import {
  IconBell,
  IconCircleCheck,
  IconClock,
  IconCurrencyDollar,
  IconEye,
  IconLoader2,
  IconReceipt,
  IconSearch,
} from '@tabler/icons-react';
import {
  ADMIN_ORDER_PAGE_SIZE,
  ORDER_STATUS_FILTERS,
  PAYMENT_METHOD_LABEL,
  formatMoney,
  paymentStatusLabel,
  shortOrderId,
  statusLabel,
  type AdminOrderListItemDto,
  type AdminOrderStatusFilter,
} from '@shop/schema';
import { firstAddressLine } from '../format';
import { useAdminOrderSummary, useAdminOrders } from '../api/use-order-management';
import { useUnauthorizedRedirect } from '../../../lib/use-admin-errors';
import { useSearchPaging } from '../../../lib/use-search-paging';
import { AdminPageHeader } from '../../../components/staff/admin-page-header';
import { AdminTablePager } from '../../../components/staff/admin-table-pager';
import { StatCard } from '../../../components/staff/stat-card';
import { OrderStatusBadge } from '../components/order-status-badge';
import { OrderViewDialog } from '../components/order-view-dialog';
import { OrderStatusDialog } from '../components/order-status-dialog';
import { OrderCards } from '../components/order-cards';
import { useStaffLive } from '../../live-events';

/** Narrower than this, the orders are cards rather than a table (the table needs 980 px). */
const CARDS_BELOW = '(max-width: 40em)';

const FILTER_OPTIONS = ORDER_STATUS_FILTERS.map((value) => ({
  value,
  label: value === 'all' ? 'All' : statusLabel(value),
}));

export function AdminOrdersPage() {
  const [status, setStatus] = useState<AdminOrderStatusFilter>('all');
  // A new search or filter starts again at the newest orders.
  const { search, setSearch, debounced, page, setPage } = useSearchPaging(status);
  const summary = useAdminOrderSummary();
  const orders = useAdminOrders({
    ...(debounced && { search: debounced }),
    status,
    page,
    pageSize: ADMIN_ORDER_PAGE_SIZE,
  });
  useUnauthorizedRedirect(summary.error ?? orders.error);
  const [viewing, setViewing] = useState<string | null>(null);
  const [updating, setUpdating] = useState<AdminOrderListItemDto | null>(null);
  const closeView = useCallback(() => setViewing(null), []);
  const { newOrderIds, markSeen } = useStaffLive();
  const isNew = (id: string) => newOrderIds.includes(id);
  const asCards = useMediaQuery(CARDS_BELOW, false, { getInitialValueInEffect: false });
  const emptyMessage = orders.isError
    ? 'The orders could not be loaded. Please try again.'
    : 'No orders found';
  const view = (order: AdminOrderListItemDto) => {
    markSeen([order.id]);
    setViewing(order.id);
  };
  const update = (order: AdminOrderListItemDto) => {
    markSeen([order.id]);
    setUpdating(order);
  };
  const showNewOrders = () => {
    markSeen();
    setStatus('all');
    setSearch('');
    setPage(1);
  };

  return (
    <>
      <AdminPageHeader title="Order Management" description="Follow and update every customer's orders" />
      <SimpleGrid cols={{ base: 1, xs: 2, md: 5 }} mb="lg">
        <StatCard
          label="Total Orders"
          value={summary.data?.total}
          icon={<IconReceipt size={22} />}
          loading={summary.isLoading}
        />
        <StatCard
          label="Pending"
          value={summary.data?.pending}
          icon={<IconClock size={22} />}
          color="yellow"
          loading={summary.isLoading}
        />
        <StatCard
          label="Processing"
          value={summary.data?.processing}
          icon={<IconLoader2 size={22} />}
          color="blue"
          loading={summary.isLoading}
        />
        <StatCard
          label="Completed"
          value={summary.data?.completed}
          icon={<IconCircleCheck size={22} />}
          color="green"
          loading={summary.isLoading}
        />
        <StatCard
          label="Total Revenue"
          value={summary.data ? formatMoney(summary.data.revenue) : undefined}
          icon={<IconCurrencyDollar size={22} />}
          color="teal"
          loading={summary.isLoading}
        />
      </SimpleGrid>

      <Card withBorder radius="md" padding="md">
        <Group mb="md" gap="sm">
          <TextInput
            placeholder="Search by order ID, address or customer ID..."
            aria-label="Search orders"
            leftSection={<IconSearch size={16} />}
            value={search}
            onChange={(e) => setSearch(e.currentTarget.value)}
            style={{ flex: 1, maxWidth: 460 }}
          />
          <Select
            aria-label="Filter by status"
            data={FILTER_OPTIONS}
            value={status}
            onChange={(value) => setStatus((value as AdminOrderStatusFilter | null) ?? 'all')}
            allowDeselect={false}
            w={180}
          />
          {newOrderIds.length > 0 && (
            <Tooltip label="Show the newest orders and mark them as seen">
              <Button
                variant="light"
                color="green"
                leftSection={<IconBell size={16} />}
                onClick={showNewOrders}
                data-testid="new-orders-badge"
              >
                {newOrderIds.length === 1 ? '1 new order' : `${newOrderIds.length} new orders`}
              </Button>
            </Tooltip>
          )}
        </Group>
        {asCards ? (
          <OrderCards
            orders={orders.data?.items}
            loading={orders.isLoading}
            emptyMessage={emptyMessage}
            isNew={isNew}
            onView={view}
            onUpdate={update}
          />
        ) : (
          <Table.ScrollContainer minWidth={980} scrollAreaProps={keyboardScrollable}>
            <Table verticalSpacing="sm" highlightOnHover aria-label="Orders">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Order</Table.Th>
                  <Table.Th>Date</Table.Th>
                  <Table.Th>Customer</Table.Th>
                  <Table.Th>Address</Table.Th>
                  <Table.Th>Status</Table.Th>
                  <Table.Th>Payment</Table.Th>
                  <Table.Th>Total</Table.Th>
                  <Table.Th ta="right">Actions</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {orders.isLoading &&
                  Array.from({ length: 5 }, (_, i) => (
                    <Table.Tr key={i}>
                      <Table.Td colSpan={8}>
                        <Skeleton h={32} />
                      </Table.Td>
                    </Table.Tr>
                  ))}
                {!orders.isLoading && !orders.data?.items.length && (
                  <Table.Tr>
                    <Table.Td colSpan={8}>
                      <Text c="dimmed" ta="center" py="md">
                        {emptyMessage}
                      </Text>
                    </Table.Td>
                  </Table.Tr>
                )}
                {orders.data?.items.map((order) => (
                  <Table.Tr
                    key={order.id}
                    data-testid="order-row"
                    data-order-id={order.id}
                    data-new={isNew(order.id) || undefined}
                    bg={isNew(order.id) ? 'var(--mantine-color-green-light)' : undefined}
                  >
                    <Table.Td>
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
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">{new Date(order.createdAt).toLocaleDateString()}</Text>
                    </Table.Td>
                    <Table.Td>
                      <Tooltip label={order.customerEmail ?? order.userId}>
                        <Text size="sm" ff="monospace">
                          {order.userId.slice(0, 8)}
                        </Text>
                      </Tooltip>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm" lineClamp={1} maw={220}>
                        {firstAddressLine(order.shippingAddress)}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <OrderStatusBadge status={order.status} />
                    </Table.Td>
                    <Table.Td>
                      <Stack gap={2}>
                        <Text size="sm">{PAYMENT_METHOD_LABEL[order.paymentMethod]}</Text>
                        <Badge
                          size="xs"
                          variant="outline"
                          color="gray"
                          tt="none"
                          data-testid="payment-status"
                        >
                          {paymentStatusLabel(order.paymentStatus)}
                        </Badge>
                      </Stack>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm" fw={600}>
                        {formatMoney(order.total)}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Group gap={4} justify="flex-end" wrap="nowrap">
                        <ActionIcon
                          variant="subtle"
                          color="gray"
                          onClick={() => view(order)}
                          aria-label={`View order ${shortOrderId(order.id)}`}
                        >
                          <IconEye size={16} />
                        </ActionIcon>
                        <Button size="xs" variant="light" onClick={() => update(order)}>
                          Update
                        </Button>
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        {orders.data && (
          <AdminTablePager
            total={orders.data.total}
            pageSize={ADMIN_ORDER_PAGE_SIZE}
            page={page}
            onPage={setPage}
            noun={['order', 'orders']}
            testId="orders-total"
          />
        )}
      </Card>
      <OrderViewDialog orderId={viewing} onClose={closeView} />
      <OrderStatusDialog order={updating} onClose={() => setUpdating(null)} />
    </>
  );
}
