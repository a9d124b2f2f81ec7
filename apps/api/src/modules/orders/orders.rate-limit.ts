/**
 * The rate limit on placing orders (docs/architecture.md §4): a middleware of the `orders.create` procedure,
 * so it counts every order call however it arrives — alone or inside a tRPC batch over /trpc, or
 * through the REST adapter's POST /api/orders (which calls the same procedure). It runs before the
 * input is parsed, so a flood of invalid orders counts too. The counters and maxima are built in
 * apps/api/src/http/rate-limits.ts from ORDER_RATE_LIMIT_PER_MINUTE (per user) and
 * API_TOKEN_ORDER_RATE_LIMIT_PER_MINUTE (per token).
 */
import { TooManyRequestsError } from '../../errors';
import { middleware } from '../../trpc/trpc';

export const orderPlacementLimit = middleware(async ({ ctx, next }) => {
  const limiter = ctx.rateLimits?.placeOrder;
  if (limiter) {
    const { allowed, retryAfterSeconds } = await limiter(ctx.req);
    if (!allowed) {
      ctx.res.header('retry-after', String(retryAfterSeconds));
      throw new TooManyRequestsError(`Too many orders. Please try again in ${retryAfterSeconds} seconds.`);
    }
  }
  return next();
});
