/**
 * What live events add to every request's context (context.ts `RequestContext`): the base layer
 * knows no module, so this module declares its own fields, and the composition root
 * (request-context.ts beside app.ts) fills them in.
 */
import type { LiveEventBus } from './live-event-bus';
import type { LiveStreams } from './live-stream-guard';

declare module '../../context' {
  interface RequestContext {
    /** Live events (tRPC subscriptions); absent where nothing streams (the REST adapter). */
    liveEvents?: LiveEventBus;
    /** The open live streams' limits and re-checks (absent: streams without them, in service tests). */
    liveStreams?: LiveStreams;
  }
}
