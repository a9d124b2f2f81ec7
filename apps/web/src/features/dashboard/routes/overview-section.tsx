/** The panel's Overview (docs/product.md §2): the cards and lists the role may see. */
import { Badge, Card, Group, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconBox, IconCurrencyDollar, IconReceipt, IconUsers } from '@tabler/icons-react';
import { formatMoney, overviewOrderNumber } from '@shop/schema';
import { useAdminOverview } from '../api/use-admin-overview';
import { useUnauthorizedRedirect } from '../../../lib/use-admin-errors';
import { stockText } from '../../../lib/measures';
import { StatCard } from '../../../components/staff/stat-card';
import { OrderStatusBadge } from '../../orders';

export function OverviewSection() {
  const overview = useAdminOverview();
  useUnauthorizedRedirect(overview.error);
  const data = overview.data;
  const loading = overview.isLoading;

  if (overview.isError) {
    return (
      <Card withBorder>
        <Text c="red">The overview could not be loaded. Please try again.</Text>
      </Card>
    );
  }

  return (
    <Stack gap="lg" data-testid="admin-overview">
      <SimpleGrid cols={{ base: 1, xs: 2, lg: 4 }}>
        {(loading || data?.products) && (
          <StatCard
            label="Total Products"
            value={data?.products?.total}
            caption={`${data?.products?.lowStock ?? 0} low in stock`}
            icon={<IconBox size={22} />}
            loading={loading}
          />
        )}
        {(loading || data?.orders) && (
          <StatCard
            label="Total Orders"
            value={data?.orders?.total}
            caption={`${data?.orders?.pending ?? 0} pending`}
            icon={<IconReceipt size={22} />}
            color="blue"
            loading={loading}
          />
        )}
        {(loading || data?.orders) && (
          <StatCard
            label="Total Revenue"
            value={formatMoney(data?.orders?.revenue ?? '0')}
            caption="From completed orders"
            icon={<IconCurrencyDollar size={22} />}
            color="teal"
            loading={loading}
          />
        )}
        {(loading || data?.users) && (
          <StatCard
            label="Total Users"
            value={data?.users?.total}
            caption="Registered customers"
            icon={<IconUsers size={22} />}
            color="grape"
            loading={loading}
          />
        )}
      </SimpleGrid>

      <SimpleGrid cols={{ base: 1, md: 2 }}>
        {(loading || data?.orders) && (
          <Card withBorder radius="md" data-testid="recent-orders">
            <Title order={2} size="h4" mb="sm">
              Recent Orders
            </Title>
            {loading ? (
              <Stack gap="xs">
                {Array.from({ length: 5 }, (_, i) => (
                  <Skeleton key={i} h={28} />
                ))}
              </Stack>
            ) : data?.orders?.recent.length ? (
              <Stack gap="xs">
                {data.orders.recent.map((order) => (
                  <Group key={order.id} justify="space-between" wrap="nowrap" data-testid="recent-order">
                    <Text size="sm" fw={500} ff="monospace">
                      #{overviewOrderNumber(order.id)}
                    </Text>
                    <Group gap="sm" wrap="nowrap">
                      <Text size="sm">{formatMoney(order.total)}</Text>
                      <OrderStatusBadge status={order.status} />
                    </Group>
                  </Group>
                ))}
              </Stack>
            ) : (
              <Text c="dimmed" size="sm">
                No orders yet
              </Text>
            )}
          </Card>
        )}
        {(loading || data?.products) && (
          <Card withBorder radius="md" data-testid="low-stock-alerts">
            <Title order={2} size="h4" mb="sm">
              Low Stock Alerts
            </Title>
            {loading ? (
              <Stack gap="xs">
                {Array.from({ length: 5 }, (_, i) => (
                  <Skeleton key={i} h={28} />
                ))}
              </Stack>
            ) : data?.products?.lowStockAlerts.length ? (
              <Stack gap="xs">
                {data.products.lowStockAlerts.map((product) => (
                  <Group key={product.id} justify="space-between" wrap="nowrap" data-testid="low-stock-alert">
                    <Group gap={6} wrap="nowrap" style={{ minWidth: 0 }}>
                      <IconAlertTriangle
                        size={16}
                        color="var(--mantine-color-orange-6)"
                        style={{ flex: 'none' }}
                      />
                      <Text size="sm" truncate>
                        {product.name}
                      </Text>
                    </Group>
                    <Badge color={product.stock === 0 ? 'red' : 'orange'} variant="light" tt="none">
                      Stock: {stockText(product.stock, product.measureUnit)}
                    </Badge>
                  </Group>
                ))}
              </Stack>
            ) : (
              <Text c="dimmed" size="sm">
                All products are well stocked
              </Text>
            )}
          </Card>
        )}
      </SimpleGrid>
    </Stack>
  );
}
