/**
 * An order's money again from its lines, after picking changed them (a weight recorded, a line
 * short or substituted): each line rounded once (docs/money.md), a short line at 0, at the tax rate
 * the order was placed with; the delivery fee stays as charged.
 */
import type { EntityManager } from 'typeorm';
import { centsToDecimal, orderLineCents, orderTotals, toCents, type MeasureUnit } from '@shop/schema';

export interface PlacedOrderMoney {
  delivery_fee: string;
  tax_rate: string | null;
  tax_inclusive: boolean;
}

/** Recomputes and writes the order's subtotal, tax and total; answers the new total. */
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
