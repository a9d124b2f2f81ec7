/**
 * The zod side of sold-by-measure (issue 20 part B): the product DTO's measure fields and unit
 * price, the product form's and CSV's measure fields with their messages, and the catch-weight
 * input. The rules themselves are in measures.ts.
 */
import { z } from 'zod';
import {
  MAX_BASE_QUANTITY,
  MAX_WEIGHT_TOLERANCE,
  MEASURE_UNITS,
  NET_CONTENT_UNITS,
  PIECE_MEASURE,
  SOLD_BY,
  type ProductMeasure,
} from './measures';

const MoneyAmount = z.string().regex(/^\d{1,12}\.\d{2}$/);

/** The comparable unit price on the wire: `{ amount: '99.96', per: 'kg' }`, or null when none applies. */
export const UnitPriceDto = z
  .object({ amount: MoneyAmount, per: z.enum(['kg', 'L', '100 g', '100 ml']) })
  .nullable();
export type UnitPriceDto = z.infer<typeof UnitPriceDto>;

/** The measure fields every product view carries, with the unit price the server computed. */
export const PRODUCT_MEASURE_DTO_SHAPE = {
  soldBy: z.enum(SOLD_BY),
  measureUnit: z.enum(MEASURE_UNITS).nullable(),
  quantityStep: z.number().int().min(1),
  minQuantity: z.number().int().min(1),
  maxQuantity: z.number().int().min(1),
  netContent: z.number().int().min(1).nullable(),
  netContentUnit: z.enum(NET_CONTENT_UNITS).nullable(),
  weightTolerance: z.number().int().min(1).max(MAX_WEIGHT_TOLERANCE).nullable(),
  unitPrice: UnitPriceDto,
};

/** The product form's and CSV's measure messages (in the style of docs/product.md §5). */
export const MEASURE_MESSAGES = {
  soldBy: 'Sold by must be piece or measure',
  measureUnit: 'Measure is required when sold by measure (kg, g, L or ml)',
  measureForPiece: 'Measure is only set when sold by measure',
  quantityStep: 'Step must be a whole number of at least 1',
  minQuantity: 'Minimum must be a multiple of the step',
  maxQuantity: 'Maximum must be a multiple of the step and at least the minimum',
  netContent: 'Net content must be a whole number of at least 1, with its unit (g or ml)',
  weightTolerance: `Tolerance must be a whole percent from 1 to ${MAX_WEIGHT_TOLERANCE}, and only when sold by measure`,
} as const;

const baseQuantity = (message: string) =>
  z.number(message).int(message).min(1, message).max(MAX_BASE_QUANTITY, message);

/**
 * The measure fields of the product form, `POST`/`PUT /api/products` and the CSV import. Each is
 * optional: a new product without them is a piece sold 1 to 1000 at a time; an edit without them keeps
 * what the product has. `measureIssues` checks the whole (the fields depend on each other).
 */
export const PRODUCT_MEASURE_INPUT_SHAPE = {
  soldBy: z.enum(SOLD_BY, MEASURE_MESSAGES.soldBy).optional(),
  measureUnit: z.enum(MEASURE_UNITS, MEASURE_MESSAGES.measureUnit).nullable().optional(),
  quantityStep: baseQuantity(MEASURE_MESSAGES.quantityStep).optional(),
  minQuantity: baseQuantity(MEASURE_MESSAGES.minQuantity).optional(),
  maxQuantity: baseQuantity(MEASURE_MESSAGES.maxQuantity).optional(),
  netContent: baseQuantity(MEASURE_MESSAGES.netContent).nullable().optional(),
  netContentUnit: z.enum(NET_CONTENT_UNITS, MEASURE_MESSAGES.netContent).nullable().optional(),
  weightTolerance: z
    .number(MEASURE_MESSAGES.weightTolerance)
    .int(MEASURE_MESSAGES.weightTolerance)
    .min(1, MEASURE_MESSAGES.weightTolerance)
    .max(MAX_WEIGHT_TOLERANCE, MEASURE_MESSAGES.weightTolerance)
    .nullable()
    .optional(),
};
export type ProductMeasureInput = Partial<ProductMeasure>;

/** The fields a measure input sets over `current` (a new product: PIECE_MEASURE). */
export function mergeMeasure(current: ProductMeasure, input: ProductMeasureInput): ProductMeasure {
  const soldBy = input.soldBy ?? current.soldBy;
  const merged: ProductMeasure = { ...current };
  for (const key of Object.keys(PIECE_MEASURE) as (keyof ProductMeasure)[]) {
    if (input[key] !== undefined) (merged as unknown as Record<string, unknown>)[key] = input[key];
  }
  // Switching to pieces drops the measure and the tolerance, which pieces cannot have.
  if (soldBy === 'piece' && input.soldBy === 'piece') {
    if (input.measureUnit === undefined) merged.measureUnit = null;
    if (input.weightTolerance === undefined) merged.weightTolerance = null;
  }
  return merged;
}

/** Every way the measure fields disagree with each other, each at its field. */
export function measureIssues(
  measure: ProductMeasure,
): { path: (keyof ProductMeasure)[]; message: string }[] {
  const issues: { path: (keyof ProductMeasure)[]; message: string }[] = [];
  const add = (field: keyof ProductMeasure, message: string) => issues.push({ path: [field], message });
  if (measure.soldBy === 'measure' && !measure.measureUnit) add('measureUnit', MEASURE_MESSAGES.measureUnit);
  if (measure.soldBy === 'piece' && measure.measureUnit) add('measureUnit', MEASURE_MESSAGES.measureForPiece);
  const step = measure.quantityStep;
  if (measure.minQuantity % step !== 0) add('minQuantity', MEASURE_MESSAGES.minQuantity);
  if (measure.maxQuantity % step !== 0 || measure.maxQuantity < measure.minQuantity) {
    add('maxQuantity', MEASURE_MESSAGES.maxQuantity);
  }
  if ((measure.netContent === null) !== (measure.netContentUnit === null)) {
    add('netContent', MEASURE_MESSAGES.netContent);
  }
  if (measure.weightTolerance !== null && measure.soldBy !== 'measure') {
    add('weightTolerance', MEASURE_MESSAGES.weightTolerance);
  }
  return issues;
}

// ---------------------------------------------------------------------------------------------
// Catch weight: staff record a line's weight at picking
// ---------------------------------------------------------------------------------------------

/**
 * `orderManagement.recordWeight` (`PATCH /api/orders/:id/items/:itemId/weight`): the weight in base
 * units (grams), and the weight the dialog showed (`expectedWeighedQuantity`: null when the line was
 * not weighed yet) so two staff weighing the same line at once cannot both win (409 the second).
 */
export const RecordWeightInput = z.strictObject({
  id: z.uuid('id must be a uuid'),
  itemId: z.uuid('itemId must be a uuid'),
  weighedQuantity: baseQuantity('weighedQuantity must be a whole number of grams or millilitres, at least 1'),
  expectedWeighedQuantity: baseQuantity('expectedWeighedQuantity must be a whole number or null').nullable(),
});
export type RecordWeightInput = z.infer<typeof RecordWeightInput>;

/** The order line fields of measure and catch weight, for shoppers and staff alike. */
export const ORDER_LINE_MEASURE_SHAPE = {
  measureUnit: z.enum(MEASURE_UNITS).nullable(),
  weightTolerance: z.number().int().nullable(),
  /** The weight recorded at picking (base units), or null: the total then follows the ordered quantity. */
  weighedQuantity: z.number().int().nullable(),
};
