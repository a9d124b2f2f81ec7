/**
 * Inventory's part of the orders' one write statement (orders/place-order-write.ts).
 *
 * THE DOCUMENTED EXCEPTION to "a module's tables are written only through its functions": placing
 * an order takes its stock, its lots and its ledger rows in the same statement that writes the
 * order, because every round trip is time the product rows stay locked (docs/benchmarks.md). So the
 * statement is put together by the orders module from parts that each owner builds: the CTEs below
 * are inventory's (`products.stock`, `stock_lots`, `order_item_lots`, `stock_movements`), the slot
 * booking is delivery's (delivery/slot-booking.ts), the order rows are orders'. No other statement
 * outside inventory writes these tables (docs/architecture.md "Documented exceptions").
 *
 * Each builder names the CTEs it makes and the ones it expects the statement to have.
 */
import { insertStockMovementsSql } from './stock-ledger';
import { fefoAllocationSql, fefoGroupAllocationSql } from './stock-lots';

/**
 * CTE `taken`: takes each product's quantity from `products.stock` where there is enough (never
 * below 0); one row per product taken, (product_id, quantity_before, quantity_after). `from` is a
 * FROM item of the wanted (id, quantity), named `alias`; the caller compares the rows taken with
 * the products it asked for.
 */
export function takeStockCte(from: string, alias: string): string {
  return `taken AS (
    UPDATE products p SET stock = p.stock - ${alias}.quantity, updated_at = now()
    FROM ${from}
    WHERE p.id = ${alias}.id AND p.stock >= ${alias}.quantity
    RETURNING p.id AS product_id, p.stock + ${alias}.quantity AS quantity_before, p.stock AS quantity_after
  )`;
}

/**
 * One order's lots: CTEs `fefo_lots`, `fefo`, `fefo_taken` and `item_lots`, which take each line's
 * quantity from the product's in-date lots first expiry first out and record which lots each line
 * came from. Expects `wanted` (id, quantity) and the inserted order lines `items` (id, product_id).
 */
export function takeOrderLotsCtes(): string {
  return `${fefoAllocationSql('wanted')}, item_lots AS (
    INSERT INTO order_item_lots (order_item_id, lot_id, quantity)
    SELECT items.id, f.lot_id, f.quantity FROM items JOIN fefo f ON f.product_id = items.product_id
  )`;
}

/**
 * A group's lots, as if its orders had been written one after the other: `lines` has one row per
 * (order k, product) with its quantity and `upto` (the running total over k); `lineOf` joins to
 * `f` (k, product_id) the inserted order line it belongs to, as `items`.
 */
export function takeGroupLotsCtes(lines: string, lineOf: string): string {
  return `${fefoGroupAllocationSql('wanted', lines)}, item_lots AS (
    INSERT INTO order_item_lots (order_item_id, lot_id, quantity)
    SELECT items.id, f.lot_id, f.quantity
    FROM fefo f ${lineOf}
  )`;
}

/**
 * CTE `ledger`: the ledger rows of what `taken` took (`from` names its rows `s` with product_id,
 * quantity_before and quantity_after), source 'order'; `orderId`, `userId` and `createdAt` are SQL
 * expressions of the statement.
 */
export function orderLedgerCte(
  from: string,
  values: { orderId: string; userId: string; createdAt: string },
): string {
  return `ledger AS (
    ${insertStockMovementsSql(from, { source: `'order'`, ...values })}
  )`;
}
