/**
 * The streams the subscriptions return: each one filters the bus's events on the server, so a
 * caller is never sent what they may not see.
 */
import { hearsLiveEvent, toShopperOrderEvent, type LiveEvent, type ShopperOrderEvent } from '@shop/schema';
import type { LiveEventBus } from './live-event-bus';

/**
 * The events `pick` keeps (mapped), as they happen, until the caller disconnects (`signal`) or
 * the api shuts down.
 */
async function* streamOf<T>(
  bus: LiveEventBus,
  pick: (event: LiveEvent) => T | null,
  signal?: AbortSignal,
): AsyncGenerator<T> {
  const queue: T[] = [];
  let wake: (() => void) | null = null;
  const unsubscribe = bus.subscribe((event) => {
    const picked = pick(event);
    if (picked === null) return;
    queue.push(picked);
    wake?.();
  });
  const stop = () => wake?.();
  const unClose = bus.onClose(stop);
  signal?.addEventListener('abort', stop);
  try {
    while (!signal?.aborted && !bus.closed) {
      if (queue.length > 0) {
        yield queue.shift()!;
        continue;
      }
      await new Promise<void>((resolve) => (wake = resolve));
      wake = null;
    }
  } finally {
    unsubscribe();
    unClose();
    signal?.removeEventListener('abort', stop);
  }
}

/** One shopper's stream: their own orders' events, never anybody else's, and never who made them. */
export function ordersOf(
  bus: LiveEventBus,
  userId: string,
  signal?: AbortSignal,
): AsyncGenerator<ShopperOrderEvent> {
  return streamOf(
    bus,
    (event) => (event.type !== 'stock' && event.userId === userId ? toShopperOrderEvent(event) : null),
    signal,
  );
}

/**
 * One staff member's stream: each event checked against the permissions they held when the stream
 * opened (order events for those who may read every order, stock events for those who may see
 * every product's stock). A role change takes effect when the screen reconnects.
 */
export function staffEventsOf(
  bus: LiveEventBus,
  permissions: ReadonlySet<string>,
  signal?: AbortSignal,
): AsyncGenerator<LiveEvent> {
  return streamOf(bus, (event) => (hearsLiveEvent(permissions, event) ? event : null), signal);
}
