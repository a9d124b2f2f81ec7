import { TRPCError } from '@trpc/server';
import { STAFF_LIVE_EVENT_PERMISSIONS } from '@shop/schema';
import { authedProcedure, canAny, router } from '../../trpc/trpc';
import type { RequestContext } from '../../context';
import { ordersOf, staffEventsOf } from './live-event-streams';

function busOf(ctx: RequestContext) {
  if (!ctx.liveEvents)
    throw new TRPCError({ code: 'NOT_IMPLEMENTED', message: 'Live updates are not available here' });
  return ctx.liveEvents;
}

/**
 * `orderEvents.mine`: the signed-in user's own order changes as server-sent events (tRPC
 * subscription over SSE). The web refreshes My Orders and the dashboard and shows the notification.
 */
export const orderEventsRouter = router({
  mine: authedProcedure.subscription(({ ctx, signal }) => ordersOf(busOf(ctx), ctx.user.id, signal)),
});

/**
 * `liveEvents.staff`: what open admin screens need to stay true (new orders, status changes, stock
 * levels), each event only to those whose permissions let them see it (LIVE_EVENT_AUDIENCE).
 * Anyone who would hear nothing is refused.
 */
export const liveEventsRouter = router({
  staff: canAny(STAFF_LIVE_EVENT_PERMISSIONS).subscription(({ ctx, signal }) =>
    staffEventsOf(busOf(ctx), ctx.user.permissions, signal),
  ),
});
