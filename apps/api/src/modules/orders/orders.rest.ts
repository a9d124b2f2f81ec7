/**
 * The REST adapter's helpers for /api/orders: the `Idempotency-Key` header joins the body as the
 * procedure's `idempotencyKey`, and GET /api/orders answers by permission (DESIGN.md §4 'Who sees
 * what') — everybody's orders with `orders:read_all`, else the caller's own.
 */
import type { FastifyRequest } from 'fastify';
import { TRPCError } from '@trpc/server';
import type { Caller } from '../../rest/routes';
import type { OrderListInput } from '@shop/schema';
import { BadRequestError } from '../../errors';

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

/** GET /api/orders: `orders.list` for callers who may read every order, `orders.mine` otherwise. */
export async function listVisibleOrders(caller: Caller, page: OrderListInput) {
  try {
    return await caller.orders.list(page);
  } catch (error) {
    if (error instanceof TRPCError && error.code === 'FORBIDDEN') return caller.orders.mine(page);
    throw error;
  }
}
