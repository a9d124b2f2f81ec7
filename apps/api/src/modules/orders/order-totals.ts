/**
 * What picking changes of an order (a weight recorded, a line short or substituted) share: the
 * order locked first, as status changes lock it, so two staff changing the same order run one after
 * the other; only while it is still being picked; and its money again from its lines afterwards.
 */
import type { EntityManager } from 'typeorm';
import {
  centsToDecimal,
  orderLineCents,
  orderTotals,
  toCents,
  type MeasureUnit,
  type OrderStatus,
} from '@shop/schema';
import { ConflictError, NotFoundError } from '../../errors';

export interface PlacedOrderMoney {
  delivery_fee: string;
  tax_rate: string | null;
  tax_inclusive: boolean;
}

/** The order as picking changes read it, locked. */
export interface PickedOrder extends PlacedOrderMoney {
  user_id: string;
  status: OrderStatus;
}

/** The statuses in which picking may still change an order: before it leaves the shop. */
const PICKING: readonly OrderStatus[] = ['pending', 'processing'];

/** Locks the order (NOT_FOUND when there is none) and answers what picking changes need of it. */
export async function lockOrderForPicking(tx: EntityManager, orderId: string): Promise<PickedOrder> {
  const [order]: PickedOrder[] = await tx.query(
    `SELECT user_id, status, delivery_fee::text AS delivery_fee, tax_rate::text AS tax_rate, tax_inclusive
     FROM orders WHERE id = $1 FOR UPDATE`,
    [orderId],
  );
  if (!order) throw new NotFoundError('Order');
  return order;
}

/** 409 ORDER_CLOSED once the order has left the shop (or was cancelled): `what` can no longer change. */
export function assertStillPicking(order: PickedOrder, what: string): void {
  if (!PICKING.includes(order.status)) {
    throw new ConflictError(`This order is ${order.status}: ${what} can no longer change`, {
      reason: 'ORDER_CLOSED',
      status: order.status,
    });
  }
}

/**
 * An order's money again from its lines: each line rounded once (docs/money.md), a short line at
 * 0, at the tax rate the order was placed with; the delivery fee stays as charged.
 */ /** Recomputes and writes the order's subtotal, tax and total; answers the new total. */
export async function recomputeOrderTotals(
  tx: EntityManager,
  orderId: string,
  order: PlacedOrderMoney,
): Promise<string> {
  const lines: {
    price: string;
    quantity: number;
    weighed_quantity: number | null;
    measure_unit: MeasureUnit | null;
    short: boolean;
  }[] = await tx.query(
    `SELECT price::text AS price, quantity, weighed_quantity, measure_unit, short_at IS NOT NULL AS short
     FROM order_items WHERE order_id = $1`,
    [orderId],
  );
  const subtotalCents = lines.reduce(
    (sum, line) =>
      line.short
        ? sum
        : sum +
          orderLineCents({
            priceCents: toCents(line.price) ?? 0,
            quantity: line.quantity,
            weighedQuantity: line.weighed_quantity,
            measureUnit: line.measure_unit,
          }),
    0,
  );
  const totals = orderTotals(subtotalCents, {
    deliveryFee: order.delivery_fee,
    freeDeliveryThreshold: null,
    taxRate: order.tax_rate ?? '0',
    taxInclusive: order.tax_inclusive,
  });
  const total = centsToDecimal(totals.totalCents);
  await tx.query(`UPDATE orders SET subtotal = $2, tax = $3, total = $4, updated_at = now() WHERE id = $1`, [
    orderId,
    centsToDecimal(totals.subtotalCents),
    centsToDecimal(totals.taxCents),
    total,
  ]);
  return total;
}
