/**
 * Inventory's "Expiring soon" list (docs/stock-lots.md): the lots whose best-before or use-by date
 * falls in the next N days, soonest first, each with a markdown suggestion (`markdownPercent` in
 * packages/schema: the closer the date, the deeper) so it sells before it must be thrown away.
 * Stock events refresh it with the rest of Inventory.
 */
import { Badge, Card, Group, SegmentedControl, Table, Text, Title } from '@mantine/core';
import { LOT_DATE_KIND_LABEL, formatMoney } from '@shop/schema';
import { formatQuantity } from '../../../lib/measures';
import { useState } from 'react';
import { useExpiringLots } from '../api/use-inventory';
import { daysLeftText } from './lots-dialog';
import { TableStateRows } from '../../../components/staff/table-state-rows';

const WINDOWS = ['3', '7', '14'] as const;

export function ExpiringCard() {
  const [days, setDays] = useState<(typeof WINDOWS)[number]>('7');
  const expiring = useExpiringLots(Number(days));
  const lots = expiring.data ?? [];
  return (
    <Card withBorder radius="md" padding="md" mt="lg" data-testid="expiring-card">
      <Group justify="space-between" mb="xs" gap="sm">
        <Title order={2} size="h4">
          Expiring soon
        </Title>
        <SegmentedControl
          size="xs"
          aria-label="Days ahead"
          value={days}
          onChange={(value) => setDays(value as (typeof WINDOWS)[number])}
          data={WINDOWS.map((value) => ({ value, label: `${value} days` }))}
        />
      </Group>
      <Text size="sm" c="dimmed" mb="md">
        Lots whose date falls in the next {days} days, soonest first, with the markdown suggested to sell them
        in time.
      </Text>
      <Table.ScrollContainer minWidth={640}>
        <Table verticalSpacing="xs" aria-label="Expiring soon">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Product</Table.Th>
              <Table.Th>Date</Table.Th>
              <Table.Th>Goes off</Table.Th>
              <Table.Th ta="right">Left</Table.Th>
              <Table.Th ta="right">Suggested markdown</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            <TableStateRows
              query={expiring}
              rows={lots.length}
              columns={5}
              empty={`Nothing expires in the next ${days} days`}
            />
            {lots.map((lot) => (
              <Table.Tr key={lot.id} data-testid="expiring-row" data-product-id={lot.productId}>
                <Table.Td>
                  <Text size="sm" fw={600}>
                    {lot.productName}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {lot.sku}
                    {lot.batchCode && ` · batch ${lot.batchCode}`}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Text size="sm">
                    {LOT_DATE_KIND_LABEL[lot.dateKind]} {lot.expiresOn}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Badge
                    color={lot.daysLeft !== null && lot.daysLeft <= 1 ? 'red' : 'orange'}
                    variant="light"
                    tt="none"
                  >
                    {daysLeftText(lot)}
                  </Badge>
                </Table.Td>
                <Table.Td ta="right">
                  <Text size="sm">{formatQuantity(lot.quantity, lot.measureUnit)}</Text>
                </Table.Td>
                <Table.Td ta="right">
                  <Text size="sm" data-testid="expiring-markdown">
                    {lot.markdownPercent}% off: {formatMoney(lot.price)} → {formatMoney(lot.markdownPrice)}
                  </Text>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Card>
  );
}
