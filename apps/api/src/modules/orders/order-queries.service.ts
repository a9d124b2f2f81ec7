/**
 * Reading orders, for shoppers and staff alike (docs/architecture.md §4 'Who sees what'): one
 * service over the one repository (orders.repository.ts), so the shopper's order and the staff's
 * View dialog can never drift apart. Who may read what is decided here:
 * - an order: its owner, or a caller with `orders:read_all`; anyone else NOT_FOUND;
 * - a bank account number: whole only with `payments:read` (docs/architecture.md §4 "Payment data").
 */
import type {
  AdminOrderDetailDto,
  AdminOrderListInput,
  AdminOrderListItemDto,
  AdminOrderPageDto,
  AdminOrderPageQuery,
  AdminOrderSummaryDto,
  OrderDto,
  OrderListInput,
  OrderWithHistoryDto,
} from '@shop/schema';
import type { CurrentUser, ServiceContext } from '../../context';
import { NotFoundError } from '../../errors';
import {
  countOrders,
  countStaffOrders,
  listEveryOrder,
  listOrdersOf,
  listStaffOrders,
  loadOrderAggregate,
  orderCounts,
  toOrderDto,
  toShopperOrder,
  toStaffListItem,
  toStaffOrder,
  type OrderAggregate,
} from './orders.repository';

type Ctx = ServiceContext & { user: CurrentUser };

const canReadAll = (user: CurrentUser | null) => user?.permissions.has('orders:read_all') ?? false;
export const mayReadPayments = (ctx: ServiceContext) => ctx.user?.permissions.has('payments:read') ?? false;

/** The order if the caller may see it (its owner, or `orders:read_all`), else NOT_FOUND. */
async function visibleOrder(ctx: ServiceContext, id: string): Promise<OrderAggregate> {
  const aggregate = await loadOrderAggregate(ctx.db, id);
  if (!aggregate || (aggregate.order.userId !== ctx.user?.id && !canReadAll(ctx.user))) {
    throw new NotFoundError('Order');
  }
  return aggregate;
}

/** `orders.byId`, GET /api/orders/:id: one order with its lines as bought and its timeline. */
export async function getOrder(ctx: Ctx, id: string): Promise<OrderWithHistoryDto> {
  return toShopperOrder(await visibleOrder(ctx, id), mayReadPayments(ctx));
}

/** `orderManagement.byId`: the staff's View dialog (the procedure demands `orders:read_all`). */
export async function getStaffOrder(ctx: ServiceContext, id: string): Promise<AdminOrderDetailDto> {
  return toStaffOrder(await visibleOrder(ctx, id), mayReadPayments(ctx));
}

/** The caller's own orders, newest first. */
export async function listMyOrders(ctx: Ctx, page: OrderListInput = {}): Promise<OrderDto[]> {
  return (await listOrdersOf(ctx.db, ctx.user.id, page)).map(toOrderDto);
}

/** Every order, newest first, a page at a time (callers with `orders:read_all`; the procedure checks it). */
export async function listAllOrders(ctx: Ctx, page: OrderListInput = {}): Promise<OrderDto[]> {
  return (await listEveryOrder(ctx.db, page)).map(toOrderDto);
}

/**
 * How many orders the caller may see: every order with `orders:read_all`, else their own. For the
 * paging headers of GET /api/orders (orders.rest.ts); a count(*) over the primary key or the
 * user_id index, so cheap even at 50,000 orders.
 */
export async function countVisibleOrders(ctx: Ctx): Promise<number> {
  return canReadAll(ctx.user) ? countOrders(ctx.db) : countOrders(ctx.db, ctx.user.id);
}

/** The staff list: every order, newest first, filtered; stops at the newest ADMIN_ORDER_LIST_LIMIT. */
export async function listOrders(
  ctx: ServiceContext,
  input: AdminOrderListInput,
): Promise<AdminOrderListItemDto[]> {
  return (await listStaffOrders(ctx.db, input)).map(toStaffListItem);
}

/** The order management screen: one page of the filtered orders, newest first, and how many match. */
export async function pageOrders(
  ctx: ServiceContext,
  input: AdminOrderPageQuery,
): Promise<AdminOrderPageDto> {
  const { page, pageSize } = input;
  const [rows, total] = await Promise.all([
    listStaffOrders(ctx.db, input, { limit: pageSize, offset: (page - 1) * pageSize }),
    countStaffOrders(ctx.db, input),
  ]);
  return { items: rows.map(toStaffListItem), total, page, pageSize };
}

/** The cards: counts per status and the sum of every order's total (docs/product.md §9). */
export async function orderSummary(ctx: ServiceContext): Promise<AdminOrderSummaryDto> {
  const row = await orderCounts(ctx.db);
  return {
    total: Number(row.total),
    pending: Number(row.pending),
    processing: Number(row.processing),
    completed: Number(row.completed),
    revenue: row.revenue,
  };
}
