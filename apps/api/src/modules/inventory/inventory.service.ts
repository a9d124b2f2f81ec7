/**
 * Inventory: the low-stock list, the inventory cards, a product's stock history and the staff
 * stock / threshold update (docs/architecture.md §4: every staff change is recorded with who, why and when).
 */
import type {
  InventorySummaryDto,
  LowStockItemDto,
  StockHistoryInput,
  StockMovementDto,
  StockMovementSource,
} from '@shop/schema';
import { STOCK_HISTORY_DEFAULT_LIMIT } from '@shop/schema';
import type { EntityManager } from 'typeorm';
import type { ServiceContext } from '../../context';
import { assertExpectedStock, bumpEditVersion } from '../../edit-version';
import { NotFoundError } from '../../errors';
import { recordStockMovements } from './stock-ledger';
import { expireDueLots, trimLotsToStock } from './stock-lots';
import { publishAfterCommit } from '../live-events';

/** Active products at or under their low-stock threshold, lowest stock first. */
export async function listLowStock(ctx: ServiceContext): Promise<LowStockItemDto[]> {
  const rows: { id: string; name: string; stock: number }[] = await ctx.db.query(
    `SELECT id, name, stock FROM products
     WHERE is_active AND stock <= low_stock_threshold
     ORDER BY stock, name, id`,
  );
  return rows;
}

/**
 * The inventory cards over every product (the table lists inactive ones too), summed by the database.
 * Stock value: each product's stock (base units: pieces, g, ml) × its price per its price basis
 * (a piece; 1000 for a price per kg or L; 100 per 100 g or 100 ml: `priceBasisOf`,
 * packages/schema/src/measures.ts), rounded once per product half up to the cent like an order line
 * (`lineCents`), then summed. 34,250 g of salmon at $24.90 / kg is $852.83, not 34,250 × $24.90.
 */
export async function inventorySummary(ctx: ServiceContext): Promise<InventorySummaryDto> {
  const [row]: { total: string; low: string; out: string; value: string }[] = await ctx.db.query(
    `SELECT count(*) AS total,
            count(*) FILTER (WHERE stock <= low_stock_threshold) AS low,
            count(*) FILTER (WHERE stock = 0) AS out,
            COALESCE(SUM(round(price * stock / (CASE measure_unit WHEN 'kg' THEN 1000
                                                                   WHEN 'L' THEN 1000
                                                                   WHEN 'g' THEN 100
                                                                   WHEN 'ml' THEN 100
                                                                   ELSE 1 END), 2)), 0)::numeric(20, 2)::text AS value
     FROM products`,
  );
  return {
    totalProducts: Number(row!.total),
    lowStockItems: Number(row!.low),
    outOfStock: Number(row!.out),
    totalStockValue: row!.value,
  };
}

interface MovementRow {
  id: string;
  product_id: string;
  quantity_before: number;
  quantity_after: number;
  change: number;
  reason: string | null;
  source: StockMovementSource;
  order_id: string | null;
  user_id: string | null;
  email: string | null;
  first_name: string | null;
  last_name: string | null;
  created_at: Date;
}

export function actorName(row: {
  first_name: string | null;
  last_name: string | null;
  email: string | null;
}): string {
  return [row.first_name, row.last_name].filter(Boolean).join(' ') || row.email || 'Unknown';
}

/** A product's stock history, newest first. */
export async function stockHistory(
  ctx: ServiceContext,
  input: { productId: string; limit?: StockHistoryInput['limit'] },
): Promise<StockMovementDto[]> {
  const exists: unknown[] = await ctx.db.query(`SELECT 1 FROM products WHERE id = $1`, [input.productId]);
  if (exists.length === 0) throw new NotFoundError('Product');
  const rows: MovementRow[] = await ctx.db.query(
    `SELECT m.id, m.product_id, m.quantity_before, m.quantity_after, m.change, m.reason, m.source, m.order_id,
            m.user_id, u.email, u.first_name, u.last_name, m.created_at
     FROM stock_movements m
     LEFT JOIN users u ON u.id = m.user_id
     WHERE m.product_id = $1
     ORDER BY m.created_at DESC, m.id
     LIMIT $2`,
    [input.productId, input.limit ?? STOCK_HISTORY_DEFAULT_LIMIT],
  );
  return rows.map((row) => ({
    id: row.id,
    productId: row.product_id,
    quantityBefore: row.quantity_before,
    quantityAfter: row.quantity_after,
    change: row.change,
    reason: row.reason,
    source: row.source,
    orderId: row.order_id,
    user: row.user_id ? { id: row.user_id, name: actorName(row), email: row.email ?? '' } : null,
    createdAt: row.created_at.toISOString(),
  }));
}

export interface StockLevelsChange {
  id: string;
  stock?: number;
  /** The level the Update Stock dialog showed: the new one is set only if the stock is still that. */
  expectedStock?: number;
  lowStockThreshold?: number;
  reason?: string;
}

/**
 * Sets a product's stock level and/or threshold (the inventory screen's Update Stock dialog and
 * threshold buttons). The row is locked, so a concurrent order cannot slip between the read of the
 * old level and the write; the stock change and its ledger row commit together, and open staff
 * screens hear of the new level and threshold once they have. A level set from one that moved
 * meanwhile (`expectedStock`) is refused (409 STOCK_CHANGED, edit-version.ts). The threshold is a
 * field of the Edit Product form: changing it raises the product's edit version. `readCurrent`
 * reads the product as the caller shows it, for the 409's details (the catalogue's product DTO).
 */
export async function updateStockLevels(
  ctx: ServiceContext,
  input: StockLevelsChange,
  readCurrent: (tx: EntityManager) => Promise<unknown>,
): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    // Lots past their date leave the stock first: the dialog showed the sellable level.
    await expireDueLots(tx, [input.id]);
    const [current]: { stock: number }[] = await tx.query(
      `SELECT stock FROM products WHERE id = $1 FOR UPDATE`,
      [input.id],
    );
    if (!current) throw new NotFoundError('Product');
    if (input.stock !== undefined) {
      await assertExpectedStock(current, input.expectedStock, () => readCurrent(tx));
    }
    // In a CTE, so the driver answers the rows (a bare UPDATE answers [rows, count]).
    const [after]: { stock: number; low_stock_threshold: number }[] = await tx.query(
      `WITH updated AS (
         UPDATE products
         SET stock = COALESCE($2, stock), low_stock_threshold = COALESCE($3, low_stock_threshold), updated_at = now(),
             ${bumpEditVersion({ when: '$3::int IS NOT NULL' })}
         WHERE id = $1
         RETURNING stock, low_stock_threshold
       )
       SELECT stock, low_stock_threshold FROM updated`,
      [input.id, input.stock ?? null, input.lowStockThreshold ?? null],
    );
    // A threshold change alone moves no stock (no ledger row) but changes what the screens show.
    publishAfterCommit(tx, [
      {
        type: 'stock',
        productId: input.id,
        stock: after!.stock,
        lowStockThreshold: after!.low_stock_threshold,
      },
    ]);
    if (input.stock !== undefined) {
      await recordStockMovements(tx, [
        {
          productId: input.id,
          quantityBefore: current.stock,
          quantityAfter: input.stock,
          source: 'staff',
          reason: input.reason ?? null,
          userId: ctx.user?.id ?? null,
        },
      ]);
      if (input.stock < current.stock) await trimLotsToStock(tx, [input.id]);
    }
  });
}
