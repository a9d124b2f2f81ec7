/**
 * The product form's "sold by" fields (issue 20 part B; packages/schema measures.ts): per piece or
 * by measure (kg, g, L, ml) with the step, minimum and maximum typed in that measure ('0.25' kg),
 * a pack's net content (for its unit price) and the catch-weight tolerance. Its own values and
 * body, so the product form only adds them to what it sends; the server checks the same rules
 * (`measureIssues`) and answers at the same fields.
 */
import { Group, SegmentedControl, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import {
  MEASURES,
  MEASURE_MESSAGES,
  MEASURE_UNITS,
  NET_CONTENT_UNITS,
  PIECE_MEASURE,
  measureIssues,
  type MeasureUnit,
  type NetContentUnit,
  type ProductMeasure,
  type ProductMeasureInput,
  type SoldBy,
} from '@shop/schema';
import { parseQuantity, quantityNumber } from '../../../lib/measures';

export interface MeasureFormValues {
  soldBy: SoldBy;
  measureUnit: MeasureUnit;
  quantityStep: string;
  minQuantity: string;
  maxQuantity: string;
  netContent: string;
  netContentUnit: NetContentUnit;
  weightTolerance: string;
}

export type MeasureErrors = Partial<Record<keyof ProductMeasure, string>>;

export function initialMeasureValues(product: ProductMeasure | null): MeasureFormValues {
  const measure = product ?? PIECE_MEASURE;
  const unit = measure.measureUnit;
  return {
    soldBy: measure.soldBy,
    measureUnit: unit ?? 'kg',
    quantityStep: quantityNumber(measure.quantityStep, unit),
    minQuantity: quantityNumber(measure.minQuantity, unit),
    maxQuantity: quantityNumber(measure.maxQuantity, unit),
    netContent: measure.netContent === null ? '' : String(measure.netContent),
    netContentUnit: measure.netContentUnit ?? 'g',
    weightTolerance: measure.weightTolerance === null ? '' : String(measure.weightTolerance),
  };
}

/** The measure body the form sends, or the fields it cannot read (with the spec-style messages). */
export function toMeasureBody(values: MeasureFormValues): {
  body: ProductMeasureInput;
  errors: MeasureErrors;
} {
  const unit = values.soldBy === 'measure' ? values.measureUnit : null;
  const errors: MeasureErrors = {};
  const quantity = (field: 'quantityStep' | 'minQuantity' | 'maxQuantity') => {
    const value = parseQuantity(values[field], unit);
    if (value === null || value < 1) errors[field] = MEASURE_MESSAGES[field];
    return value ?? 1;
  };
  const netContent = values.netContent.trim() === '' ? null : parseQuantity(values.netContent, null);
  if (netContent === 0 || (values.netContent.trim() !== '' && netContent === null)) {
    errors.netContent = MEASURE_MESSAGES.netContent;
  }
  const tolerance = values.weightTolerance.trim() === '' ? null : parseQuantity(values.weightTolerance, null);
  if (values.weightTolerance.trim() !== '' && (tolerance === null || tolerance < 1 || tolerance > 50)) {
    errors.weightTolerance = MEASURE_MESSAGES.weightTolerance;
  }
  const measure: ProductMeasure = {
    soldBy: values.soldBy,
    measureUnit: unit,
    quantityStep: quantity('quantityStep'),
    minQuantity: quantity('minQuantity'),
    maxQuantity: quantity('maxQuantity'),
    netContent: netContent || null,
    netContentUnit: netContent ? values.netContentUnit : null,
    weightTolerance: unit ? tolerance : null,
  };
  for (const issue of measureIssues(measure)) {
    const field = issue.path[0]!;
    errors[field] ??= issue.message;
  }
  return { body: measure, errors };
}

interface Props {
  values: MeasureFormValues;
  errors: MeasureErrors;
  onChange: (values: MeasureFormValues) => void;
}

export function ProductMeasureFields({ values, errors, onChange }: Props) {
  const set = <K extends keyof MeasureFormValues>(key: K, value: MeasureFormValues[K]) =>
    onChange({ ...values, [key]: value });
  const byMeasure = values.soldBy === 'measure';
  const unitLabel = byMeasure ? values.measureUnit : 'pieces';
  return (
    <Stack gap="xs" data-testid="product-measure-fields">
      <Group gap="md" align="flex-end">
        <div>
          <Text size="sm" fw={500} id="sold-by-label">
            Sold by
          </Text>
          <SegmentedControl
            aria-labelledby="sold-by-label"
            value={values.soldBy}
            onChange={(value) => set('soldBy', value as SoldBy)}
            data={[
              { value: 'piece', label: 'Piece' },
              { value: 'measure', label: 'Weight or measure' },
            ]}
          />
        </div>
        {byMeasure && (
          <Select
            label="Measure"
            w={120}
            data={MEASURE_UNITS.map((unit) => ({ value: unit, label: unit }))}
            value={values.measureUnit}
            onChange={(value) => value && set('measureUnit', value as MeasureUnit)}
            error={errors.measureUnit}
            allowDeselect={false}
            comboboxProps={{ withinPortal: true }}
          />
        )}
      </Group>
      <SimpleGrid cols={{ base: 1, xs: 3 }}>
        <TextInput
          label={`Step (${unitLabel})`}
          inputMode="decimal"
          value={values.quantityStep}
          onChange={(e) => set('quantityStep', e.currentTarget.value)}
          error={errors.quantityStep}
        />
        <TextInput
          label={`Minimum (${unitLabel})`}
          inputMode="decimal"
          value={values.minQuantity}
          onChange={(e) => set('minQuantity', e.currentTarget.value)}
          error={errors.minQuantity}
        />
        <TextInput
          label={`Maximum (${unitLabel})`}
          inputMode="decimal"
          value={values.maxQuantity}
          onChange={(e) => set('maxQuantity', e.currentTarget.value)}
          error={errors.maxQuantity}
        />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, xs: 3 }}>
        <TextInput
          label="Net content"
          description="Of a pack, for its unit price"
          inputMode="numeric"
          value={values.netContent}
          onChange={(e) => set('netContent', e.currentTarget.value)}
          error={errors.netContent}
        />
        <Select
          label="Net content unit"
          description="Grams or millilitres"
          data={NET_CONTENT_UNITS.map((unit) => ({ value: unit, label: unit }))}
          value={values.netContentUnit}
          onChange={(value) => value && set('netContentUnit', value as NetContentUnit)}
          allowDeselect={false}
          comboboxProps={{ withinPortal: true }}
        />
        {byMeasure && (
          <TextInput
            label="Weight tolerance (%)"
            description="Weighed at picking: blank if not"
            inputMode="numeric"
            value={values.weightTolerance}
            onChange={(e) => set('weightTolerance', e.currentTarget.value)}
            error={errors.weightTolerance}
          />
        )}
      </SimpleGrid>
      {byMeasure && (
        <Text size="xs" c="dimmed">
          Price is per {MEASURES[values.measureUnit].priceLabel}; Stock and Low Stock Alert are in{' '}
          {MEASURES[values.measureUnit].base}.
        </Text>
      )}
    </Stack>
  );
}
