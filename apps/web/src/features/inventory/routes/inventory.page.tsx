/**
 * /admin/inventory (docs/product.md §2 Inventory): the cards (summed by the server), search by product name
 * or category, Low Stock Only / Show All, the table with threshold − / + and Update Stock, each
 * product's stock history and best-before lots with goods in, what expires soon, and what to reorder
 * (issue 21; docs/stock-lots.md, docs/reorder-points.md).
 */
import { useState } from 'react';
import {
  ActionIcon,
  Badge,
  Box,
  Button,
  Card,
  Group,
  SimpleGrid,
  Skeleton,
  Table,
  Text,
  TextInput,
  Tooltip,
} from '@mantine/core';
import {
  IconAlertTriangle,
  IconBox,
  IconCircleX,
  IconCurrencyDollar,
  IconHistory,
  IconMinus,
  IconPackages,
  IconPlus,
  IconSearch,
} from '@tabler/icons-react';
import {
  ADMIN_PRODUCT_PAGE_SIZE,
  SCREEN_FALLBACK_THRESHOLD,
  formatMoney,
  type AdminProductDto,
} from '@shop/schema';
import { toast } from '../../../lib/toast';
import { stockStep, stockText } from '../../../lib/measures';
import { useAdminProductPage, usePatchProduct } from '../../catalogue';
import { useInventorySummary } from '../api/use-inventory';
import { useReportError, useUnauthorizedRedirect } from '../../../lib/use-admin-errors';
import { useSearchPaging } from '../../../lib/use-search-paging';
import { CatalogueTransferButtons } from '../../catalogue-transfer';
import { AdminPageHeader } from '../../../components/staff/admin-page-header';
import { StatCard } from '../../../components/staff/stat-card';
import { StockStatusBadge } from '../components/stock-status-badge';
import { ProductThumb } from '../../../components/product-thumb';
import { StockUpdateDialog } from '../components/stock-update-dialog';
import { StockHistoryDialog } from '../components/stock-history-dialog';
import { AdminTablePager } from '../../../components/staff/admin-table-pager';
import { ReorderCard } from '../components/reorder-card';
import { ExpiringCard } from '../components/expiring-card';
import { LotsDialog } from '../components/lots-dialog';

const threshold = (product: AdminProductDto) => product.lowStockThreshold ?? SCREEN_FALLBACK_THRESHOLD;

