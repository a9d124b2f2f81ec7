/**
 * Inventory's "To reorder" list (issue 21 item 5): the active products at or under their low-stock
 * alert, each with what the last 28 days sold and the quantity to buy in (the rule is
 * `suggestedReorderQuantity` in packages/schema), exportable as CSV for a supplier order. Stock
 * events refresh it with the rest of Inventory (features/live-events/staff-live-events.tsx).
 */
import { Button, Card, Group, Table, Text, Title } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { REORDER_WINDOW_DAYS } from '@shop/schema';
import { formatQuantity } from '../../../lib/measures';
import { useReorderList } from '../api/use-inventory';
import { TableStateRows } from '../../../components/staff/table-state-rows';

export function ReorderCard() {
  const reorder = useReorderList();
  const items = reorder.data ?? [];
  return (
    <Card withBorder radius="md" padding="md" mt="lg" data-testid="reorder-card">
      <Group justify="space-between" mb="xs" gap="sm">
        <Title order={2} size="h4">
          To reorder
        </Title>
        <Button
          component="a"
          href="/api/inventory/reorder.csv"
          download
          size="xs"
          variant="light"
          leftSection={<IconDownload size={14} />}
        >
          Export reorder list
        </Button>
      </Group>
      <Text size="sm" c="dimmed" mb="md">
        Products at or under their low stock alert. Suggested: what the last {REORDER_WINDOW_DAYS} days sold,
        on top of the alert level.
      </Text>
      <Table.ScrollContainer minWidth={600}>
        <Table verticalSpacing="xs" aria-label="To reorder">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Product</Table.Th>
              <Table.Th ta="right">Stock</Table.Th>
              <Table.Th ta="right">Low Stock Alert</Table.Th>
              <Table.Th ta="right">Sold ({REORDER_WINDOW_DAYS} days)</Table.Th>
              <Table.Th ta="right">Suggested</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            <TableStateRows query={reorder} rows={items.length} columns={5} empty="Nothing to reorder" />
            {items.map((item) => {
              const amount = (quantity: number) => formatQuantity(quantity, item.measureUnit);
              return (
                <Table.Tr key={item.id} data-testid="reorder-row" data-product-id={item.id}>
                  <Table.Td>
                    <Text size="sm" fw={600}>
                      {item.name}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {item.sku}
                    </Text>
                  </Table.Td>
                  <Table.Td ta="right">{amount(item.stock)}</Table.Td>
                  <Table.Td ta="right">{amount(item.lowStockThreshold)}</Table.Td>
                  <Table.Td ta="right">{amount(item.soldInWindow)}</Table.Td>
                  <Table.Td ta="right" fw={700} data-testid="reorder-suggested">
                    {amount(item.suggestedQuantity)}
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {items.length > 0 && (
        <Text size="xs" c="dimmed" mt="xs" data-testid="reorder-count">
          {items.length} {items.length === 1 ? 'product' : 'products'} to reorder
        </Text>
      )}
    </Card>
  );
}
