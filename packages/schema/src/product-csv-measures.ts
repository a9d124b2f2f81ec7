/**
 * The CSV's sold-by columns (issue 20 part B), a block after the catalogue's own columns. Export
 * always writes them; on import they are optional (a file made before them still imports, and its
 * products keep how they are sold). Quantities are in the base unit, as stock is: grams,
 * millilitres or pieces (salmon: step 250, min 250, max 3000); blank cells are "none".
 */
import { MEASURE_UNITS, NET_CONTENT_UNITS, PIECE_MEASURE, SOLD_BY, type ProductMeasure } from './measures';
import { MEASURE_MESSAGES, measureIssues } from './measure-fields';

export const PRODUCT_CSV_MEASURE_COLUMNS = [
  'sold_by',
  'measure_unit',
  'quantity_step',
  'min_quantity',
  'max_quantity',
  'net_content',
  'net_content_unit',
  'weight_tolerance',
] as const;
export type ProductCsvMeasureColumn = (typeof PRODUCT_CSV_MEASURE_COLUMNS)[number];

/** A product's measure as its CSV cells. */
export function measureToCsv(measure: ProductMeasure): Record<ProductCsvMeasureColumn, string> {
  const text = (value: number | string | null) => (value === null ? '' : String(value));
  return {
    sold_by: measure.soldBy,
    measure_unit: text(measure.measureUnit),
    quantity_step: text(measure.quantityStep),
    min_quantity: text(measure.minQuantity),
    max_quantity: text(measure.maxQuantity),
    net_content: text(measure.netContent),
    net_content_unit: text(measure.netContentUnit),
    weight_tolerance: text(measure.weightTolerance),
  };
}

/** One row's sold-by cells → the measure, or the issues at their columns (the product form's messages). */
export function measureFromCsv(cells: Record<ProductCsvMeasureColumn, string>): {
  measure: ProductMeasure;
  issues: { path: string; message: string }[];
} {
  const issues: { path: string; message: string }[] = [];
  const cell = (column: ProductCsvMeasureColumn) => cells[column].trim();
  const oneOf = <T extends string>(
    column: ProductCsvMeasureColumn,
    allowed: readonly T[],
    message: string,
  ) => {
    const value = cell(column);
    if (value === '') return null;
    if (!(allowed as readonly string[]).includes(value)) issues.push({ path: column, message });
    return value as T;
  };
  const whole = (column: ProductCsvMeasureColumn, message: string, fallback: number | null) => {
    const value = cell(column);
    if (value === '') return fallback;
    if (!/^\d+$/.test(value) || Number(value) < 1) {
      issues.push({ path: column, message });
      return fallback;
    }
    return Number(value);
  };
  const measure: ProductMeasure = {
    soldBy: oneOf('sold_by', SOLD_BY, MEASURE_MESSAGES.soldBy) ?? 'piece',
    measureUnit: oneOf('measure_unit', MEASURE_UNITS, MEASURE_MESSAGES.measureUnit),
    quantityStep: whole('quantity_step', MEASURE_MESSAGES.quantityStep, PIECE_MEASURE.quantityStep)!,
    minQuantity: whole('min_quantity', MEASURE_MESSAGES.minQuantity, PIECE_MEASURE.minQuantity)!,
    maxQuantity: whole('max_quantity', MEASURE_MESSAGES.maxQuantity, PIECE_MEASURE.maxQuantity)!,
    netContent: whole('net_content', MEASURE_MESSAGES.netContent, null),
    netContentUnit: oneOf('net_content_unit', NET_CONTENT_UNITS, MEASURE_MESSAGES.netContent),
    weightTolerance: whole('weight_tolerance', MEASURE_MESSAGES.weightTolerance, null),
  };
  if (measure.weightTolerance !== null && measure.weightTolerance > 50) {
    issues.push({ path: 'weight_tolerance', message: MEASURE_MESSAGES.weightTolerance });
  }
  if (issues.length === 0) {
    const columnOf: Record<keyof ProductMeasure, ProductCsvMeasureColumn> = {
      soldBy: 'sold_by',
      measureUnit: 'measure_unit',
      quantityStep: 'quantity_step',
      minQuantity: 'min_quantity',
      maxQuantity: 'max_quantity',
      netContent: 'net_content',
      netContentUnit: 'net_content_unit',
      weightTolerance: 'weight_tolerance',
    };
    for (const issue of measureIssues(measure))
      issues.push({ path: columnOf[issue.path[0]!], message: issue.message });
  }
  return { measure, issues };
}
