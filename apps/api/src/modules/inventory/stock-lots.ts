/**
 * Best-before lots (issue 21 part 2; docs/stock-lots.md; migration 1766900000000): the one place
 * that knows how a product's stock is split into lots.
 *
 * `products.stock` is the sellable stock every write guards; the open lots (`expired_at IS NULL`)
 * record which part of it goes off when; the rest (staff counts, imports, products made since) is
 * stock no lot records. So a write that moves stock moves lots here as well:
 *
 * - an order takes its quantity from the open, in-date lots first expiry first out and keeps
 *   where it came from (`fefoAllocationSql`, used by placement's one write statement);
 * - a cancellation puts it back into the same lots (`returnOrderLots`);
 * - weighing takes more or gives back (`allocateToLine`, `releaseFromLine`);
 * - a staff count or an import that lowers the stock trims the lots to it (`trimLotsToStock`),
 *   keeping the earliest dates: what is gone is taken from the stock not in a lot, then the undated and the latest lots.
 *
 * A lot leaves sellable stock the day after its date: at read time (`sellableStockSql`: the
 * storefront and placement subtract overdue lots) and for good when `expireDueLots` stamps it and
 * takes it off `products.stock` with a ledger row (the scheduled job, lot-expiry-job.ts, and every
 * staff write on the product first).
 *
 * Locks: every caller holds the product rows (`FOR UPDATE`, in id order) before it touches their
 * lots, as placement does, so lots never add a lock order of their own.
 */
import type { EntityManager } from 'typeorm';
import { recordStockMovements } from './stock-ledger';

/** Today in the shop's time zone (UTC, as delivery slots), in SQL. */
export const SHOP_TODAY_SQL = `(now() AT TIME ZONE 'UTC')::date`;

/** An open lot that may still be sold (its date, if any, is today or later). */
const IN_DATE = `l.expired_at IS NULL AND l.quantity > 0 AND (l.expires_on IS NULL OR l.expires_on >= ${SHOP_TODAY_SQL})`;

/**
 * The quantity of product `alias`'s open lots whose date has passed but that no expiry took off
 * yet: one probe of `stock_lots_open_idx` per product. Inline, not a SQL function: PostgreSQL
 * cannot inline a function with a FROM and calls it per row (storefront cache misses 508–516 req/s
 * inline against 421–470 as a function, 538 without lots: docs/benchmarks.md).
 */
export function overdueLotsSql(alias: string): string {
  return `COALESCE((SELECT sum(l.quantity) FROM stock_lots l
    WHERE l.product_id = ${alias}.id AND l.expired_at IS NULL AND l.quantity > 0
      AND l.expires_on < ${SHOP_TODAY_SQL}), 0)`;
}

/** Product `alias`'s sellable stock at read time: its stock less the lots gone off since the job last ran. */
export function sellableStockSql(alias: string): string {
  return `GREATEST(${alias}.stock - ${overdueLotsSql(alias)}, 0)::int`;
}

/** `fefo_lots`: the in-date open lots of the products in `wanted`, each with its running total `upto` in the order they are taken. */
function fefoLotsCte(wanted: string): string {
  return `fefo_lots AS (
    SELECT l.id, l.product_id, l.quantity,
           sum(l.quantity) OVER (PARTITION BY l.product_id ORDER BY l.expires_on, l.received_at, l.id) AS upto
    FROM stock_lots l
    WHERE l.product_id IN (SELECT w.id FROM ${wanted} w) AND ${IN_DATE}
  )`;
}

/**
 * CTEs `fefo_lots`, `fefo` and `fefo_taken`, which split each wanted (product, quantity) of `wanted`
 * (a FROM item with columns `id` and `quantity`) over the product's in-date open lots, earliest date
 * first (undated lots last, then by arrival), and take it from them: `fefo` has one row per lot used,
 * (lot_id, product_id, quantity). A quantity the lots do not cover comes from the stock not in a lot
 * and has no row.
 */
export function fefoAllocationSql(wanted: string): string {
  return `${fefoLotsCte(wanted)}, fefo AS (
    SELECT fl.id AS lot_id, fl.product_id, LEAST(fl.quantity, w.quantity - (fl.upto - fl.quantity))::int AS quantity
    FROM fefo_lots fl JOIN ${wanted} w ON w.id = fl.product_id
    WHERE fl.upto - fl.quantity < w.quantity
  ), fefo_taken AS (
    UPDATE stock_lots s SET quantity = s.quantity - f.quantity FROM fefo f WHERE s.id = f.lot_id
    RETURNING s.id
  )`;
}

