/**
 * Order management for staff (docs/product.md §2 Order management, docs/architecture.md §4): the list with search and
 * status filter (in SQL), the cards, one order in full with its status timeline, and the status
 * change — along ORDER_TRANSITIONS only, under a row lock, returning stock exactly once on cancel.
 *
 * Reads the `orders` / `order_items` tables directly (the shopper-side order module is separate).
 */
import type { EntityManager } from 'typeorm';
import {
  ADMIN_ORDER_LIST_LIMIT,
  ORDER_TRANSITIONS,
  maskAccountNumber,
  paymentStatusAfter,
  type AdminOrderDetailDto,
  type AdminOrderListInput,
  type AdminOrderPageDto,
  type AdminOrderPageQuery,
  type AdminOrderListItemDto,
  type AdminOrderSummaryDto,
  type OrderStatus,
  type PaymentMethod,
} from '@shop/schema';
import type { CurrentUser, ServiceContext } from '../../context';
import { ConflictError, NotFoundError } from '../../errors';
import { recordStockMovements } from '../inventory/stock-ledger';
import { actorName } from '../inventory/inventory.service';
import { likePattern } from '../../sql/like-pattern';
import { publishAfterCommit } from '../live-events/after-commit';

interface OrderRow {
  id: string;
  user_id: string;
  customer_email: string | null;
  created_at: Date;
  status: OrderStatus;
  payment_method: PaymentMethod;
  payment_status: string;
  total: string;
  shipping_address: string;
}

const SELECT_ORDERS = `
  SELECT o.id, o.user_id, u.email AS customer_email, o.created_at, o.status, o.payment_method,
         o.payment_status, o.total, o.shipping_address
  FROM orders o
  LEFT JOIN users u ON u.id = o.user_id`;

function toListItem(row: OrderRow): AdminOrderListItemDto {
  return {
    id: row.id,
    userId: row.user_id,
    customerEmail: row.customer_email,
    createdAt: row.created_at.toISOString(),
    status: row.status,
    paymentMethod: row.payment_method,
    paymentStatus: row.payment_status,
    total: row.total,
    shippingAddress: row.shipping_address,
  };
}

