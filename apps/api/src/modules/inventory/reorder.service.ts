/**
 * Reorder points (issue 21 item 5): the products due for buying in, with a suggested quantity from
 * the last REORDER_WINDOW_DAYS of sales (`suggestedReorderQuantity` in packages/schema holds the
 * rule). Read by Inventory's "To reorder" list (`inventory.reorder`, GET /api/inventory/reorder)
 * and its CSV export (GET /api/inventory/reorder.csv).
 */
import { stringify } from 'csv-stringify/sync';
import type { EntityManager } from 'typeorm';
import {
  REORDER_WINDOW_DAYS,
  formatQuantity,
  neutraliseCsvFormula,
  suggestedReorderQuantity,
  type MeasureUnit,
  type ReorderItemDto,
} from '@shop/schema';

interface ReorderRow {
  id: string;
  sku: string;
  name: string;
  stock: number;
  low_stock_threshold: number;
  measure_unit: MeasureUnit | null;
  sold: number;
}

/**
 * Active products at or under their threshold, furthest under it first, each with what the window
 * sold: the order lines of orders placed in it and not cancelled, a weighed line at its weight.
 * Only the due products' lines are summed (order_items_product_id_idx).
 */
export async function reorderItems(db: EntityManager): Promise<ReorderItemDto[]> {
  const rows: ReorderRow[] = await db.query(
    `WITH due AS (
       SELECT id, sku, name, stock, low_stock_threshold, measure_unit FROM products
       WHERE is_active AND stock <= low_stock_threshold
     ),
     sold AS (
       SELECT i.product_id, sum(coalesce(i.weighed_quantity, i.quantity))::int AS sold
       FROM order_items i JOIN orders o ON o.id = i.order_id
       WHERE i.product_id IN (SELECT id FROM due)
         AND o.created_at >= now() - make_interval(days => $1)
         AND o.status <> 'cancelled'
       GROUP BY i.product_id
     )
     SELECT due.*, coalesce(sold.sold, 0) AS sold
     FROM due LEFT JOIN sold ON sold.product_id = due.id
     ORDER BY due.stock - due.low_stock_threshold, due.name, due.id`,
    [REORDER_WINDOW_DAYS],
  );
  return rows.map((row) => ({
    id: row.id,
    sku: row.sku,
    name: row.name,
    stock: row.stock,
    lowStockThreshold: row.low_stock_threshold,
    measureUnit: row.measure_unit,
    soldInWindow: row.sold,
    suggestedQuantity: suggestedReorderQuantity(row.stock, row.low_stock_threshold, row.sold),
  }));
}

export const REORDER_CSV_COLUMNS = [
  'sku',
  'name',
  'unit',
  'stock',
  'low_stock_threshold',
  `sold_last_${REORDER_WINDOW_DAYS}_days`,
  'suggested_quantity',
] as const;

/**
 * The list as a CSV file for a supplier order: quantities in the measure the shop shows ('0.75 kg'
 * reads 0.75 with unit kg), pieces as whole numbers with unit 'piece'.
 */
export function reorderCsv(items: readonly ReorderItemDto[]): string {
  const amount = (quantity: number, unit: MeasureUnit | null) =>
    unit ? formatQuantity(quantity, unit).split(' ')[0]! : String(quantity);
  return stringify(
    items.map((item) => [
      item.sku,
      item.name,
      item.measureUnit ?? 'piece',
      amount(item.stock, item.measureUnit),
      amount(item.lowStockThreshold, item.measureUnit),
      amount(item.soldInWindow, item.measureUnit),
      amount(item.suggestedQuantity, item.measureUnit),
    ]),
    // A name such as '=HYPERLINK(…)' is text in a spreadsheet, not a formula.
    { header: true, columns: [...REORDER_CSV_COLUMNS], cast: { string: neutraliseCsvFormula } },
  );
}
