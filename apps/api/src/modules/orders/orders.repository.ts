/**
 * The order aggregate's one repository (docs/style.md "One domain per aggregate"): an order, its
 * lines as bought and its status timeline, read the same way for the shopper (`orders.*`) and for
 * staff (`orderManagement.*`). Its columns, row types, the lists' SQL and the mappers to both
 * audiences' DTOs live here once; services hold the rules (who may read, transitions, placement).
 *
 * Parameterised SQL only; values are never concatenated.
 */
import type { EntityManager } from 'typeorm';
import {
  ADMIN_ORDER_LIST_LIMIT,
  ORDER_LIST_DEFAULT_LIMIT,
  centsToDecimal,
  maskAccountNumber,
  orderLineCents,
  toCents,
  type AdminOrderDetailDto,
  type MeasureUnit,
  type AdminOrderListItemDto,
  type OrderDeliverySlot,
  type OrderLineLotDto,
  type Substitution,
  type OrderDto,
  type OrderItemDto,
  type OrderListInput,
  type OrderStatus,
  type OrderWithHistoryDto,
  type PaymentMethod,
} from '@shop/schema';
import { actorName } from '../inventory';
import { likePattern } from '../../sql/like-pattern';

/** An order row under the names OrderDto uses (also what placement's INSERT … RETURNING answers). */
export interface OrderRecord {
  id: string;
  userId: string;
  status: string;
  total: string;
  subtotal: string;
  deliveryFee: string;
  tax: string;
  taxInclusive: boolean;
  currency: string;
  paymentMethod: string;
  paymentStatus: string;
  shippingAddress: string;
  notes: string | null;
  estimatedDelivery: Date | null;
  cardHolderName: string | null;
  cardLastFour: string | null;
  bankName: string | null;
  bankAccountNumber: string | null;
  createdAt: Date;
  updatedAt: Date;
  /** The delivery slot booked (YYYY-MM-DD and the window); null or absent when not slotted. */
  slotDate?: string | null;
  slotStart?: Date | null;
  slotEnd?: Date | null;
  /** The customer's email today (staff screens); absent where it was not read. */
  customerEmail?: string | null;
}

/** One line as bought: the snapshot columns (migration 1766100000000) and the product's picture today. */
export interface OrderLineRecord {
  id: string;
  productId: string;
  name: string;
  sku: string;
  unit: string;
  imageUrl: string | null;
  quantity: number;
  price: string;
  /** Sold by measure (null: pieces), its catch-weight tolerance and the weight recorded at picking. */
  measureUnit: MeasureUnit | null;
  weightTolerance: number | null;
  weighedQuantity: number | null;
  /** The lots it was taken from (staff screens; inventory/stock-lots.ts); absent where not read. */
  lots?: OrderLineLotDto[] | null;
  /** If short at picking (orders/workflows/mark-line-short.ts), and whether it was. */
  substitution: Substitution;
  substituteProductId: string | null;
  substituteFor: string | null;
  shortAt: Date | null;
  /** The chosen substitute's name today (staff screens); absent where not read. */
  substituteProductName?: string | null;
  /** The order it belongs to (read by the lists of several orders' lines). */
  orderId?: string;
}

/** A line's total: the weighed quantity when recorded, at the price charged (packages/schema measures.ts); 0 when short. */
export function lineTotalOf(
  line: Pick<OrderLineRecord, 'price' | 'quantity' | 'weighedQuantity' | 'measureUnit' | 'shortAt'>,
): string {
  // A line short at picking is not delivered and not charged.
  if (line.shortAt) return centsToDecimal(0);
  return centsToDecimal(
    orderLineCents({
      priceCents: toCents(line.price) ?? 0,
      quantity: line.quantity,
      weighedQuantity: line.weighedQuantity,
      measureUnit: line.measureUnit,
    }),
  );
}

export interface StatusChangeRecord {
  id: string;
  fromStatus: OrderStatus | null;
  toStatus: OrderStatus;
  note: string | null;
  changedBy: string | null;
  email: string | null;
  firstName: string | null;
  lastName: string | null;
  createdAt: Date;
}

