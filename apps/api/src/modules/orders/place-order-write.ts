/**
 * The statements that write placed orders (docs/architecture.md §4 'Placing an order'), for orders
 * that already passed every check against the locked rows (orders/workflows/place-order.ts `priceOrder`):
 *
 * - WRITE_ORDER_SQL writes ONE order: its stock, lots, order row, items, slot place and ledger rows.
 * - GROUP_WRITE_SQL writes a whole group of orders the same way in one statement, in arrival order:
 *   one round trip while the hot rows are locked instead of a SAVEPOINT and a write per order.
 *   When anything in it fails, the caller rolls it back and writes the group one order at a time.
 *
 * THE DOCUMENTED EXCEPTION (docs/architecture.md "Documented exceptions"): these statements write
 * other owners' tables, for speed (one round trip while the product rows are locked). Each owner
 * builds its own part: inventory the stock, lots and ledger CTEs (inventory/order-placement.sql.ts),
 * delivery the slot booking (delivery/slot-booking.ts); this file writes only the orders' rows and
 * joins the parts.
 *
 * Both keep the guards that hold even if the checks in memory were wrong: stock is only taken where
 * `stock >= quantity`, a slot place only where it is open and not full; the caller compares what
 * was taken and booked with what it asked (`moved`, `slotBooked` per order).
 */
import type { MeasureUnit, Substitution } from '@shop/schema';
import { orderLedgerCte, takeGroupLotsCtes, takeOrderLotsCtes, takeStockCte } from '../inventory';
import { slotBookingCte, slotGroupBookingCte } from '../delivery';
import type { OrderRecord } from './orders.repository';

/** One order to write: the server's money, the shop's settings and the locked rows made it. */
export interface OrderWrite {
  userId: string;
  paymentMethod: string;
  total: string;
  shippingAddress: string;
  estimatedDelivery: Date;
  notes: string | null;
  cardHolderName: string | null;
  cardLastFour: string | null;
  bankName: string | null;
  bankAccountNumber: string | null;
  idempotencyKey: string | null;
  requestHash: string | null;
  subtotal: string;
  deliveryFee: string;
  tax: string;
  taxInclusive: boolean;
  currency: string;
  taxRate: string;
  slot: { templateId: string; date: string; start: Date; end: Date } | null;
  /** In product id order (the lock order), one per product. */
  lines: {
    productId: string;
    quantity: number;
    price: string;
    name: string;
    sku: string;
    unit: string;
    measureUnit: MeasureUnit | null;
    weightTolerance: number | null;
    substitution: Substitution;
    substituteProductId: string | null;
  }[];
}

/** What either statement answers per order: the order's columns, its items, and what its guards let through. */
export interface WrittenOrder extends OrderRecord {
  items: {
    id: string;
    productId: string;
    quantity: number;
    price: string;
    measureUnit: MeasureUnit | null;
    weightTolerance: number | null;
    substitution: Substitution;
    substituteProductId: string | null;
  }[];
  /** How many of its lines' products had their stock taken (all of them, or it is refused). */
  moved: number;
  /** 1 when its slot place was booked (0 for a slotted order: full or blocked). */
  slotBooked: number;
}

/** The answer's columns of an inserted orders row `placed`, as OrderRecord names them. */
const PLACED_COLUMNS = `placed.id, placed.user_id AS "userId", placed.status, placed.total, placed.subtotal,
         placed.delivery_fee AS "deliveryFee", placed.tax, placed.tax_inclusive AS "taxInclusive",
         placed.currency,
         placed.payment_method AS "paymentMethod", placed.payment_status AS "paymentStatus",
         placed.shipping_address AS "shippingAddress", placed.notes,
         placed.estimated_delivery AS "estimatedDelivery", placed.card_holder_name AS "cardHolderName",
         placed.card_last_four AS "cardLastFour", placed.bank_name AS "bankName",
         placed.bank_account_number AS "bankAccountNumber", placed.created_at AS "createdAt",
         placed.updated_at AS "updatedAt",
         to_char(placed.delivery_slot_date, 'YYYY-MM-DD') AS "slotDate", placed.delivery_slot_start AS "slotStart",
         placed.delivery_slot_end AS "slotEnd"`;

/** The inserted items (`items`) matching `where`, as WrittenOrder['items'], in product id order. */
const itemsJson = (
  where: string,
) => `(SELECT json_agg(json_build_object('id', i.id, 'productId', i.product_id,
                                            'quantity', i.quantity, 'price', i.price::text,
                                            'measureUnit', i.measure_unit,
                                            'weightTolerance', i.weight_tolerance,
                                            'substitution', i.substitution,
                                            'substituteProductId', i.substitute_product_id)
                          ORDER BY i.product_id)
          FROM items i ${where})`;

const ITEM_COLUMNS = `order_id, product_id, quantity, price, product_name, product_sku, product_unit,
                      measure_unit, weight_tolerance, substitution, substitute_product_id`;
const ITEM_RETURNING =
  'id, order_id, product_id, quantity, price, measure_unit, weight_tolerance, substitution, substitute_product_id';