/** The WHERE clause of the staff order list: status and a search over id, address and customer id. */
function orderFilter(input: { search?: string; status?: string } | undefined, params: unknown[]): string {
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

/** Every order, newest first, filtered; stops at the newest ADMIN_ORDER_LIST_LIMIT. */
export async function listOrders(
  ctx: ServiceContext,
  input: AdminOrderListInput,
): Promise<AdminOrderListItemDto[]> {
  const params: unknown[] = [];
  const where = orderFilter(input, params);
  params.push(ADMIN_ORDER_LIST_LIMIT);
  const rows: OrderRow[] = await ctx.db.query(
    `${SELECT_ORDERS} ${where} ORDER BY o.created_at DESC, o.id DESC LIMIT $${params.length}`,
    params,
  );
  return rows.map(toListItem);
}

/** The order management screen: one page of the filtered orders, newest first, and how many match. */
export async function pageOrders(
  ctx: ServiceContext,
  input: AdminOrderPageQuery,
): Promise<AdminOrderPageDto> {
  const { page, pageSize } = input;
  const params: unknown[] = [];
  const where = orderFilter(input, params);
  const countParams = [...params];
  params.push(pageSize, (page - 1) * pageSize);
  const [rows, counted]: [OrderRow[], { total: number }[]] = await Promise.all([
    ctx.db.query(
      `${SELECT_ORDERS} ${where} ORDER BY o.created_at DESC, o.id DESC
       LIMIT $${params.length - 1} OFFSET $${params.length}`,
      params,
    ),
    ctx.db.query(`SELECT count(*)::int AS total FROM orders o ${where}`, countParams),
  ]);
  return { items: rows.map(toListItem), total: counted[0]?.total ?? 0, page, pageSize };
}

/** The cards: counts per status and the sum of every order's total (docs/product.md §9). */
export async function orderSummary(ctx: ServiceContext): Promise<AdminOrderSummaryDto> {
  const [row]: { total: string; pending: string; processing: string; completed: string; revenue: string }[] =
    await ctx.db.query(
      `SELECT count(*) AS total,
              count(*) FILTER (WHERE status = 'pending') AS pending,
              count(*) FILTER (WHERE status = 'processing') AS processing,
              count(*) FILTER (WHERE status = 'delivered') AS completed,
              COALESCE(SUM(total), 0)::numeric(20, 2)::text AS revenue
       FROM orders`,
    );
  return {
    total: Number(row!.total),
    pending: Number(row!.pending),
    processing: Number(row!.processing),
    completed: Number(row!.completed),
    revenue: row!.revenue,
  };
}

interface OrderDetailRow extends OrderRow {
  notes: string | null;
  estimated_delivery: Date | null;
  card_holder_name: string | null;
  card_last_four: string | null;
  bank_name: string | null;
  bank_account_number: string | null;
}

interface OrderItemRow {
  id: string;
  product_id: string;
  name: string;
  image_url: string | null;
  quantity: number;
  price: string;
  line_total: string;
}

interface HistoryRow {
  id: string;
  from_status: OrderStatus | null;
  to_status: OrderStatus;
  note: string | null;
  changed_by: string | null;
  email: string | null;
  first_name: string | null;
  last_name: string | null;
  created_at: Date;
}

/**
 * One order with its items and status timeline (oldest change first). The bank account number is
 * whole only for `payments:read` (`wholeAccountNumber`), else its last 4 (docs/architecture.md §4
 * "Payment data").
 */
export async function readOrder(
  db: EntityManager,
  id: string,
  wholeAccountNumber: boolean,
): Promise<AdminOrderDetailDto> {
  const [order]: OrderDetailRow[] = await db.query(
    `SELECT o.id, o.user_id, u.email AS customer_email, o.created_at, o.status, o.payment_method,
            o.payment_status, o.total, o.shipping_address, o.notes, o.estimated_delivery,
            o.card_holder_name, o.card_last_four, o.bank_name, o.bank_account_number
     FROM orders o LEFT JOIN users u ON u.id = o.user_id
     WHERE o.id = $1`,
    [id],
  );
  if (!order) throw new NotFoundError('Order');
  const items: OrderItemRow[] = await db.query(
    `SELECT i.id, i.product_id, p.name, p.image_url, i.quantity, i.price,
            (i.price * i.quantity)::numeric(20, 2)::text AS line_total
     FROM order_items i JOIN products p ON p.id = i.product_id
     WHERE i.order_id = $1
     ORDER BY i.created_at, i.id`,
    [id],
  );
  const history: HistoryRow[] = await db.query(
    `SELECT h.id, h.from_status, h.to_status, h.note, h.changed_by, u.email, u.first_name, u.last_name, h.created_at
     FROM order_status_history h LEFT JOIN users u ON u.id = h.changed_by
     WHERE h.order_id = $1
     ORDER BY h.created_at, h.id`,
    [id],
  );
  return {
    ...toListItem(order),
    notes: order.notes,
    estimatedDelivery: order.estimated_delivery?.toISOString() ?? null,
    cardHolderName: order.card_holder_name,
    cardLastFour: order.card_last_four,
    bankName: order.bank_name,
    bankAccountNumber: wholeAccountNumber
      ? order.bank_account_number
      : maskAccountNumber(order.bank_account_number),
    items: items.map((item) => ({
      id: item.id,
      productId: item.product_id,
      name: item.name,
      imageUrl: item.image_url,
      quantity: item.quantity,
      price: item.price,
      lineTotal: item.line_total,
    })),
    history: history.map((row) => ({
      id: row.id,
      fromStatus: row.from_status,
      toStatus: row.to_status,
      note: row.note,
      changedBy: row.changed_by ? { id: row.changed_by, name: actorName(row), email: row.email ?? '' } : null,
      createdAt: row.created_at.toISOString(),
    })),
  };
}

export async function getOrder(ctx: ServiceContext, id: string): Promise<AdminOrderDetailDto> {
  return readOrder(ctx.db, id, mayReadPayments(ctx));
}

const mayReadPayments = (ctx: ServiceContext) => ctx.user?.permissions.has('payments:read') ?? false;

/** The staff member's name as the timeline shows it. */
function nameOf(user: CurrentUser): string {
  return actorName({ first_name: user.firstName, last_name: user.lastName, email: user.email });
}

/** 'An order that is delivered cannot become pending' (docs/architecture.md §4). */
export function transitionMessage(from: OrderStatus, to: OrderStatus): string {
  return from === to ? `The order is already ${from}` : `An order that is ${from} cannot become ${to}`;
}

/**
 * Moves an order to `status`. The order row is locked first, so concurrent changes run one after
 * the other and each sees the status the previous one left: a second cancellation finds the order
 * cancelled and gets 409, so stock returns exactly once. On cancel, the items' products are locked
 * in id order (the same order placement locks them in), their stock is returned and the ledger
 * records it with source 'cancellation'. The payment status follows (paymentStatusAfter), and the
 * change is recorded in order_status_history with who and the note.
 */
export async function updateOrderStatus(
  ctx: ServiceContext,
  input: { id: string; status: OrderStatus; notes?: string },
): Promise<AdminOrderDetailDto> {
  const userId = ctx.user?.id ?? null;
  return ctx.db.transaction(async (tx) => {
    const [order]: {
      status: OrderStatus;
      payment_method: PaymentMethod;
      payment_status: string;
      user_id: string;
    }[] = await tx.query(
      `SELECT status, payment_method, payment_status, user_id FROM orders WHERE id = $1 FOR UPDATE`,
      [input.id],
    );
    if (!order) throw new NotFoundError('Order');
    if (!ORDER_TRANSITIONS[order.status].includes(input.status)) {
      throw new ConflictError(transitionMessage(order.status, input.status), {
        status: order.status,
        allowed: ORDER_TRANSITIONS[order.status],
      });
    }

    if (input.status === 'cancelled') await returnStock(tx, input.id, userId, input.notes);

    await tx.query(`UPDATE orders SET status = $2, payment_status = $3, updated_at = now() WHERE id = $1`, [
      input.id,
      input.status,
      paymentStatusAfter(input.status, order.payment_method, order.payment_status),
    ]);
    await tx.query(
      // clock_timestamp(), not now() (the transaction's start): a change that waited for another
      // one's row lock is stamped after it, so the timeline lists them in the order they happened.
      `INSERT INTO order_status_history (order_id, from_status, to_status, note, changed_by, created_at)
       VALUES ($1, $2, $3, $4, $5, clock_timestamp())`,
      [input.id, order.status, input.status, input.notes ?? null, userId],
    );
    // The owner's and the staff's open screens hear of it once this commits, on whichever api
    // instance they are (a cancellation's stock levels are announced by the ledger writer).
    publishAfterCommit(tx, [
      {
        type: 'order.status',
        orderId: input.id,
        userId: order.user_id,
        from: order.status,
        to: input.status,
        by: ctx.user && { id: ctx.user.id, name: nameOf(ctx.user) },
      },
    ]);
    return readOrder(tx, input.id, mayReadPayments(ctx));
  });
}

/** Puts a cancelled order's quantities back on the shelf and records each in the ledger. */
async function returnStock(
  tx: EntityManager,
  orderId: string,
  userId: string | null,
  note?: string,
): Promise<void> {
  const lines: { product_id: string; quantity: number }[] = await tx.query(
    `SELECT product_id, SUM(quantity)::int AS quantity FROM order_items
     WHERE order_id = $1 GROUP BY product_id ORDER BY product_id`,
    [orderId],
  );
  if (lines.length === 0) return;
  const ids = lines.map((line) => line.product_id);
  const before: { id: string; stock: number }[] = await tx.query(
    `SELECT id, stock FROM products WHERE id = ANY($1::uuid[]) ORDER BY id FOR UPDATE`,
    [ids],
  );
  const stockBefore = new Map(before.map((row) => [row.id, row.stock]));
  await tx.query(
    `UPDATE products p SET stock = p.stock + l.quantity, updated_at = now()
     FROM unnest($1::uuid[], $2::int[]) AS l(product_id, quantity)
     WHERE p.id = l.product_id`,
    [ids, lines.map((line) => line.quantity)],
  );
  await recordStockMovements(
    tx,
    lines.map((line) => {
      const quantityBefore = stockBefore.get(line.product_id) ?? 0;
      return {
        productId: line.product_id,
        quantityBefore,
        quantityAfter: quantityBefore + line.quantity,
        source: 'cancellation' as const,
        reason: note ? `Order cancelled: ${note}` : 'Order cancelled',
        orderId,
        userId,
      };
    }),
  );
}