export interface OrderAggregate {
  order: OrderRecord;
  lines: OrderLineRecord[];
  history: StatusChangeRecord[];
}

const ORDER_COLUMNS = `
  o.id, o.user_id AS "userId", o.status, o.total, o.subtotal, o.delivery_fee AS "deliveryFee", o.tax,
  o.tax_inclusive AS "taxInclusive", o.currency, o.payment_method AS "paymentMethod",
  o.payment_status AS "paymentStatus", o.shipping_address AS "shippingAddress", o.notes,
  o.estimated_delivery AS "estimatedDelivery", o.card_holder_name AS "cardHolderName",
  o.card_last_four AS "cardLastFour", o.bank_name AS "bankName",
  o.bank_account_number AS "bankAccountNumber", o.created_at AS "createdAt", o.updated_at AS "updatedAt",
  to_char(o.delivery_slot_date, 'YYYY-MM-DD') AS "slotDate", o.delivery_slot_start AS "slotStart",
  o.delivery_slot_end AS "slotEnd"`;

const SELECT_ORDERS = `SELECT ${ORDER_COLUMNS} FROM orders o`;
const SELECT_ORDERS_WITH_CUSTOMER = `
  SELECT ${ORDER_COLUMNS}, u.email AS "customerEmail"
  FROM orders o LEFT JOIN users u ON u.id = o.user_id`;

/**
 * An order's lines as bought, with the product's picture today and the lots each was taken from
 * (one json_agg per line, first expiry first; inventory/stock-lots.ts). Add the WHERE and ORDER BY.
 */
const SELECT_LINES = `
  SELECT i.id, i.order_id AS "orderId", i.product_id AS "productId", i.product_name AS name,
         i.product_sku AS sku, i.product_unit AS unit, p.image_url AS "imageUrl", i.quantity, i.price,
         i.measure_unit AS "measureUnit", i.weight_tolerance AS "weightTolerance",
         i.weighed_quantity AS "weighedQuantity", i.substitution,
         i.substitute_product_id AS "substituteProductId", i.substitute_for AS "substituteFor",
         i.short_at AS "shortAt", sp.name AS "substituteProductName",
         (SELECT json_agg(json_build_object('lotId', a.lot_id, 'quantity', a.quantity,
                                            'expiresOn', to_char(l.expires_on, 'YYYY-MM-DD'),
                                            'dateKind', l.date_kind, 'batchCode', l.batch_code)
                          ORDER BY l.expires_on, l.received_at, l.id)
          FROM order_item_lots a JOIN stock_lots l ON l.id = a.lot_id
          WHERE a.order_item_id = i.id) AS lots
  FROM order_items i LEFT JOIN products p ON p.id = i.product_id
       LEFT JOIN products sp ON sp.id = i.substitute_product_id`;

// ---------------------------------------------------------------------------------------------
// Mappers
// ---------------------------------------------------------------------------------------------

/** The order's delivery slot as every screen and email shows it (docs/delivery-slots.md). */
export function toDeliverySlot(order: OrderRecord): OrderDeliverySlot | null {
  if (!order.slotDate || !order.slotStart || !order.slotEnd) return null;
  return { date: order.slotDate, start: order.slotStart.toISOString(), end: order.slotEnd.toISOString() };
}

/** An order as listed; of a bank account only the last 4 (docs/architecture.md §4 "Payment data"). */
export function toOrderDto(order: OrderRecord): OrderDto {
  return {
    id: order.id,
    userId: order.userId,
    status: order.status as OrderStatus,
    total: order.total,
    subtotal: order.subtotal,
    deliveryFee: order.deliveryFee,
    tax: order.tax,
    taxInclusive: order.taxInclusive,
    currency: order.currency,
    paymentMethod: order.paymentMethod as PaymentMethod,
    paymentStatus: order.paymentStatus as OrderDto['paymentStatus'],
    shippingAddress: order.shippingAddress,
    notes: order.notes,
    estimatedDelivery: order.estimatedDelivery?.toISOString() ?? null,
    deliverySlot: toDeliverySlot(order),
    cardHolderName: order.cardHolderName,
    cardLastFour: order.cardLastFour,
    bankName: order.bankName,
    bankAccountNumber: maskAccountNumber(order.bankAccountNumber),
    createdAt: order.createdAt.toISOString(),
    updatedAt: order.updatedAt.toISOString(),
  };
}

