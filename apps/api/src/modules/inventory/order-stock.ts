/**
 * What orders do to stock after they are placed, written by its owner: inventory is the only
 * writer of `products.stock` and `stock_movements` (docs/architecture.md "Modules"). Each function
 * takes the caller's transaction, expects the product rows locked by the caller where it says so,
 * moves the lots with the stock (stock-lots.ts) and writes the ledger row (stock-ledger.ts).
 *
 * Placing orders takes its stock inside the orders' one write statement instead; its part of that
 * statement is built here too (order-placement.sql.ts).
 */
import type { EntityManager } from 'typeorm';
import type { StockMovementSource } from '@shop/schema';
import { recordStockMovements } from './stock-ledger';
import { allocateToLine, releaseFromLine, returnOrderLots } from './stock-lots';

/** The ledger's facts about a change made for an order. */
export interface OrderStockMovement {
  source: Extract<StockMovementSource, 'order' | 'weighing'>;
  reason: string;
  orderId: string;
  userId: string | null;
}

/**
 * Changes what an order line holds of its product by `more`: taken (guarded: never below 0) when
 * positive, first expiry first out from the lots; given back when negative, into the lots it came
 * from. Answers false, with nothing changed, when the product has less than `more` in stock.
 */
export async function changeLineStock(
  tx: EntityManager,
  line: { orderItemId: string; productId: string; held: number },
  more: number,
  movement: OrderStockMovement,
): Promise<boolean> {
  if (more === 0) return true;
  const [moved]: { before: number; after: number }[] = await tx.query(
    // A SELECT over the UPDATE: TypeORM answers a bare UPDATE … RETURNING as [rows, count].
    `WITH moved AS (
       UPDATE products SET stock = stock - $2::int, updated_at = now()
       WHERE id = $1 AND stock >= $2::int
       RETURNING stock + $2::int AS before, stock AS after
     )
     SELECT before, after FROM moved`,
    [line.productId, more],
  );
  if (!moved) return false;
  if (more > 0) await allocateToLine(tx, { orderItemId: line.orderItemId, productId: line.productId }, more);
  else await releaseFromLine(tx, { orderItemId: line.orderItemId, held: line.held }, -more);
  await recordStockMovements(tx, [
    { productId: line.productId, quantityBefore: moved.before, quantityAfter: moved.after, ...movement },
  ]);
  return true;
}

/**
 * Puts a cancelled order's quantities back on the shelf (`lines`: per product, in product id
 * order, what left the stock), into the lots they came from, and records each in the ledger with
 * source 'cancellation'. Locks the products in id order (placement locks them in). What goes back
 * into a lot that has expired meanwhile is written off, not sellable again.
 */
export async function returnOrderStock(
  tx: EntityManager,
  order: {
    orderId: string;
    lines: readonly { productId: string; quantity: number }[];
    userId: string | null;
    note?: string;
  },
): Promise<void> {
  const { orderId, lines, userId, note } = order;
  if (lines.length === 0) return;
  const ids = lines.map((line) => line.productId);
  const before: { id: string; stock: number }[] = await tx.query(
    `SELECT id, stock FROM products WHERE id = ANY($1::uuid[]) ORDER BY id FOR UPDATE`,
    [ids],
  );
  const stockBefore = new Map(before.map((row) => [row.id, row.stock]));
  const writtenOff = await returnOrderLots(tx, orderId);
  const back = lines.map((line) => line.quantity - (writtenOff.get(line.productId) ?? 0));
  await tx.query(
    `UPDATE products p SET stock = p.stock + l.quantity, updated_at = now()
     FROM unnest($1::uuid[], $2::int[]) AS l(product_id, quantity)
     WHERE p.id = l.product_id`,
    [ids, back],
  );
  await recordStockMovements(
    tx,
    lines.map((line, i) => {
      const quantityBefore = stockBefore.get(line.productId) ?? 0;
      const lost = writtenOff.get(line.productId) ?? 0;
      const why = note ? `Order cancelled: ${note}` : 'Order cancelled';
      return {
        productId: line.productId,
        quantityBefore,
        quantityAfter: quantityBefore + back[i]!,
        source: 'cancellation' as const,
        reason: lost > 0 ? `${why} (${lost} back into an expired lot: written off)` : why,
        orderId,
        userId,
      };
    }),
  );
}