/**
 * The same for a group of orders written together (orders/place-order-write.ts): `lines` has one row
 * per (order k, product) with its `quantity` and `upto`, the running total of the product's
 * quantities over k. Line k takes the units (upto - quantity, upto] of the product's lots laid end
 * to end earliest first, exactly what it would take written after orders 1..k-1: `fefo` is
 * (k, lot_id, product_id, quantity), and each lot is taken once, by the group's sum.
 */
export function fefoGroupAllocationSql(wanted: string, lines: string): string {
  return `${fefoLotsCte(wanted)}, fefo AS (
    SELECT s.k, fl.id AS lot_id, fl.product_id,
           (LEAST(fl.upto, s.upto) - GREATEST(fl.upto - fl.quantity, s.upto - s.quantity))::int AS quantity
    FROM ${lines} s JOIN fefo_lots fl ON fl.product_id = s.product_id
    WHERE LEAST(fl.upto, s.upto) > GREATEST(fl.upto - fl.quantity, s.upto - s.quantity)
  ), fefo_taken AS (
    UPDATE stock_lots s SET quantity = s.quantity - f.quantity
    FROM (SELECT lot_id, sum(quantity)::int AS quantity FROM fefo GROUP BY lot_id) f
    WHERE s.id = f.lot_id
    RETURNING s.id
  )`;
}

/** Takes `quantity` more for an order line from the product's lots, first expiry first out. */
export async function allocateToLine(
  tx: EntityManager,
  line: { orderItemId: string; productId: string },
  quantity: number,
): Promise<void> {
  if (quantity <= 0) return;
  await tx.query(
    `WITH wanted AS (SELECT $2::uuid AS id, $3::int AS quantity), ${fefoAllocationSql('wanted')}
     INSERT INTO order_item_lots (order_item_id, lot_id, quantity)
     SELECT $1, f.lot_id, f.quantity FROM fefo f
     ON CONFLICT (order_item_id, lot_id) DO UPDATE SET quantity = order_item_lots.quantity + EXCLUDED.quantity`,
    [line.orderItemId, line.productId, quantity],
  );
}

/**
 * Gives `quantity` of an order line back (weighed lighter than reserved): first the part no lot
 * covered (stock not in a lot), then the lots with the latest dates. Answers what went back into lots
 * that have expired meanwhile (written off, not sellable).
 */
export async function releaseFromLine(
  tx: EntityManager,
  line: { orderItemId: string; held: number },
  quantity: number,
): Promise<number> {
  if (quantity <= 0) return 0;
  const [row]: { written_off: number | null }[] = await tx.query(
    `WITH held AS (
       SELECT a.lot_id, a.quantity, l.expired_at,
              sum(a.quantity) OVER (ORDER BY l.expires_on DESC NULLS FIRST, l.received_at DESC, l.id DESC) AS upto,
              sum(a.quantity) OVER () AS allocated
       FROM order_item_lots a JOIN stock_lots l ON l.id = a.lot_id
       WHERE a.order_item_id = $1
     ), give AS (
       SELECT h.lot_id, h.expired_at,
              LEAST(h.quantity, GREATEST($2::int - ($3::int - h.allocated), 0) - (h.upto - h.quantity))::int AS quantity,
              h.quantity AS had
       FROM held h
     ), back AS (
       UPDATE stock_lots s SET quantity = s.quantity + g.quantity FROM give g
       WHERE s.id = g.lot_id AND g.quantity > 0
       RETURNING s.id
     ), emptied AS (
       DELETE FROM order_item_lots a USING give g
       WHERE a.order_item_id = $1 AND a.lot_id = g.lot_id AND g.quantity = g.had
     ), shrunk AS (
       UPDATE order_item_lots a SET quantity = a.quantity - g.quantity FROM give g
       WHERE a.order_item_id = $1 AND a.lot_id = g.lot_id AND g.quantity > 0 AND g.quantity < g.had
     )
     SELECT COALESCE(sum(g.quantity) FILTER (WHERE g.quantity > 0 AND g.expired_at IS NOT NULL), 0)::int AS written_off
     FROM give g`,
    [line.orderItemId, quantity, line.held],
  );
  return row?.written_off ?? 0;
}

/**
 * Puts every line of a cancelled order back into the lots it came from, and forgets where it came
 * from (a cancellation happens once); a line short at picking keeps its lots (its units were not there). Answers, per product, what went back into lots that have
 * expired meanwhile: written off, so the caller does not count it as sellable again.
 */
