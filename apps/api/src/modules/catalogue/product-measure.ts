/**
 * How a product is sold (issue 20 part B; packages/schema measures.ts): its measure columns as the
 * product reads select them, the DTO fields with the unit price the server computes, and the one
 * writer of those columns for the product form, the API and the CSV import. The product's other
 * columns are written by their own statements; this one follows them in the same transaction.
 */
import type { EntityManager } from 'typeorm';
import {
  PIECE_MEASURE,
  centsToDecimal,
  measureIssues,
  mergeMeasure,
  toCents,
  unitPriceOf,
  type MeasureUnit,
  type NetContentUnit,
  type ProductDto,
  type ProductMeasure,
  type ProductMeasureInput,
} from '@shop/schema';
import { BadRequestError } from '../../errors';

/** The measure columns, for a SELECT over `products p`. */
export const MEASURE_COLUMNS = `p.sold_by, p.measure_unit, p.quantity_step, p.min_quantity, p.max_quantity,
  p.net_content, p.net_content_unit, p.weight_tolerance`;

export interface MeasureRow {
  sold_by: string;
  measure_unit: string | null;
  quantity_step: number;
  min_quantity: number;
  max_quantity: number;
  net_content: number | null;
  net_content_unit: string | null;
  weight_tolerance: number | null;
}

export function toMeasure(row: MeasureRow): ProductMeasure {
  return {
    soldBy: row.sold_by === 'measure' ? 'measure' : 'piece',
    measureUnit: row.measure_unit as MeasureUnit | null,
    quantityStep: row.quantity_step,
    minQuantity: row.min_quantity,
    maxQuantity: row.max_quantity,
    netContent: row.net_content,
    netContentUnit: row.net_content_unit as NetContentUnit | null,
    weightTolerance: row.weight_tolerance,
  };
}

type MeasureDto = Pick<ProductDto, keyof ProductMeasure | 'unitPrice'>;

/** The DTO's measure fields and the comparable unit price, computed here so every view agrees. */
export function toMeasureDto(row: MeasureRow & { price: string }): MeasureDto {
  const measure = toMeasure(row);
  const unitPrice = unitPriceOf(toCents(row.price) ?? 0, measure);
  return {
    ...measure,
    unitPrice: unitPrice && { amount: centsToDecimal(unitPrice.cents), per: unitPrice.per },
  };
}

function pickMeasureInput(input: ProductMeasureInput): ProductMeasureInput {
  const picked: ProductMeasureInput = {};
  for (const key of Object.keys(PIECE_MEASURE) as (keyof ProductMeasure)[]) {
    if (input[key] !== undefined) (picked as Record<string, unknown>)[key] = input[key];
  }
  return picked;
}

/** The measure `input` makes over `current`, or 400 naming each field that disagrees. */
export function resolveMeasure(current: ProductMeasure, input: ProductMeasureInput): ProductMeasure {
  const measure = mergeMeasure(current, pickMeasureInput(input));
  const issues = measureIssues(measure);
  if (issues.length > 0) {
    throw new BadRequestError(
      issues[0]!.message,
      issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message })),
    );
  }
  return measure;
}

/**
 * Writes the measure fields `input` sets on product `id` (inside the caller's transaction), after
 * checking them together with what the product has: an edit that names none leaves them alone.
 */
export async function writeProductMeasure(
  tx: EntityManager,
  id: string,
  input: ProductMeasureInput,
): Promise<void> {
  const picked = pickMeasureInput(input);
  if (Object.keys(picked).length === 0) return;
  const [row]: MeasureRow[] = await tx.query(`SELECT ${MEASURE_COLUMNS} FROM products p WHERE p.id = $1`, [
    id,
  ]);
  const measure = resolveMeasure(row ? toMeasure(row) : PIECE_MEASURE, picked);
  await tx.query(
    `UPDATE products SET sold_by = $2, measure_unit = $3, quantity_step = $4, min_quantity = $5,
            max_quantity = $6, net_content = $7, net_content_unit = $8, weight_tolerance = $9
     WHERE id = $1`,
    [
      id,
      measure.soldBy,
      measure.measureUnit,
      measure.quantityStep,
      measure.minQuantity,
      measure.maxQuantity,
      measure.netContent,
      measure.netContentUnit,
      measure.weightTolerance,
    ],
  );
}
