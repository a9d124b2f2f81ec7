/**
 * An order line's quantity as bought, for My Orders and the admin order view: '3', '0.75 kg'; a
 * weighed line (catch weight) adds 'weighed: 0.82 kg' once staff recorded it at picking, and
 * before that the tolerance the shopper agreed to ('±10 % at picking').
 */
import { Stack, Text } from '@mantine/core';
import type { MeasureUnit } from '@shop/schema';
import { formatQuantity, toleranceLabel, weighedLabel } from '../lib/measures';

interface Props {
  quantity: number;
  measureUnit: MeasureUnit | null;
  weightTolerance: number | null;
  weighedQuantity: number | null;
}

export function LineQuantity({ quantity, measureUnit, weightTolerance, weighedQuantity }: Props) {
  return (
    <Stack gap={0} align="flex-end">
      <Text size="sm" data-testid="line-ordered-quantity">
        {formatQuantity(quantity, measureUnit)}
      </Text>
      {weighedQuantity !== null ? (
        <Text size="xs" fw={600} c="teal.9" data-testid="line-weighed">
          {weighedLabel(weighedQuantity, measureUnit)}
        </Text>
      ) : (
        weightTolerance !== null && (
          <Text size="xs" c="dimmed" data-testid="line-tolerance">
            {toleranceLabel(weightTolerance)} at picking
          </Text>
        )
      )}
    </Stack>
  );
}
