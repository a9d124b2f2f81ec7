/**
 * The panel's Categories section (issue 19 item 1): every category with its picture, description,
 * product count and whether shoppers see it; Add Category, edit, delete (moving the products), and
 * the storefront's order with up and down buttons.
 */
import { keyboardScrollable } from '../../../theme';
import { useState } from 'react';
import { ActionIcon, Badge, Box, Button, Card, Group, Skeleton, Table, Text, Title } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import type { AdminCategoryDto } from '@shop/schema';
import { useStaffCategories } from '../api/use-admin-products';
import { useReorderCategories } from '../api/use-category-mutations';
import { useReportError, useUnauthorizedRedirect } from '../../../lib/use-admin-errors';
import { useAccess } from '../../auth';
import { CategoryFormDialog } from '../components/category-form-dialog';
import { DeleteCategoryDialog } from '../components/delete-category-dialog';
import { ProductThumb } from '../../../components/product-thumb';

/** The ids with the one at `index` swapped with its neighbour in `direction`. */
export function moved(ids: readonly string[], index: number, direction: -1 | 1): string[] {
  const next = [...ids];
  const other = index + direction;
  if (other < 0 || other >= next.length) return next;
  [next[index], next[other]] = [next[other]!, next[index]!];
  return next;
}

export function CategoriesSection() {
  const query = useStaffCategories();
  useUnauthorizedRedirect(query.error);
  const categories = query.data ?? [];
  const access = useAccess();
  const canCreate = access.can('categories:create');
  const canUpdate = access.can('categories:update');
  const canDelete = access.can('categories:delete');
  const [editing, setEditing] = useState<AdminCategoryDto | null>(null);
  const [formOpen, setFormOpen] = useState(false);
  const [deleting, setDeleting] = useState<AdminCategoryDto | null>(null);
  const reorder = useReorderCategories();
  const report = useReportError();

  const move = (index: number, direction: -1 | 1) =>
    reorder.mutate(
      {
        ids: moved(
          categories.map((c) => c.id),
          index,
          direction,
        ),
      },
      { onError: (error) => report(error, { title: 'Error' }) },
    );

  return (
    <Card withBorder radius="md" padding="md" data-testid="admin-categories">
      <Group justify="space-between" mb="md">
        <Box>
          <Title order={2} size="h3">
            Categories
          </Title>
          <Text size="sm" c="dimmed">
            Shoppers see the active categories in this order.
          </Text>
        </Box>
        {canCreate && (
          <Button
            leftSection={<IconPlus size={16} />}
            onClick={() => {
              setEditing(null);
              setFormOpen(true);
            }}
          >
            Add Category
          </Button>
        )}
      </Group>
      <Table.ScrollContainer minWidth={680} scrollAreaProps={keyboardScrollable}>
        <Table verticalSpacing="sm" highlightOnHover aria-label="Categories">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Order</Table.Th>
              <Table.Th>Category</Table.Th>
              <Table.Th>Products</Table.Th>
              <Table.Th>Status</Table.Th>
              <Table.Th ta="right">Actions</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {query.isLoading &&
              Array.from({ length: 5 }, (_, i) => (
                <Table.Tr key={i}>
                  <Table.Td colSpan={5}>
                    <Skeleton h={36} />
                  </Table.Td>
                </Table.Tr>
              ))}
            {query.isError && (
              <Table.Tr>
                <Table.Td colSpan={5}>
                  <Text c="red">The categories could not be loaded. Please try again.</Text>
                </Table.Td>
              </Table.Tr>
            )}
            {!query.isLoading && !query.isError && categories.length === 0 && (
              <Table.Tr>
                <Table.Td colSpan={5}>
                  <Text c="dimmed" ta="center" py="md">
                    No categories yet
                  </Text>
                </Table.Td>
              </Table.Tr>
            )}
            {categories.map((category, index) => (
              <Table.Tr key={category.id} data-testid="category-row" data-category-id={category.id}>
                <Table.Td>
                  <Group gap={2} wrap="nowrap">
                    <ActionIcon
                      variant="subtle"
                      disabled={!canUpdate || index === 0 || reorder.isPending}
                      onClick={() => move(index, -1)}
                      aria-label={`Move ${category.name} up`}
                    >
                      <IconArrowUp size={16} />
                    </ActionIcon>
                    <ActionIcon
                      variant="subtle"
                      disabled={!canUpdate || index === categories.length - 1 || reorder.isPending}
                      onClick={() => move(index, 1)}
                      aria-label={`Move ${category.name} down`}
                    >
                      <IconArrowDown size={16} />
                    </ActionIcon>
                  </Group>
                </Table.Td>
                <Table.Td>
                  <Group gap="sm" wrap="nowrap">
                    <ProductThumb src={category.imageUrl} name={category.name} />
                    <Box style={{ minWidth: 0 }}>
                      <Text fw={600} size="sm">
                        {category.name}
                      </Text>
                      <Text size="xs" c="dimmed" lineClamp={1} maw={360}>
                        {category.description}
                      </Text>
                    </Box>
                  </Group>
                </Table.Td>
                <Table.Td>
                  <Text size="sm" data-testid="category-product-count">
                    {category.productCount}
                  </Text>
                </Table.Td>
                <Table.Td>
                  {category.isActive ? (
                    <Badge color="green" variant="light" tt="none">
                      Active
                    </Badge>
                  ) : (
                    <Badge color="gray" variant="outline" tt="none">
                      Hidden
                    </Badge>
                  )}
                </Table.Td>
                <Table.Td>
                  <Group gap={4} justify="flex-end" wrap="nowrap">
                    {canUpdate && (
                      <ActionIcon
                        variant="subtle"
                        onClick={() => {
                          setEditing(category);
                          setFormOpen(true);
                        }}
                        aria-label={`Edit ${category.name}`}
                      >
                        <IconPencil size={16} />
                      </ActionIcon>
                    )}
                    {canDelete && (
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        onClick={() => setDeleting(category)}
                        aria-label={`Delete ${category.name}`}
                      >
                        <IconTrash size={16} />
                      </ActionIcon>
                    )}
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <CategoryFormDialog opened={formOpen} onClose={() => setFormOpen(false)} category={editing} />
      <DeleteCategoryDialog category={deleting} categories={categories} onClose={() => setDeleting(null)} />
    </Card>
  );
}
