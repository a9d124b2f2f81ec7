/**
 * The REST adapter's helpers for /api/orders: the `Idempotency-Key` header joins the body as the
 * procedure's `idempotencyKey`, and GET /api/orders answers by permission (docs/architecture.md §4 'Who sees
 * what') — everybody's orders with `orders:read_all`, else the caller's own — and says how many
 * there are in all (`X-Total-Count`) and where the next page is (`Link: <…>; rel="next"`), so a
 * caller that did not page (staff get the newest ORDER_LIST_DEFAULT_LIMIT) knows the answer is partial.
 */
import type { FastifyRequest } from 'fastify';
import type { RequestContext } from '../../context';
import { ORDER_LIST_DEFAULT_LIMIT, OrderListInput, type OrderDto } from '@shop/schema';
import { BadRequestError, UnauthorizedError } from '../../errors';
import { countVisibleOrders } from './order-queries.service';

/**
 * What GET /api/orders calls: the two procedures of this module's router, as the REST adapter's
 * caller (rest/routes.ts, above the modules) offers them. Named here by shape, so the module does
 * not import the table that imports it.
 */
export interface OrdersListCaller {
  orders: {
    list(input: OrderListInput): Promise<OrderDto[]>;
    mine(input: OrderListInput): Promise<OrderDto[]>;
  };
}

export const IDEMPOTENCY_HEADER = 'idempotency-key';

/** POST /api/orders' body with the header's key added; a header that contradicts the body is refused. */
export function orderBodyWithIdempotencyKey(req: FastifyRequest): unknown {
  const header = req.headers[IDEMPOTENCY_HEADER];
  if (header === undefined) return req.body;
  if (Array.isArray(header))
    throw new BadRequestError('Send one Idempotency-Key header', [
      { path: 'Idempotency-Key', message: 'Send one Idempotency-Key header' },
    ]);
  const body = req.body;
  if (!body || typeof body !== 'object' || Array.isArray(body)) return body;
  const inBody = (body as { idempotencyKey?: unknown }).idempotencyKey;
  if (inBody !== undefined && inBody !== header) {
    throw new BadRequestError('The Idempotency-Key header and idempotencyKey in the body differ', [
      { path: 'idempotencyKey', message: 'must equal the Idempotency-Key header' },
    ]);
  }
  return { ...body, idempotencyKey: header };
}

/**
 * GET /api/orders: `orders.list` for callers who may read every order, `orders.mine` otherwise,
 * with the paging headers. The list is an array, as the spec documents; the headers say the rest.
 */
export async function listVisibleOrders(caller: OrdersListCaller, query: unknown, ctx: RequestContext) {
  // Chosen by permission rather than by trying orders.list first: a shopper listing their own
  // orders is not a refused staff call, which the audit log would record (modules/audit).
  const staff = ctx.user?.permissions.has('orders:read_all') === true;
  const orders: OrderDto[] = staff
    ? await caller.orders.list(query as OrderListInput)
    : await caller.orders.mine(query as OrderListInput); // without a limit: all of the caller's own
  // The query as the procedure read it (numbers, not the query string's text); it passed already.
  const page = OrderListInput.parse(query);
  const limit = page?.limit ?? (staff ? ORDER_LIST_DEFAULT_LIMIT : undefined);
  await setPagingHeaders(ctx, orders.length, page?.offset ?? 0, limit);
  return orders;
}

/**
 * `X-Total-Count` and, when there may be more, `Link: </api/orders?limit=n&offset=m>; rel="next"`.
 * A page that came back short (and not empty) ends the list, so its total needs no query; only a
 * full or empty page costs a count(*).
 */
async function setPagingHeaders(
  ctx: RequestContext,
  returned: number,
  offset: number,
  limit: number | undefined,
): Promise<void> {
  if (!ctx.user) throw new UnauthorizedError(); // the procedures above already refused
  const ended = returned > 0 && (limit === undefined || returned < limit);
  const total = ended ? offset + returned : await countVisibleOrders({ ...ctx, user: ctx.user });
  ctx.res.header('x-total-count', String(total));
  if (limit !== undefined && offset + returned < total) {
    ctx.res.header('link', `</api/orders?limit=${limit}&offset=${offset + returned}>; rel="next"`);
  }
}
