/**
 * The rate limit on placing orders (DESIGN.md §4), one counter for both ways in: POST /api/orders
 * and the `orders.create` procedure over /trpc (alone or in a batch). It runs as an onRequest hook
 * — after the session is loaded, so signed-in shoppers are counted per user (the config's key) —
 * and answers 429 before any database work, in each protocol's own error shape.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { RateLimitOptions } from '@fastify/rate-limit';
import { TRPC_ERROR_CODES_BY_KEY } from '@trpc/server/rpc';

const PLACE_ORDER_PROCEDURE = 'orders.create';

/** The procedures a /trpc URL calls ('/trpc/a.b,c.d?batch=1' → ['a.b', 'c.d']), or null for any other URL. */
function trpcProcedures(url: string): string[] | null {
  const path = url.split('?', 1)[0]!;
  if (!path.startsWith('/trpc/')) return null;
  return decodeURIComponent(path.slice('/trpc/'.length)).split(',');
}

function placesAnOrder(req: FastifyRequest): boolean {
  if (req.method !== 'POST') return false;
  const path = req.url.split('?', 1)[0]!;
  if (path === '/api/orders' || path === '/api/orders/') return true;
  try {
    return trpcProcedures(req.url)?.includes(PLACE_ORDER_PROCEDURE) ?? false;
  } catch {
    return false; // a malformed escape: tRPC refuses the call itself
  }
}

export function installOrderPlacementLimit(app: FastifyInstance, options: RateLimitOptions): void {
  const check = app.createRateLimit(options);
  app.addHook('onRequest', async (req, reply) => {
    if (!placesAnOrder(req)) return;
    const limit = await check(req);
    if (limit.isAllowed || !limit.isExceeded) return;
    const message = `Too many orders. Please try again in ${limit.ttlInSeconds} seconds.`;
    reply.code(429).header('retry-after', String(limit.ttlInSeconds));
    const procedures = trpcProcedures(req.url);
    if (!procedures) return reply.send({ message, code: 'TOO_MANY_REQUESTS' });
    const error = {
      error: {
        message,
        code: TRPC_ERROR_CODES_BY_KEY.TOO_MANY_REQUESTS,
        data: { code: 'TOO_MANY_REQUESTS', httpStatus: 429 },
      },
    };
    const batched = new URL(req.url, 'http://x').searchParams.get('batch') === '1';
    return reply.send(batched ? procedures.map(() => error) : error);
  });
}