const ORDER_COLUMNS = `user_id, status, payment_method, payment_status, total, shipping_address,
                       estimated_delivery, notes, card_holder_name, card_last_four, bank_name,
                       bank_account_number, idempotency_key, request_hash,
                       subtotal, delivery_fee, tax, tax_inclusive, currency, tax_rate, created_at, updated_at,
                       delivery_slot_template_id, delivery_slot_date, delivery_slot_start, delivery_slot_end`;

/**
 * One order. $1 product ids, $2 quantities, $3 prices (the lines, in lock order); $4.. the order's
 * columns; $16.. $18 the lines' product name, SKU and unit (the snapshot kept on each line: an order
 * remembers what was bought); $19.. $23 the subtotal, delivery fee, tax, whether the tax is in the
 * prices, and the currency; $24, $25 the lines' measure and tolerance; $26 the tax rate; $27.. $30
 * the slot; $31, $32 the lines' substitution choice. The order and its ledger rows are stamped with
 * the clock, not the transaction's start: orders placed in one group keep the order they were
 * placed in.
 */
export const WRITE_ORDER_SQL = `
  WITH stamp AS MATERIALIZED (SELECT clock_timestamp() AS at), ${takeStockCte('unnest($1::uuid[], $2::int[]) AS l(id, quantity)', 'l')}, placed AS (
    INSERT INTO orders (${ORDER_COLUMNS})
    SELECT $4, 'pending', $5, 'pending', $6, $7, $8, $9, $10, $11, $12, $13, $14, $15,
           $19, $20, $21, $22, $23, $26, stamp.at, stamp.at, $27, $28, $29, $30
    FROM stamp
    RETURNING *
  ), items AS (
    INSERT INTO order_items (${ITEM_COLUMNS})
    SELECT placed.id, l.id, l.quantity, l.price, l.name, l.sku, l.unit, l.measure_unit, l.weight_tolerance,
           l.substitution, l.substitute_product_id
    FROM placed, unnest($1::uuid[], $2::int[], $3::numeric[], $16::text[], $17::text[], $18::text[],
                        $24::text[], $25::int[], $31::text[], $32::uuid[])
         AS l(id, quantity, price, name, sku, unit, measure_unit, weight_tolerance, substitution, substitute_product_id)
    RETURNING ${ITEM_RETURNING}
  ), wanted AS (
    SELECT * FROM unnest($1::uuid[], $2::int[]) AS w(id, quantity)
  ), ${takeOrderLotsCtes()}, slot AS (
    ${slotBookingCte('$27', '$28')}
  ), ${orderLedgerCte('taken s, placed', { orderId: 'placed.id', userId: '$4', createdAt: 'placed.created_at' })}
  SELECT ${PLACED_COLUMNS},
         ${itemsJson('')} AS items,
         (SELECT count(*)::int FROM taken) AS moved,
         (SELECT count(*)::int FROM slot) AS "slotBooked"
  FROM placed`;

/** The parameters of WRITE_ORDER_SQL. */
export function writeOrderParams(write: OrderWrite): unknown[] {
  const { lines, slot } = write;
  return [
    lines.map((line) => line.productId),
    lines.map((line) => line.quantity),
    lines.map((line) => line.price),
    write.userId,
    write.paymentMethod,
    write.total,
    write.shippingAddress,
    write.estimatedDelivery,
    write.notes,
    write.cardHolderName,
    write.cardLastFour,
    write.bankName,
    write.bankAccountNumber,
    write.idempotencyKey,
    write.requestHash,
    lines.map((line) => line.name),
    lines.map((line) => line.sku),
    lines.map((line) => line.unit),
    write.subtotal,
    write.deliveryFee,
    write.tax,
    write.taxInclusive,
    write.currency,
    lines.map((line) => line.measureUnit),
    lines.map((line) => line.weightTolerance),
    write.taxRate,
    slot?.templateId ?? null,
    slot?.date ?? null,
    slot?.start ?? null,
    slot?.end ?? null,
    lines.map((line) => line.substitution),
    lines.map((line) => line.substituteProductId),
  ];
}

/**
 * A group of orders, in arrival order (k = 1, 2, …). $1.. $22 one array per order column (`o`);
 * $23.. $33 one array per line column, each line naming its order's k (`l`). Each order is stamped
 * with the clock plus k microseconds, so the group's orders keep their arrival order. The stock and
 * the lots are taken per product for the whole group, the ledger and the lots' allocation per line
 * as if the orders had been written one after the other (running sums over k).
 */