export function toOrderItemDto(line: OrderLineRecord): OrderItemDto {
  return {
    id: line.id,
    productId: line.productId,
    quantity: line.quantity,
    price: line.price,
    name: line.name,
    sku: line.sku,
    unit: line.unit,
    product: { name: line.name, imageUrl: line.imageUrl },
    measureUnit: line.measureUnit,
    weightTolerance: line.weightTolerance,
    weighedQuantity: line.weighedQuantity,
    lineTotal: lineTotalOf(line),
    ...substitutionOf(line),
  };
}

/** What a line says about substitution, as both audiences see it. */
function substitutionOf(line: OrderLineRecord) {
  return {
    substitution: line.substitution,
    substituteProductId: line.substituteProductId,
    substituteFor: line.substituteFor,
    short: line.shortAt !== null,
  };
}

export function toStaffListItem(order: OrderRecord): AdminOrderListItemDto {
  return {
    id: order.id,
    userId: order.userId,
    customerEmail: order.customerEmail ?? null,
    createdAt: order.createdAt.toISOString(),
    status: order.status as OrderStatus,
    paymentMethod: order.paymentMethod as PaymentMethod,
    paymentStatus: order.paymentStatus,
    total: order.total,
    shippingAddress: order.shippingAddress,
  };
}

/** The shopper's view: the order, its lines and its timeline (who: the shopper or the shop). */
export function toShopperOrder(aggregate: OrderAggregate, wholeAccountNumber: boolean): OrderWithHistoryDto {
  const { order, lines, history } = aggregate;
  return {
    ...toOrderDto(order),
    ...(wholeAccountNumber && { bankAccountNumber: order.bankAccountNumber }),
    items: lines.map(toOrderItemDto),
    history: history.map((step) => ({
      id: step.id,
      fromStatus: step.fromStatus,
      toStatus: step.toStatus,
      byCustomer: step.changedBy !== null && step.changedBy === order.userId,
      createdAt: step.createdAt.toISOString(),
    })),
  };
}

/** The staff view (the View dialog): the whole account number only with `payments:read`. */
export function toStaffOrder(aggregate: OrderAggregate, wholeAccountNumber: boolean): AdminOrderDetailDto {
  const { order, lines, history } = aggregate;
  return {
    ...toStaffListItem(order),
    subtotal: order.subtotal,
    deliveryFee: order.deliveryFee,
    tax: order.tax,
    taxInclusive: order.taxInclusive,
    currency: order.currency,
    notes: order.notes,
    estimatedDelivery: order.estimatedDelivery?.toISOString() ?? null,
    deliverySlot: toDeliverySlot(order),
    cardHolderName: order.cardHolderName,
    cardLastFour: order.cardLastFour,
    bankName: order.bankName,
    bankAccountNumber: wholeAccountNumber
      ? order.bankAccountNumber
      : maskAccountNumber(order.bankAccountNumber),
    items: lines.map((line) => ({
      id: line.id,
      productId: line.productId,
      name: line.name,
      sku: line.sku,
      unit: line.unit,
      imageUrl: line.imageUrl,
      quantity: line.quantity,
      price: line.price,
      lineTotal: lineTotalOf(line),
      measureUnit: line.measureUnit,
      weightTolerance: line.weightTolerance,
      weighedQuantity: line.weighedQuantity,
      lots: line.lots ?? [],
      ...substitutionOf(line),
      substituteProductName: line.substituteProductName ?? null,
    })),
    history: history.map((row) => ({
      id: row.id,
      fromStatus: row.fromStatus,
      toStatus: row.toStatus,
      note: row.note,
      changedBy: row.changedBy
        ? {
            id: row.changedBy,
            name: actorName({ first_name: row.firstName, last_name: row.lastName, email: row.email }),
            email: row.email ?? '',
          }
        : null,
      createdAt: row.createdAt.toISOString(),
    })),
  };
}