export async function returnOrderLots(tx: EntityManager, orderId: string): Promise<Map<string, number>> {
  const rows: { product_id: string; written_off: number }[] = await tx.query(
    `WITH back AS (
       SELECT a.lot_id, sum(a.quantity)::int AS quantity
       FROM order_item_lots a JOIN order_items i ON i.id = a.order_item_id
       WHERE i.order_id = $1 AND i.short_at IS NULL
       GROUP BY a.lot_id
     ), returned AS (
       UPDATE stock_lots l SET quantity = l.quantity + b.quantity FROM back b WHERE l.id = b.lot_id
       RETURNING l.product_id, b.quantity, l.expired_at IS NOT NULL AS gone
     ), cleared AS (
       DELETE FROM order_item_lots a USING order_items i
       WHERE i.id = a.order_item_id AND i.order_id = $1 AND i.short_at IS NULL
     )
     SELECT product_id, COALESCE(sum(quantity) FILTER (WHERE gone), 0)::int AS written_off
     FROM returned GROUP BY product_id`,
    [orderId],
  );
  return new Map(rows.map((row) => [row.product_id, row.written_off]));
}

/**
 * After a stock level was set lower (a staff count, an import), makes the open lots fit in it: the
 * earliest dates are kept, the rest trimmed (what went is taken from the stock not in a lot first).
 */
export async function trimLotsToStock(tx: EntityManager, productIds: readonly string[]): Promise<void> {
  if (productIds.length === 0) return;
  await tx.query(
    `WITH open AS (
       SELECT l.id, l.quantity, p.stock,
              sum(l.quantity) OVER (PARTITION BY l.product_id ORDER BY l.expires_on, l.received_at, l.id) AS upto
       FROM stock_lots l JOIN products p ON p.id = l.product_id
       WHERE l.product_id = ANY($1::uuid[]) AND l.expired_at IS NULL AND l.quantity > 0
     )
     UPDATE stock_lots s SET quantity = GREATEST(0, LEAST(o.quantity, o.stock - (o.upto - o.quantity)))
     FROM open o WHERE s.id = o.id AND o.upto > o.stock`,
    [productIds],
  );
}

/**
 * Stamps every open lot whose date has passed (of `productIds`, or of every product) and takes
 * what is left in it off its product's stock, with a ledger row per lot (source 'expiry'); staff
 * screens and the catalogue hear of the new levels. Locks the products first, in id order.
 * Answers how many lots expired.
 */
export async function expireDueLots(tx: EntityManager, productIds?: readonly string[]): Promise<number> {
  const scope = productIds ? 'AND l.product_id = ANY($1::uuid[])' : '';
  const params = productIds ? [productIds] : [];
  const locked: { id: string; stock: number }[] = await tx.query(
    `SELECT p.id, p.stock FROM products p
     WHERE p.id IN (SELECT l.product_id FROM stock_lots l
                    WHERE l.expired_at IS NULL AND l.quantity > 0 AND l.expires_on < ${SHOP_TODAY_SQL} ${scope})
     ORDER BY p.id FOR UPDATE OF p`,
    params,
  );
  if (locked.length === 0) return 0;
  const expired: {
    id: string;
    product_id: string;
    quantity: number;
    expires_on: string;
    date_kind: string;
  }[] = await tx.query(
    `WITH due AS (
         UPDATE stock_lots l SET expired_at = now()
         WHERE l.product_id = ANY($1::uuid[]) AND l.expired_at IS NULL AND l.quantity > 0
           AND l.expires_on < ${SHOP_TODAY_SQL}
         RETURNING l.id, l.product_id, l.quantity, to_char(l.expires_on, 'YYYY-MM-DD') AS expires_on, l.date_kind,
                   l.received_at
       )
       SELECT id, product_id, quantity, expires_on, date_kind FROM due ORDER BY product_id, received_at, id`,
    [locked.map((product) => product.id)],
  );
  const stock = new Map(locked.map((product) => [product.id, product.stock]));
  const movements = expired.map((lot) => {
    const before = stock.get(lot.product_id)!;
    const after = Math.max(0, before - lot.quantity);
    stock.set(lot.product_id, after);
    const kind = lot.date_kind === 'use_by' ? 'use by' : 'best before';
    return {
      productId: lot.product_id,
      quantityBefore: before,
      quantityAfter: after,
      source: 'expiry' as const,
      reason: `Lot past its ${kind} date (${lot.expires_on})`,
      lotId: lot.id,
    };
  });
  await tx.query(
    `UPDATE products p SET stock = s.stock, updated_at = now()
     FROM unnest($1::uuid[], $2::int[]) AS s(id, stock) WHERE p.id = s.id`,
    [[...stock.keys()], [...stock.values()]],
  );
  await recordStockMovements(tx, movements);
  return expired.length;
}