export const GROUP_WRITE_SQL = `
  WITH stamp AS MATERIALIZED (SELECT clock_timestamp() AS at), o AS MATERIALIZED (
    SELECT gen_random_uuid() AS id, o.*, stamp.at + o.k * interval '1 microsecond' AS at
    FROM stamp, unnest($1::uuid[], $2::text[], $3::numeric[], $4::text[], $5::timestamptz[], $6::text[],
                       $7::text[], $8::text[], $9::text[], $10::text[], $11::text[], $12::text[],
                       $13::numeric[], $14::numeric[], $15::numeric[], $16::boolean[], $17::text[],
                       $18::numeric[], $19::uuid[], $20::date[], $21::timestamptz[], $22::timestamptz[])
         WITH ORDINALITY
         AS o(user_id, payment_method, total, shipping_address, estimated_delivery, notes,
              card_holder_name, card_last_four, bank_name, bank_account_number, idempotency_key, request_hash,
              subtotal, delivery_fee, tax, tax_inclusive, currency,
              tax_rate, slot_template_id, slot_date, slot_start, slot_end, k)
  ), l AS MATERIALIZED (
    SELECT l.*, sum(l.quantity) OVER (PARTITION BY l.product_id ORDER BY l.k) AS upto
    FROM unnest($23::int[], $24::uuid[], $25::int[], $26::numeric[], $27::text[], $28::text[], $29::text[],
                $30::text[], $31::int[], $32::text[], $33::uuid[])
         AS l(k, product_id, quantity, price, name, sku, unit, measure_unit, weight_tolerance,
              substitution, substitute_product_id)
  ), wanted AS (
    SELECT l.product_id AS id, sum(l.quantity)::int AS quantity FROM l GROUP BY l.product_id
  ), ${takeStockCte('wanted w', 'w')}, placed AS (
    INSERT INTO orders (id, ${ORDER_COLUMNS})
    SELECT o.id, o.user_id, 'pending', o.payment_method, 'pending', o.total, o.shipping_address,
           o.estimated_delivery, o.notes, o.card_holder_name, o.card_last_four, o.bank_name,
           o.bank_account_number, o.idempotency_key, o.request_hash,
           o.subtotal, o.delivery_fee, o.tax, o.tax_inclusive, o.currency, o.tax_rate, o.at, o.at,
           o.slot_template_id, o.slot_date, o.slot_start, o.slot_end
    FROM o ORDER BY o.k
    RETURNING *
  ), items AS (
    INSERT INTO order_items (${ITEM_COLUMNS})
    SELECT o.id, l.product_id, l.quantity, l.price, l.name, l.sku, l.unit, l.measure_unit, l.weight_tolerance,
           l.substitution, l.substitute_product_id
    FROM l JOIN o ON o.k = l.k ORDER BY l.k, l.product_id
    RETURNING ${ITEM_RETURNING}
  ), ${takeGroupLotsCtes('l', 'JOIN o ON o.k = f.k JOIN items ON items.order_id = o.id AND items.product_id = f.product_id')}, slots AS (
    ${slotGroupBookingCte('o')}
  ), ${orderLedgerCte(
    `(SELECT l.product_id, t.quantity_before - l.upto + l.quantity AS quantity_before,
             t.quantity_before - l.upto AS quantity_after, o.id AS order_id, o.user_id, o.at
      FROM l JOIN taken t ON t.product_id = l.product_id JOIN o ON o.k = l.k) s`,
    { orderId: 's.order_id', userId: 's.user_id', createdAt: 's.at' },
  )}
  SELECT ${PLACED_COLUMNS},
         ${itemsJson('WHERE i.order_id = placed.id')} AS items,
         (SELECT count(*)::int FROM l JOIN taken t ON t.product_id = l.product_id WHERE l.k = o.k) AS moved,
         (SELECT count(*)::int FROM slots s
          WHERE s.template_id = o.slot_template_id AND s.slot_date = o.slot_date) AS "slotBooked"
  FROM placed JOIN o ON o.id = placed.id
  ORDER BY o.k`;

/** The parameters of GROUP_WRITE_SQL for `writes`, in arrival order. */
export function groupWriteParams(writes: readonly OrderWrite[]): unknown[] {
  const each = <T>(pick: (write: OrderWrite) => T) => writes.map(pick);
  const lines = writes.flatMap((write, i) => write.lines.map((line) => ({ k: i + 1, ...line })));
  const eachLine = <T>(pick: (line: (typeof lines)[number]) => T) => lines.map(pick);
  return [
    each((w) => w.userId),
    each((w) => w.paymentMethod),
    each((w) => w.total),
    each((w) => w.shippingAddress),
    each((w) => w.estimatedDelivery),
    each((w) => w.notes),
    each((w) => w.cardHolderName),
    each((w) => w.cardLastFour),
    each((w) => w.bankName),
    each((w) => w.bankAccountNumber),
    each((w) => w.idempotencyKey),
    each((w) => w.requestHash),
    each((w) => w.subtotal),
    each((w) => w.deliveryFee),
    each((w) => w.tax),
    each((w) => w.taxInclusive),
    each((w) => w.currency),
    each((w) => w.taxRate),
    each((w) => w.slot?.templateId ?? null),
    each((w) => w.slot?.date ?? null),
    each((w) => w.slot?.start ?? null),
    each((w) => w.slot?.end ?? null),
    eachLine((line) => line.k),
    eachLine((line) => line.productId),
    eachLine((line) => line.quantity),
    eachLine((line) => line.price),
    eachLine((line) => line.name),
    eachLine((line) => line.sku),
    eachLine((line) => line.unit),
    eachLine((line) => line.measureUnit),
    eachLine((line) => line.weightTolerance),
    eachLine((line) => line.substitution),
    eachLine((line) => line.substituteProductId),
  ];
}
