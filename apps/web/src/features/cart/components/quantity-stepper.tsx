/**
 * The − quantity + control of a product card and a cart line. It steps by the product's step and
 * says the unit ('0.75 kg'); pieces step by 1 as before (packages/schema measures.ts).
 */
import { ActionIcon, Group, Text } from '@mantine/core';
import { IconMinus, IconPlus } from '@tabler/icons-react';
import { stepQuantity, type QuantityRule } from '@shop/schema';
import { formatQuantity } from '../../../lib/measures';

interface Props {
  name: string;
  quantity: number;
  rule: QuantityRule;
  /** The next quantity; 0 when stepping below the minimum (the cart removes the line). */
  onChange: (quantity: number) => void;
  /** The card's stepper never goes below the minimum: it chooses how much to add. */
  keepMinimum?: boolean;
  testId?: string;
}

export function QuantityStepper({ name, quantity, rule, onChange, keepMinimum = false, testId }: Props) {
  const down = stepQuantity(quantity, rule, -1);
  const up = stepQuantity(quantity, rule, 1);
  return (
    <Group gap={6} wrap="nowrap">
      <ActionIcon
        variant="default"
        size="lg"
        aria-label={`Decrease quantity of ${name}`}
        disabled={keepMinimum && down === 0}
        onClick={() => onChange(down)}
      >
        <IconMinus size={16} />
      </ActionIcon>
      <Text miw={32} ta="center" fw={600} data-testid={testId} aria-live="polite">
        {formatQuantity(quantity, rule.measureUnit)}
      </Text>
      <ActionIcon
        variant="default"
        size="lg"
        aria-label={`Increase quantity of ${name}`}
        disabled={up === quantity}
        onClick={() => onChange(up)}
      >
        <IconPlus size={16} />
      </ActionIcon>
    </Group>
  );
}
