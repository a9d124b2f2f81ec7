/** A product's stock history: every change from the ledger, with who, why and when. */
import { Badge, Modal, ScrollArea, Skeleton, Stack, Table, Text } from '@mantine/core';
import { STOCK_MOVEMENT_SOURCE_LABEL, type AdminProductDto } from '@shop/schema';
import { useStockHistory } from '../api/use-inventory';
import { stockChangeText, stockText } from '../../../lib/measures';
import { useUnauthorizedRedirect } from '../../../lib/use-admin-errors';

export function StockHistoryDialog({
  product,
  onClose,
}: {
  product: AdminProductDto | null;
  onClose: () => void;
}) {
  const history = useStockHistory(product?.id ?? null);
  useUnauthorizedRedirect(history.error);
  return (
    <Modal
      opened={!!product}
      onClose={onClose}
      title={`Stock history — ${product?.name ?? ''}`}
      size="xl"
      centered
    >
      {history.isLoading ? (
        <Stack gap="xs">
          {Array.from({ length: 4 }, (_, i) => (
            <Skeleton key={i} h={28} />
          ))}
        </Stack>
      ) : history.isError ? (
        <Text c="red">The history could not be loaded. Please try again.</Text>
      ) : !history.data?.length ? (
        <Text c="dimmed">No stock changes recorded yet.</Text>
      ) : (
        <ScrollArea.Autosize mah={420}>
          <Table verticalSpacing="xs" aria-label="Stock history">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>When</Table.Th>
                <Table.Th>Change</Table.Th>
                <Table.Th>Stock</Table.Th>
                <Table.Th>Source</Table.Th>
                <Table.Th>Reason</Table.Th>
                <Table.Th>By</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {history.data.map((movement) => (
                <Table.Tr key={movement.id} data-testid="stock-movement">
                  <Table.Td>
                    <Text size="sm">{new Date(movement.createdAt).toLocaleString()}</Text>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm" fw={600} c={movement.change >= 0 ? 'green.8' : 'red.7'}>
                      {stockChangeText(movement.change, product?.measureUnit)}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">
                      {stockText(movement.quantityBefore, product?.measureUnit)} →{' '}
                      {stockText(movement.quantityAfter, product?.measureUnit)}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Badge variant="light" color="gray" tt="none">
                      {STOCK_MOVEMENT_SOURCE_LABEL[movement.source]}
                    </Badge>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{movement.reason ?? '—'}</Text>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{movement.user?.name ?? '—'}</Text>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollArea.Autosize>
      )}
    </Modal>
  );
}
