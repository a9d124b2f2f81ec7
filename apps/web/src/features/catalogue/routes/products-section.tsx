/**
 * The panel's Products section (docs/product.md §2): the table, Add Product, edit and delete; a
 * filter for active or inactive products, and Reactivate on an inactive one (issue 19 item 7).
 */
import { keyboardScrollable } from '../../../theme';
import { useState } from 'react';
import {
  ActionIcon,
  Badge,
  Box,
  Button,
  Card,
  Group,
  SegmentedControl,
  Skeleton,
  Table,
  Text,
  TextInput,
  Title,
  Tooltip,
} from '@mantine/core';
import {
  IconAlertTriangle,
  IconPencil,
  IconPlayerPlay,
  IconPlus,
  IconSearch,
  IconTrash,
} from '@tabler/icons-react';
import { ADMIN_PRODUCT_PAGE_SIZE, formatMoney, isLowStock, type AdminProductDto } from '@shop/schema';
import { useAdminProductPage } from '../api/use-admin-products';
import { AdminTablePager } from '../../../components/staff/admin-table-pager';
import { useUnauthorizedRedirect } from '../../../lib/use-admin-errors';
import { useSearchPaging } from '../../../lib/use-search-paging';
import { ProductFormDialog, toReactivation } from '../components/product-form-dialog';
import { useUpdateProduct } from '../api/use-product-mutations';
import { useReportError } from '../../../lib/use-admin-errors';
import { toast } from '../../../lib/toast';
import { stockText } from '../../../lib/measures';
import { DeleteProductDialog } from '../components/delete-product-dialog';
import { ProductThumb } from '../../../components/product-thumb';

type StatusFilter = 'all' | 'active' | 'inactive';

