/**
 * The stock ledger's one writer. Every change of a product's stock — a staff edit, an order placed,
 * an order cancelled, an import — calls `recordStockMovements` in the SAME transaction as the
 * change itself, so a rolled-back change leaves no row and a committed one always has its row.
 *
 * A statement that changes stock and writes its ledger rows in the same statement (order
 * placement, where every round trip is time the product rows stay locked) builds its INSERT with
 * `insertStockMovementsSql`, so the rows are made the same way.
 *
 * Being the one place stock changes pass, the writer also announces them to open staff screens
 * (a live 'stock' event per product, sent once the transaction commits); order placement, which
 * does not call it, announces its own.
 */
import type { EntityManager } from 'typeorm';
import type { StockMovementSource } from '@shop/schema';
import { publishAfterCommit } from '../live-events';

export interface StockMovementRow {
  productId: string;
  /** The stock level before the change (>= 0). */
  quantityBefore: number;
  /** The stock level after the change (>= 0). */
  quantityAfter: number;
  source: StockMovementSource;
  /** Why (the Update Stock dialog's reason, a cancellation note…). */
  reason?: string | null;
  /** The order that caused it (source 'order' or 'cancellation'). */
  orderId?: string | null;
  /** Who made it: the staff member, or the customer who placed the order. */
  userId?: string | null;
  /** The lot received or expired (stock-lots.ts). */
  lotId?: string | null;
}

/**
 * Inserts one ledger row per movement (`change` = after − before) in one statement. Rows whose
 * level did not move are skipped. Call it with the transaction's EntityManager.
 *
 * The same statement reads each product's level and threshold as the transaction leaves them, for
 * the live 'stock' event — for unmoved rows too: a product edit may have changed the threshold
 * alone, and the staff screens show it.
 */
export async function recordStockMovements(
  tx: EntityManager,
  rows: readonly StockMovementRow[],
): Promise<void> {
  if (rows.length === 0) return;
  const levels: { productId: string; stock: number; lowStockThreshold: number }[] = await tx.query(
    `WITH ledger AS (
       ${insertStockMovementsSql(
         `(SELECT * FROM unnest($1::uuid[], $2::int[], $3::int[], $4::text[], $5::text[], $6::uuid[], $7::uuid[], $8::uuid[])
             WITH ORDINALITY AS m(product_id, quantity_before, quantity_after, source, reason, order_id, user_id, lot_id, n)
           ORDER BY m.n) s`,
         { source: 's.source', reason: 's.reason', orderId: 's.order_id', userId: 's.user_id', lotId: 's.lot_id' },
       )}
     )
     SELECT id AS "productId", stock, low_stock_threshold AS "lowStockThreshold"
     FROM products WHERE id = ANY($1::uuid[])
     ORDER BY id`,
    [
      rows.map((row) => row.productId),
      rows.map((row) => row.quantityBefore),
      rows.map((row) => row.quantityAfter),
      rows.map((row) => row.source),
      rows.map((row) => row.reason ?? null),
      rows.map((row) => row.orderId ?? null),
      rows.map((row) => row.userId ?? null),
      rows.map((row) => row.lotId ?? null),
    ],
  );
  publishAfterCommit(
    tx,
    levels.map((level) => ({ type: 'stock' as const, ...level })),
  );
}

/**
 * The ledger INSERT, the one way its rows are made: one row per row of `from`, which must name its
 * rows `s` with columns product_id, quantity_before and quantity_after; rows whose level did not
 * move are skipped. `source`, `reason`, `orderId`, `userId`, `lotId` and `createdAt` (default now()) are SQL expressions (a literal, a
 * parameter, a column of `s` or of another CTE in `from`). A statement that changes stock itself
 * (order placement) uses it as a data-modifying CTE.
 */
export function insertStockMovementsSql(
  from: string,
  values: { source: string; reason?: string; orderId: string; userId: string; lotId?: string; createdAt?: string },
): string {
  return `INSERT INTO stock_movements (product_id, quantity_before, quantity_after, change, source, reason, order_id, user_id, lot_id, created_at)
    SELECT s.product_id, s.quantity_before, s.quantity_after, s.quantity_after - s.quantity_before,
           ${values.source}, ${values.reason ?? 'NULL'}, ${values.orderId}, ${values.userId}, ${values.lotId ?? 'NULL'}, ${values.createdAt ?? 'now()'}
    FROM ${from}
    WHERE s.quantity_after <> s.quantity_before`;
}
