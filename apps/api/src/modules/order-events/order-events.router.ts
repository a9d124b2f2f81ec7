import { TRPCError } from '@trpc/server';
import { authedProcedure, router } from '../../trpc/trpc';
import { ordersOf } from './order-event-bus';

/**
 * `orderEvents.mine`: the signed-in user's own order changes as server-sent events (tRPC
 * subscription over SSE). The web refreshes My Orders and the dashboard and shows the notification.
 */
export const orderEventsRouter = router({
  mine: authedProcedure.subscription(({ ctx, signal }) => {
    if (!ctx.orderEvents)
      throw new TRPCError({ code: 'NOT_IMPLEMENTED', message: 'Live updates are not available here' });
    return ordersOf(ctx.orderEvents, ctx.user.id, signal);
  }),
});