// ---------------------------------------------------------------------------------------------
// Reading one order
// ---------------------------------------------------------------------------------------------

/** One order with its lines (in the order they were written) and its timeline (oldest first). */
export async function loadOrderAggregate(db: EntityManager, id: string): Promise<OrderAggregate | null> {
  const [order]: OrderRecord[] = await db.query(`${SELECT_ORDERS_WITH_CUSTOMER} WHERE o.id = $1`, [id]);
  if (!order) return null;
  const lines: OrderLineRecord[] = await db.query(
    `${SELECT_LINES} WHERE i.order_id = $1 ORDER BY i.created_at, i.id`,
    [id],
  );
  const history: StatusChangeRecord[] = await db.query(
    `SELECT h.id, h.from_status AS "fromStatus", h.to_status AS "toStatus", h.note,
            h.changed_by AS "changedBy", u.email, u.first_name AS "firstName", u.last_name AS "lastName",
            h.created_at AS "createdAt"
     FROM order_status_history h LEFT JOIN users u ON u.id = h.changed_by
     WHERE h.order_id = $1
     ORDER BY h.created_at, h.id`,
    [id],
  );
  return { order, lines, history };
}

// ---------------------------------------------------------------------------------------------
// Lists
// ---------------------------------------------------------------------------------------------

/** One customer's orders, newest first (all of them unless paged). */
export async function listOrdersOf(
  db: EntityManager,
  userId: string,
  page: OrderListInput = {},
): Promise<OrderRecord[]> {
  const params: unknown[] = [userId];
  return db.query(
    `${SELECT_ORDERS} WHERE o.user_id = $1 ORDER BY o.created_at DESC, o.id DESC ${paging(page, params)}`,
    params,
  );
}

/** Every order, newest first: the newest ORDER_LIST_DEFAULT_LIMIT unless asked otherwise. */
export async function listEveryOrder(db: EntityManager, page: OrderListInput = {}): Promise<OrderRecord[]> {
  const params: unknown[] = [];
  return db.query(
    `${SELECT_ORDERS} ORDER BY o.created_at DESC, o.id DESC ${paging(
      { limit: page.limit ?? ORDER_LIST_DEFAULT_LIMIT, offset: page.offset },
      params,
    )}`,
    params,
  );
}

function paging(page: OrderListInput, params: unknown[]): string {
  let sql = '';
  if (page?.limit !== undefined) {
    params.push(page.limit);
    sql += ` LIMIT $${params.length}`;
  }
  if (page?.offset) {
    params.push(page.offset);
    sql += ` OFFSET $${params.length}`;
  }
  return sql;
}

export async function countOrders(db: EntityManager, userId?: string): Promise<number> {
  const [row]: { total: number }[] =
    userId === undefined
      ? await db.query(`SELECT count(*)::int AS total FROM orders`)
      : await db.query(`SELECT count(*)::int AS total FROM orders WHERE user_id = $1`, [userId]);
  return row?.total ?? 0;
}

export interface StaffOrderFilter {
  search?: string;
  status?: string;
}

/** The WHERE clause of the staff order list: status and a search over id, address and customer id. */
function staffFilter(input: StaffOrderFilter | undefined, params: unknown[]): string {
  const where: string[] = [];
  if (input?.status && input.status !== 'all') {
    params.push(input.status);
    where.push(`o.status = $${params.length}`);
  }
  if (input?.search) {
    params.push(likePattern(input.search));
    const n = params.length;
    where.push(`(o.id::text ILIKE $${n} OR o.shipping_address ILIKE $${n} OR o.user_id::text ILIKE $${n})`);
  }
  return where.length ? `WHERE ${where.join(' AND ')}` : '';
}