export function ProductsSection() {
  const { search, setSearch, debounced, page, setPage } = useSearchPaging();
  const [status, setStatus] = useState<StatusFilter>('all');
  const query = useAdminProductPage({
    ...(debounced && { search: debounced }),
    ...(status !== 'all' && { status }),
    page,
    pageSize: ADMIN_PRODUCT_PAGE_SIZE,
  });
  const products = query.data?.items ?? [];
  useUnauthorizedRedirect(query.error);
  const [editing, setEditing] = useState<AdminProductDto | null>(null);
  const [formOpen, setFormOpen] = useState(false);
  const [deleting, setDeleting] = useState<AdminProductDto | null>(null);
  const update = useUpdateProduct();
  const report = useReportError();
  const reactivate = (product: AdminProductDto) =>
    update.mutate(toReactivation(product), {
      onSuccess: () => toast({ title: 'Success', description: `${product.name} is active again` }),
      onError: (error) => report(error, { title: 'Error', description: 'Failed to reactivate product' }),
    });

  const openAdd = () => {
    setEditing(null);
    setFormOpen(true);
  };
  const openEdit = (product: AdminProductDto) => {
    setEditing(product);
    setFormOpen(true);
  };

  return (
    <Card withBorder radius="md" padding="md" data-testid="admin-products">
      <Group justify="space-between" mb="md">
        <Title order={2} size="h3">
          Products
        </Title>
        <Button leftSection={<IconPlus size={16} />} onClick={openAdd}>
          Add Product
        </Button>
      </Group>
      <Group mb="md" gap="md" align="center">
        <TextInput
          placeholder="Search products..."
          aria-label="Search products"
          leftSection={<IconSearch size={16} />}
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
          maw={360}
          style={{ flex: 1 }}
        />
        <SegmentedControl
          aria-label="Show products"
          value={status}
          onChange={(value) => {
            setStatus(value as StatusFilter);
            setPage(1);
          }}
          data={[
            { value: 'all', label: 'All' },
            { value: 'active', label: 'Active' },
            { value: 'inactive', label: 'Inactive' },
          ]}
        />
      </Group>
      <Table.ScrollContainer minWidth={760} scrollAreaProps={keyboardScrollable}>
        <Table verticalSpacing="sm" highlightOnHover aria-label="Products">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Product</Table.Th>
              <Table.Th>Category</Table.Th>
              <Table.Th>Price</Table.Th>
              <Table.Th>Stock</Table.Th>
              <Table.Th>Labels</Table.Th>
              <Table.Th ta="right">Actions</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {query.isLoading &&
              Array.from({ length: 5 }, (_, i) => (
                <Table.Tr key={i}>
                  <Table.Td colSpan={6}>
                    <Skeleton h={36} />
                  </Table.Td>
                </Table.Tr>
              ))}
            {query.isError && (
              <Table.Tr>
                <Table.Td colSpan={6}>
                  <Text c="red">The products could not be loaded. Please try again.</Text>
                </Table.Td>
              </Table.Tr>
            )}
            {!query.isLoading && !query.isError && products.length === 0 && (
              <Table.Tr>
                <Table.Td colSpan={6}>
                  <Text c="dimmed" ta="center" py="md">
                    {debounced || status !== 'all' ? 'No products found' : 'No products yet'}
                  </Text>
                </Table.Td>
              </Table.Tr>
            )}
            {products.map((product) => (
              <Table.Tr key={product.id} data-testid="product-row" data-product-id={product.id}>
                <Table.Td>
                  <Group gap="sm" wrap="nowrap">
                    <ProductThumb src={product.imageUrl} name={product.name} />
                    <Box style={{ minWidth: 0 }}>
                      <Group gap={6} wrap="nowrap">
                        <Text fw={600} size="sm">
                          {product.name}
                        </Text>
                        {!product.isActive && (
                          <Badge color="gray" size="xs" variant="outline" tt="none">
                            Inactive
                          </Badge>
                        )}
                      </Group>
                      <Text size="xs" c="dimmed" lineClamp={1} maw={320}>
                        {product.description}
                      </Text>
                    </Box>
                  </Group>
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{product.category?.name ?? 'Unknown'}</Text>
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{formatMoney(product.price)}</Text>
                </Table.Td>
                <Table.Td>
                  <Group gap={4} wrap="nowrap">
                    <Text size="sm" data-testid="product-stock">
                      {stockText(product.stock, product.measureUnit)}
                    </Text>
                    {isLowStock(product.stock, product.lowStockThreshold) && (
                      <Tooltip
                        label={`Low stock (alert at ${stockText(product.lowStockThreshold, product.measureUnit)})`}
                      >
                        <IconAlertTriangle
                          size={16}
                          color="var(--mantine-color-orange-6)"
                          aria-label="Low stock"
                          role="img"
                        />
                      </Tooltip>
                    )}
                  </Group>
                </Table.Td>
                <Table.Td>
                  <Group gap={4}>
                    {product.isOrganic && (
                      <Badge color="green" variant="light" size="sm" tt="none">
                        Organic
                      </Badge>
                    )}
                    {product.isGlutenFree && (
                      <Badge color="blue" variant="light" size="sm" tt="none">
                        GF
                      </Badge>
                    )}
                  </Group>
                </Table.Td>
                <Table.Td>
                  <Group gap={4} justify="flex-end" wrap="nowrap">
                    {!product.isActive && (
                      <Button
                        size="compact-sm"
                        variant="light"
                        leftSection={<IconPlayerPlay size={14} />}
                        onClick={() => reactivate(product)}
                        loading={update.isPending && update.variables?.id === product.id}
                        aria-label={`Reactivate ${product.name}`}
                      >
                        Reactivate
                      </Button>
                    )}
                    <ActionIcon
                      variant="subtle"
                      onClick={() => openEdit(product)}
                      aria-label={`Edit ${product.name}`}
                    >
                      <IconPencil size={16} />
                    </ActionIcon>
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      onClick={() => setDeleting(product)}
                      aria-label={`Delete ${product.name}`}
                    >
                      <IconTrash size={16} />
                    </ActionIcon>
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {query.data && (
        <AdminTablePager
          total={query.data.total}
          pageSize={ADMIN_PRODUCT_PAGE_SIZE}
          page={page}
          onPage={setPage}
          noun={['product', 'products']}
          testId="products-total"
        />
      )}
      <ProductFormDialog opened={formOpen} onClose={() => setFormOpen(false)} product={editing} />
      <DeleteProductDialog product={deleting} onClose={() => setDeleting(null)} />
    </Card>
  );
}
