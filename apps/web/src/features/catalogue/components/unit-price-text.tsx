/**
 * The comparable unit price (EU Directive 98/6/EC) the server computed into the product DTO:
 * 'Unit price: $51.96 / kg'. Nothing for a piece without a stated net content.
 */
import { Text } from '@mantine/core';
import { formatMoney, type UnitPriceDto } from '@shop/schema';

export function UnitPriceText({
  unitPrice,
  testId = 'unit-price',
}: {
  unitPrice: UnitPriceDto;
  testId?: string;
}) {
  if (!unitPrice) return null;
  return (
    <Text size="xs" c="dimmed" data-testid={testId}>
      Unit price: {formatMoney(unitPrice.amount)} / {unitPrice.per}
    </Text>
  );
}
