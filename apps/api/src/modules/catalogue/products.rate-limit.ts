/**
 * Searching the catalogue while signed out is limited per IP (SEARCH_RATE_LIMIT_PER_MINUTE): a
 * search is the catalogue's most expensive read, and a visitor needs no more than a person types.
 * A middleware after the input is parsed (it needs to know whether the call searches), so each
 * search call counts, alone or inside a tRPC batch, over tRPC or REST. Signed-in callers and plain
 * browsing are not limited here.
 */
import { TooManyRequestsError } from '../../errors';
import { middleware } from '../../trpc/trpc';

export const anonymousSearchLimit = middleware(async ({ ctx, input, next }) => {
  const searches = Boolean((input as { search?: string } | undefined)?.search);
  const limiter = ctx.rateLimits?.anonymousSearch;
  if (searches && !ctx.user && limiter) {
    const { allowed, retryAfterSeconds } = await limiter(ctx.req);
    if (!allowed) {
      ctx.res.header('retry-after', String(retryAfterSeconds));
      throw new TooManyRequestsError(`Too many searches. Please try again in ${retryAfterSeconds} seconds.`);
    }
  }
  return next();
});