export function InventoryPage() {
  const summary = useInventorySummary();
  const [lowOnly, setLowOnly] = useState(false);
  const { search, setSearch, debounced, page, setPage } = useSearchPaging(lowOnly);
  // Filtered by the server: name, SKU or category, and 'Low Stock Only' (at or under the threshold).
  const products = useAdminProductPage({
    ...(debounced && { search: debounced }),
    ...(lowOnly && { lowStockOnly: true }),
    page,
    pageSize: ADMIN_PRODUCT_PAGE_SIZE,
  });
  const shown = products.data?.items ?? [];
  useUnauthorizedRedirect(summary.error ?? products.error);
  const [updating, setUpdating] = useState<AdminProductDto | null>(null);
  const [historyOf, setHistoryOf] = useState<AdminProductDto | null>(null);
  const [lotsOf, setLotsOf] = useState<AdminProductDto | null>(null);
  const patch = usePatchProduct();
  const report = useReportError();

  const changeThreshold = (product: AdminProductDto, next: number) => {
    patch.mutate(
      { id: product.id, lowStockThreshold: Math.max(0, next) },
      {
        onSuccess: () =>
          toast({
            title: 'Threshold updated successfully',
            description: `${product.name}: alert at ${stockText(Math.max(0, next), product.measureUnit)}`,
          }),
        onError: (error) => report(error, { title: 'Failed to update threshold' }),
      },
    );
  };

  return (
    <>
      <AdminPageHeader
        title="Inventory Management"
        description="Stock levels, low-stock alerts and stock history"
      >
        <CatalogueTransferButtons />
      </AdminPageHeader>
      <SimpleGrid cols={{ base: 1, xs: 2, lg: 4 }} mb="lg">
        <StatCard
          label="Total Products"
          value={summary.data?.totalProducts}
          icon={<IconBox size={22} />}
          loading={summary.isLoading}
        />
        <StatCard
          label="Low Stock Items"
          value={summary.data?.lowStockItems}
          icon={<IconAlertTriangle size={22} />}
          color="orange"
          loading={summary.isLoading}
        />
        <StatCard
          label="Out of Stock"
          value={summary.data?.outOfStock}
          icon={<IconCircleX size={22} />}
          color="red"
          loading={summary.isLoading}
        />
        <StatCard
          label="Total Stock Value"
          value={summary.data ? formatMoney(summary.data.totalStockValue) : undefined}
          icon={<IconCurrencyDollar size={22} />}
          color="teal"
          loading={summary.isLoading}
        />
      </SimpleGrid>

      <Card withBorder radius="md" padding="md">
        <Group justify="space-between" mb="md" gap="sm">
          <TextInput
            placeholder="Search by product name or category..."
            aria-label="Search inventory"
            leftSection={<IconSearch size={16} />}
            value={search}
            onChange={(e) => setSearch(e.currentTarget.value)}
            style={{ flex: 1, maxWidth: 420 }}
          />
          <Button
            variant={lowOnly ? 'filled' : 'light'}
            color={lowOnly ? 'orange' : 'gray'}
            leftSection={<IconAlertTriangle size={16} />}
            onClick={() => setLowOnly(!lowOnly)}
            aria-pressed={lowOnly}
          >
            {lowOnly ? 'Show All' : 'Low Stock Only'}
          </Button>
        </Group>
        <Table.ScrollContainer minWidth={860}>
          <Table verticalSpacing="sm" highlightOnHover aria-label="Inventory">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Product</Table.Th>
                <Table.Th>Category</Table.Th>
                <Table.Th>Price</Table.Th>
                <Table.Th>Stock</Table.Th>
                <Table.Th>Low Stock Alert</Table.Th>
                <Table.Th>Status</Table.Th>
                <Table.Th ta="right">Actions</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {products.isLoading &&
                Array.from({ length: 5 }, (_, i) => (
                  <Table.Tr key={i}>
                    <Table.Td colSpan={7}>
                      <Skeleton h={36} />
                    </Table.Td>
                  </Table.Tr>
                ))}
              {!products.isLoading && shown.length === 0 && (
                <Table.Tr>
                  <Table.Td colSpan={7}>
                    <Text c="dimmed" ta="center" py="md">
                      {products.isError
                        ? 'The products could not be loaded. Please try again.'
                        : 'No products found'}
                    </Text>
                  </Table.Td>
                </Table.Tr>
              )}
              {shown.map((product) => {
                const alertAt = threshold(product);
                const busy = patch.isPending && patch.variables?.id === product.id;
                return (
                  <Table.Tr key={product.id} data-testid="inventory-row" data-product-id={product.id}>
                    <Table.Td>
                      <Group gap="sm" wrap="nowrap">
                        <ProductThumb src={product.imageUrl} name={product.name} />
                        <Box>
                          <Text fw={600} size="sm">
                            {product.name}
                          </Text>
                          {!product.isActive && (
                            <Badge color="gray" size="xs" variant="outline" tt="none">
                              Inactive
                            </Badge>
                          )}
                        </Box>
                      </Group>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">{product.category?.name ?? 'Uncategorized'}</Text>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">{formatMoney(product.price)}</Text>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm" fw={600} data-testid="inventory-stock">
                        {stockText(product.stock, product.measureUnit)}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Group gap={6} wrap="nowrap">
                        <ActionIcon
                          variant="default"
                          size="sm"
                          onClick={() => changeThreshold(product, alertAt - stockStep(product.measureUnit))}
                          disabled={alertAt <= 0 || busy}
                          aria-label={`Lower the low stock alert of ${product.name}`}
                        >
                          <IconMinus size={14} />
                        </ActionIcon>
                        <Text size="sm" miw={32} ta="center" data-testid="inventory-threshold">
                          {stockText(alertAt, product.measureUnit)}
                        </Text>
                        <ActionIcon
                          variant="default"
                          size="sm"
                          onClick={() => changeThreshold(product, alertAt + stockStep(product.measureUnit))}
                          disabled={busy}
                          aria-label={`Raise the low stock alert of ${product.name}`}
                        >
                          <IconPlus size={14} />
                        </ActionIcon>
                      </Group>
                    </Table.Td>
                    <Table.Td>
                      <StockStatusBadge stock={product.stock} threshold={alertAt} />
                    </Table.Td>
                    <Table.Td>
                      <Group gap={4} justify="flex-end" wrap="nowrap">
                        <Tooltip label="Stock history">
                          <ActionIcon
                            variant="subtle"
                            color="gray"
                            onClick={() => setHistoryOf(product)}
                            aria-label={`Stock history of ${product.name}`}
                          >
                            <IconHistory size={16} />
                          </ActionIcon>
                        </Tooltip>
                        <Tooltip label="Lots and goods in">
                          <ActionIcon
                            variant="subtle"
                            color="gray"
                            onClick={() => setLotsOf(product)}
                            aria-label={`Lots of ${product.name}`}
                          >
                            <IconPackages size={16} />
                          </ActionIcon>
                        </Tooltip>
                        <Button size="xs" variant="light" onClick={() => setUpdating(product)}>
                          Update Stock
                        </Button>
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        {products.data && (
          <AdminTablePager
            total={products.data.total}
            pageSize={ADMIN_PRODUCT_PAGE_SIZE}
            page={page}
            onPage={setPage}
            noun={['product', 'products']}
            testId="inventory-total"
          />
        )}
      </Card>
      <ExpiringCard />
      <ReorderCard />
      <LotsDialog product={lotsOf} onClose={() => setLotsOf(null)} />
      <StockUpdateDialog product={updating} onClose={() => setUpdating(null)} />
      <StockHistoryDialog product={historyOf} onClose={() => setHistoryOf(null)} />
    </>
  );
}
