/**
 * Catch weight in the order View dialog and on the picking list (issue 20 part B): staff type what a weighed line really
 * weighs at picking ('0.82' kg). The server keeps it within the product's tolerance (±10 %),
 * corrects the line and order totals and the stock; a weight another member of staff recorded
 * first is a 409, shown in the toast, and the dialog then shows theirs.
 */
import { useState, type FormEvent } from 'react';
import { Button, Group, TextInput } from '@mantine/core';
import { formatMoney, toleranceRange, weighingProblem, type AdminOrderItemDto } from '@shop/schema';
import { formatQuantity, parseQuantity, quantityNumber } from '../../../lib/measures';
import { toast } from '../../../lib/toast';
import { useRecordWeight } from '../api/use-order-management';
import { useReportError } from '../../../lib/use-admin-errors';

/** What the form needs of a line: the View dialog's and the picking list's lines both have it. */
type Item = Pick<
  AdminOrderItemDto,
  'id' | 'name' | 'quantity' | 'measureUnit' | 'weightTolerance' | 'weighedQuantity'
>;

export function RecordWeightForm({ orderId, item }: { orderId: string; item: Item }) {
  const unit = item.measureUnit;
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const record = useRecordWeight();
  const report = useReportError();
  const tolerance = item.weightTolerance ?? 0;
  const range = toleranceRange(item.quantity, tolerance);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const grams = parseQuantity(text, unit);
    const why =
      grams === null
        ? `Enter the weight in ${unit ?? 'units'}, like ${quantityNumber(item.quantity, unit)}`
        : weighingProblem(grams, item.quantity, tolerance, unit);
    setProblem(why);
    if (why || grams === null) return;
    record.mutate(
      { id: orderId, itemId: item.id, weighedQuantity: grams, expectedWeighedQuantity: item.weighedQuantity },
      {
        onSuccess: (updated) => {
          setText('');
          toast({
            title: 'Weight recorded',
            description: `${item.name} weighed ${formatQuantity(grams, unit)}: the order total is now ${formatMoney(updated.total, updated.currency)}.`,
          });
        },
        onError: (error) => report(error, { title: 'Failed to record the weight' }),
      },
    );
  };

  return (
    <form onSubmit={onSubmit} noValidate aria-label={`Record the weight of ${item.name}`}>
      <Group gap="xs" align="flex-start" wrap="nowrap">
        <TextInput
          size="xs"
          label={`Weighed (${unit})`}
          description={`${formatQuantity(range.min, unit)} to ${formatQuantity(range.max, unit)}`}
          inputMode="decimal"
          value={text}
          onChange={(e) => setText(e.currentTarget.value)}
          error={problem}
          w={170}
        />
        <Button size="xs" type="submit" mt={22} loading={record.isPending}>
          Record weight
        </Button>
      </Group>
    </form>
  );
}