/** The staff list, filtered, newest first; without a page it stops at ADMIN_ORDER_LIST_LIMIT. */
export async function listStaffOrders(
  db: EntityManager,
  filter: StaffOrderFilter | undefined,
  page: { limit: number; offset: number } = { limit: ADMIN_ORDER_LIST_LIMIT, offset: 0 },
): Promise<OrderRecord[]> {
  const params: unknown[] = [];
  const where = staffFilter(filter, params);
  params.push(page.limit, page.offset);
  return db.query(
    `${SELECT_ORDERS_WITH_CUSTOMER} ${where} ORDER BY o.created_at DESC, o.id DESC
     LIMIT $${params.length - 1} OFFSET $${params.length}`,
    params,
  );
}

export async function countStaffOrders(
  db: EntityManager,
  filter: StaffOrderFilter | undefined,
): Promise<number> {
  const params: unknown[] = [];
  const where = staffFilter(filter, params);
  const [row]: { total: number }[] = await db.query(
    `SELECT count(*)::int AS total FROM orders o ${where}`,
    params,
  );
  return row?.total ?? 0;
}

// ---------------------------------------------------------------------------------------------
// Picking (docs/picking.md)
// ---------------------------------------------------------------------------------------------

/**
 * The orders to pick on `date` (YYYY-MM-DD, UTC): pending or processing, booked into a slot on that
 * date, or unslotted with their estimated delivery on that day. Slot windows earliest first (the
 * unslotted last), then oldest order first: the order the picker walks them in.
 */
export async function listPickingOrders(
  db: EntityManager,
  date: string,
  statuses: readonly string[],
): Promise<OrderRecord[]> {
  return db.query(
    `${SELECT_ORDERS_WITH_CUSTOMER}
     WHERE o.status = ANY($2::text[])
       AND (o.delivery_slot_date = $1::date
            OR (o.delivery_slot_date IS NULL
                AND o.estimated_delivery >= ($1::date)::timestamp AT TIME ZONE 'UTC'
                AND o.estimated_delivery < ($1::date + 1)::timestamp AT TIME ZONE 'UTC'))
     ORDER BY o.delivery_slot_start NULLS LAST, o.delivery_slot_end, o.created_at, o.id`,
    [date, statuses],
  );
}

/** The lines of these orders with their lots, in one query (each order's in the order they were written). */
export async function loadLinesOf(
  db: EntityManager,
  orderIds: readonly string[],
): Promise<OrderLineRecord[]> {
  if (orderIds.length === 0) return [];
  return db.query(
    `${SELECT_LINES} WHERE i.order_id = ANY($1::uuid[]) ORDER BY i.order_id, i.created_at, i.id`,
    [orderIds],
  );
}

/** Who placed order `id`; null when there is none. */
export async function ownerOfOrder(db: EntityManager, id: string): Promise<string | null> {
  const [order]: { user_id: string }[] = await db.query(`SELECT user_id FROM orders WHERE id = $1`, [id]);
  return order?.user_id ?? null;
}

/** What an order bought: one row per product (a product may stand on two lines), in the order bought. */
export async function productsBought(
  db: EntityManager,
  orderId: string,
): Promise<{ product_id: string; bought_name: string; ordered: number }[]> {
  return db.query(
    `SELECT i.product_id, min(i.product_name) AS bought_name, sum(i.quantity)::int AS ordered
     FROM order_items i
     WHERE i.order_id = $1
     GROUP BY i.product_id
     ORDER BY min(i.created_at), i.product_id`,
    [orderId],
  );
}

/** The staff's cards: counts per status and the sum of every order's total. */
export async function orderCounts(
  db: EntityManager,
): Promise<{ total: string; pending: string; processing: string; completed: string; revenue: string }> {
  const [row]: { total: string; pending: string; processing: string; completed: string; revenue: string }[] =
    await db.query(
      `SELECT count(*) AS total,
              count(*) FILTER (WHERE status = 'pending') AS pending,
              count(*) FILTER (WHERE status = 'processing') AS processing,
              count(*) FILTER (WHERE status = 'delivered') AS completed,
              COALESCE(SUM(total), 0)::numeric(20, 2)::text AS revenue
       FROM orders`,
    );
  return row!;
}
