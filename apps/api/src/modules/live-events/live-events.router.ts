import { TRPCError } from '@trpc/server';
import { STAFF_LIVE_EVENT_PERMISSIONS } from '@shop/schema';
import { authedProcedure, canAny, router } from '../../trpc/trpc';
import type { CurrentUser, RequestContext } from '../../context';
import type { StreamTerms } from './live-stream-guard';
import { ordersOf, staffEventsOf } from './live-event-streams';
import type {} from './request-context';

function busOf(ctx: RequestContext) {
  if (!ctx.liveEvents)
    throw new TRPCError({ code: 'NOT_IMPLEMENTED', message: 'Live updates are not available here' });
  return ctx.liveEvents;
}

/**
 * The stream's place and terms (live-stream-guard.ts): refused with 429 past LIVE_STREAMS_PER_USER;
 * `allowed` is re-checked against the caller's current permissions while it runs.
 */
function termsOf(
  ctx: RequestContext & { user: CurrentUser },
  signal: AbortSignal | undefined,
  allowed: (permissions: ReadonlySet<string>) => boolean,
): StreamTerms | undefined {
  if (!ctx.liveStreams) return undefined;
  const terms = ctx.liveStreams.claim(ctx.dataSource, ctx.req, ctx.user, allowed);
  signal?.addEventListener('abort', terms.release, { once: true });
  return terms;
}

const holdsStaffStream = (permissions: ReadonlySet<string>) =>
  STAFF_LIVE_EVENT_PERMISSIONS.some((permission) => permissions.has(permission));

/**
 * `orderEvents.mine`: the signed-in user's own order changes as server-sent events (tRPC
 * subscription over SSE). The web refreshes My Orders and the dashboard and shows the notification.
 */
export const orderEventsRouter = router({
  mine: authedProcedure.subscription(({ ctx, signal }) =>
    ordersOf(
      busOf(ctx),
      ctx.user.id,
      signal,
      termsOf(ctx, signal, () => true),
    ),
  ),
});

/**
 * `liveEvents.staff`: what open admin screens need to stay true (new orders, status changes, stock
 * levels), each event only to those whose permissions let them see it (LIVE_EVENT_AUDIENCE).
 * Anyone who would hear nothing is refused, and a stream ends when its caller stops holding it.
 */
export const liveEventsRouter = router({
  staff: canAny(STAFF_LIVE_EVENT_PERMISSIONS).subscription(({ ctx, signal }) =>
    staffEventsOf(busOf(ctx), ctx.user.permissions, signal, termsOf(ctx, signal, holdsStaffStream)),
  ),
});
