/** The customer dashboard (docs/product.md §2): welcome, tiles, recent orders, account information, quick actions. */
import {
  Avatar,
  Button,
  Card,
  Container,
  Grid,
  Group,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import {
  IconCurrencyDollar,
  IconHistory,
  IconPackage,
  IconShoppingBag,
  IconShoppingCart,
} from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { centsToDecimal, formatMoney, shortOrderId, toCents } from '@shop/schema';
import { RoleBadge } from '../../../components/role-badge';
import { fullName, initials, useAuth } from '../../auth';
import { useCart } from '../../cart';
import { useMyOrders, OrderStatusBadge } from '../../orders';
import { DashboardTile } from '../components/dashboard-tile';
import { paths } from '../../../paths';
import { pictureSrc } from '../../../lib/pictures';

const RECENT_ORDERS = 5;

export function DashboardPage() {
  const { user } = useAuth();
  const cart = useCart();
  const orders = useMyOrders();
  if (!user) return null; // the route guard renders this page only when signed in

  const list = orders.data ?? [];
  const spentCents = list.reduce((sum, order) => sum + (toCents(order.total) ?? 0), 0);
  const recent = list.slice(0, RECENT_ORDERS);

  return (
    <Container size="lg" py="lg">
      <Group mb="lg" wrap="nowrap">
        <Avatar src={pictureSrc(user.profileImageUrl)} size={56} radius="xl" color="green">
          {initials(user)}
        </Avatar>
        <div>
          <Title order={1}>Welcome back, {user.firstName || 'there'}!</Title>
          <Text c="dimmed">Here is what is happening with your account.</Text>
        </div>
      </Group>

      <SimpleGrid cols={{ base: 1, sm: 3 }} mb="lg">
        <DashboardTile
          label="Total Orders"
          value={list.length}
          icon={<IconPackage size={22} />}
          loading={orders.isLoading}
        />
        <DashboardTile
          label="Total Spent"
          value={formatMoney(centsToDecimal(spentCents))}
          icon={<IconCurrencyDollar size={22} />}
          loading={orders.isLoading}
        />
        <DashboardTile label="Items in Cart" value={cart.count} icon={<IconShoppingCart size={22} />} />
      </SimpleGrid>

      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Card withBorder radius="md" padding="lg" h="100%">
            <Group justify="space-between" mb="md">
              <Title order={2} size="h3">
                Recent Orders
              </Title>
              {recent.length > 0 && (
                <Button component={Link} to={paths.orders} variant="subtle" size="xs">
                  View All Orders
                </Button>
              )}
            </Group>
            {orders.isLoading ? (
              <Stack gap="sm">
                {Array.from({ length: 3 }, (_, i) => (
                  <Skeleton key={i} h={48} />
                ))}
              </Stack>
            ) : recent.length === 0 ? (
              <Stack align="center" gap="xs" py="xl" data-testid="recent-orders-empty">
                <IconShoppingBag size={48} color="var(--mantine-color-gray-5)" />
                <Text fw={600}>No orders yet</Text>
                <Button component={Link} to={paths.home} variant="light">
                  Start Shopping
                </Button>
              </Stack>
            ) : (
              <Stack gap="xs">
                {recent.map((order) => (
                  <Group
                    key={order.id}
                    justify="space-between"
                    wrap="nowrap"
                    py={6}
                    style={{ borderBottom: '1px solid var(--mantine-color-gray-2)' }}
                    data-testid="recent-order"
                  >
                    <div>
                      <Text fw={600}>Order #{shortOrderId(order.id)}</Text>
                      <Text size="xs" c="dimmed">
                        {new Date(order.createdAt).toLocaleDateString()}
                      </Text>
                    </div>
                    <Group gap="sm" wrap="nowrap">
                      <OrderStatusBadge status={order.status} />
                      <Text fw={600} w={90} ta="right">
                        {formatMoney(order.total)}
                      </Text>
                    </Group>
                  </Group>
                ))}
              </Stack>
            )}
          </Card>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Stack gap="lg">
            <Card withBorder radius="md" padding="lg" data-testid="account-information">
              <Title order={2} size="h3" mb="sm">
                Account Information
              </Title>
              <Stack gap={6}>
                <Text fw={600}>{fullName(user)}</Text>
                <Text size="sm" c="dimmed">
                  {user.email}
                </Text>
                <RoleBadge role={user.role} />
              </Stack>
              <Button component={Link} to={paths.profile} variant="light" fullWidth mt="md">
                Edit Profile & Addresses
              </Button>
            </Card>
            <Card withBorder radius="md" padding="lg">
              <Title order={2} size="h3" mb="sm">
                Quick Actions
              </Title>
              <Stack gap="xs">
                <Button
                  component={Link}
                  to={paths.home}
                  variant="default"
                  leftSection={<IconShoppingBag size={16} />}
                  justify="flex-start"
                >
                  Browse Products
                </Button>
                <Button
                  component={Link}
                  to={paths.cart}
                  variant="default"
                  leftSection={<IconShoppingCart size={16} />}
                  justify="flex-start"
                >
                  View Cart
                </Button>
                <Button
                  component={Link}
                  to={paths.orders}
                  variant="default"
                  leftSection={<IconHistory size={16} />}
                  justify="flex-start"
                >
                  Order History
                </Button>
              </Stack>
            </Card>
          </Stack>
        </Grid.Col>
      </Grid>
    </Container>
  );
}
