/**
 * The comparable unit price (EU Directive 98/6/EC) the server computed into the product DTO:
 * 'Unit price: $51.96 / kg'. Nothing for a piece without a stated net content.
 */
import { Text } from '@mantine/core';
import type { UnitPriceDto } from '@shop/schema';
import { unitPriceText } from '../../../lib/measures';

export function UnitPriceText({
  unitPrice,
  testId = 'unit-price',
}: {
  unitPrice: UnitPriceDto;
  testId?: string;
}) {
  const text = unitPriceText(unitPrice);
  if (!text) return null;
  return (
    <Text size="xs" c="dimmed" data-testid={testId}>
      {text}
    </Text>
  );
}
