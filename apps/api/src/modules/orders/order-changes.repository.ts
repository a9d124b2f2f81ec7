/**
 * The orders module's writes after placement: the statements the workflows (workflows/) make on the
 * orders' own tables (`orders`, `order_items`, `order_status_history`). Each takes the workflow's
 * transaction; the workflows hold no SQL of their own.
 */
import type { EntityManager } from 'typeorm';
import type { MeasureUnit, OrderStatus, PaymentMethod, Substitution } from '@shop/schema';

// ─── Status changes ─────────────────────────────────────────────────────────────────────────────

/** The order as a status change reads it, locked. */
export interface LockedOrder {
  status: OrderStatus;
  payment_method: PaymentMethod;
  payment_status: string;
  user_id: string;
}

/** Locks the order row (FOR UPDATE); null when there is none. */
export async function lockOrderForStatus(tx: EntityManager, orderId: string): Promise<LockedOrder | null> {
  const [order]: LockedOrder[] = await tx.query(
    `SELECT status, payment_method, payment_status, user_id FROM orders WHERE id = $1 FOR UPDATE`,
    [orderId],
  );
  return order ?? null;
}

export async function setOrderStatus(
  tx: EntityManager,
  orderId: string,
  status: OrderStatus,
  paymentStatus: string,
): Promise<void> {
  await tx.query(`UPDATE orders SET status = $2, payment_status = $3, updated_at = now() WHERE id = $1`, [
    orderId,
    status,
    paymentStatus,
  ]);
}

/**
 * The timeline's row of a status change. Stamped with clock_timestamp(), not now() (the
 * transaction's start): a change that waited for another one's row lock is stamped after it, so the
 * timeline lists them in the order they happened.
 */
export async function recordStatusChange(
  tx: EntityManager,
  change: { orderId: string; from: OrderStatus; to: OrderStatus; note: string | null; by: string | null },
): Promise<void> {
  await tx.query(
    `INSERT INTO order_status_history (order_id, from_status, to_status, note, changed_by, created_at)
     VALUES ($1, $2, $3, $4, $5, clock_timestamp())`,
    [change.orderId, change.from, change.to, change.note, change.by],
  );
}

/** A note on the timeline that leaves the status as it is (a line short or substituted at picking). */
export async function recordTimelineNote(
  tx: EntityManager,
  note: { orderId: string; status: OrderStatus; note: string; by: string | null },
): Promise<void> {
  await tx.query(
    `INSERT INTO order_status_history (order_id, from_status, to_status, note, changed_by) VALUES ($1, $2, $2, $3, $4)`,
    [note.orderId, note.status, note.note, note.by],
  );
}

/**
 * What left the stock for an order, per product in product id order: a weighed line what was
 * weighed (catch weight), a line short at picking nothing (its units were not on the shelf).
 */
export async function quantitiesTaken(
  tx: EntityManager,
  orderId: string,
): Promise<{ productId: string; quantity: number }[]> {
  return tx.query(
    `SELECT product_id AS "productId", SUM(COALESCE(weighed_quantity, quantity))::int AS quantity FROM order_items
     WHERE order_id = $1 AND short_at IS NULL GROUP BY product_id ORDER BY product_id`,
    [orderId],
  );
}

// ─── Weighing ───────────────────────────────────────────────────────────────────────────────────

/** An order line as weighing reads it. */
export interface LineToWeigh {
  id: string;
  product_id: string;
  quantity: number;
  price: string;
  measure_unit: MeasureUnit | null;
  weight_tolerance: number | null;
  weighed_quantity: number | null;
}

/** The order's lines, in the order they were added (the order row is locked by the caller). */
export async function linesToWeigh(tx: EntityManager, orderId: string): Promise<LineToWeigh[]> {
  return tx.query(
    `SELECT id, product_id, quantity, price::text AS price, measure_unit, weight_tolerance, weighed_quantity
     FROM order_items WHERE order_id = $1 ORDER BY created_at, id`,
    [orderId],
  );
}

export async function setLineWeight(
  tx: EntityManager,
  lineId: string,
  weighedQuantity: number,
): Promise<void> {
  await tx.query(`UPDATE order_items SET weighed_quantity = $2, weighed_at = now() WHERE id = $1`, [
    lineId,
    weighedQuantity,
  ]);
}

// ─── Lines short, substitutes ───────────────────────────────────────────────────────────────────

/** An order line as marking it short reads it. */
export interface ShortLine {
  id: string;
  product_id: string;
  product_name: string;
  quantity: number;
  price: string;
  measure_unit: MeasureUnit | null;
  substitution: Substitution;
  substitute_product_id: string | null;
  short_at: Date | null;
}

/** Line `lineId` of order `orderId`; null when the order has no such line. */
export async function lineOfOrder(
  tx: EntityManager,
  orderId: string,
  lineId: string,
): Promise<ShortLine | null> {
  const [line]: ShortLine[] = await tx.query(
    `SELECT id, product_id, product_name, quantity, price::text AS price, measure_unit, substitution,
            substitute_product_id, short_at
     FROM order_items WHERE id = $1 AND order_id = $2`,
    [lineId, orderId],
  );
  return line ?? null;
}

export async function setLineShort(tx: EntityManager, lineId: string, by: string | null): Promise<void> {
  await tx.query(`UPDATE order_items SET short_at = now(), short_by = $2 WHERE id = $1`, [lineId, by]);
}

/** Adds the line that stands in for `replaces` (no substitution of its own); answers its id. */
export async function insertSubstituteLine(
  tx: EntityManager,
  line: {
    orderId: string;
    productId: string;
    quantity: number;
    price: string;
    name: string;
    sku: string;
    unit: string;
    measureUnit: MeasureUnit | null;
    weightTolerance: number | null;
    replaces: string;
  },
): Promise<string> {
  const [added]: { id: string }[] = await tx.query(
    `INSERT INTO order_items (order_id, product_id, quantity, price, product_name, product_sku, product_unit,
                              measure_unit, weight_tolerance, substitution, substitute_for)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, 'none', $10)
     RETURNING id`,
    [
      line.orderId,
      line.productId,
      line.quantity,
      line.price,
      line.name,
      line.sku,
      line.unit,
      line.measureUnit,
      line.weightTolerance,
      line.replaces,
    ],
  );
  return added!.id;
}
