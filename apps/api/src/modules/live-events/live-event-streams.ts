/**
 * The streams the subscriptions return: each one filters the bus's events on the server, so a
 * caller is never sent what they may not see.
 */
import {
  hearsLiveEvent,
  isOrderEvent,
  toShopperOrderEvent,
  type LiveEvent,
  type ShopperOrderEvent,
} from '@shop/schema';
import type { LiveEventBus } from './live-event-bus';
import type { StreamTerms } from './live-stream-guard';

/**
 * The events `pick` keeps (mapped), as they happen, until the caller disconnects (`signal`), the
 * api shuts down, or the stream's terms end it (live-stream-guard.ts): its lifetime is over, or a
 * re-check finds the caller no longer holds it. `pick` sees the permissions the caller holds as of
 * the last re-check.
 */
async function* streamOf<T>(
  bus: LiveEventBus,
  pick: (event: LiveEvent, permissions: ReadonlySet<string>) => T | null,
  permissions: ReadonlySet<string>,
  signal?: AbortSignal,
  terms?: StreamTerms,
): AsyncGenerator<T> {
  const queue: T[] = [];
  let wake: (() => void) | null = null;
  let ended = false;
  let held = permissions;
  const unsubscribe = bus.subscribe((event) => {
    const picked = pick(event, held);
    if (picked === null) return;
    queue.push(picked);
    wake?.();
  });
  const stop = () => wake?.();
  const end = () => {
    ended = true;
    wake?.();
  };
  const unClose = bus.onClose(stop);
  signal?.addEventListener('abort', stop);
  const lifetime = terms ? setTimeout(end, terms.maxMs) : undefined;
  let checking = false;
  const recheck = terms
    ? setInterval(() => {
        if (checking) return;
        checking = true;
        terms
          .recheck()
          .then(
            (now) => (now ? (held = now) : end()),
            () => end(), // cannot tell: end it; the reconnect is checked like any request
          )
          .finally(() => (checking = false));
      }, terms.recheckMs)
    : undefined;
  try {
    while (!signal?.aborted && !bus.closed && !ended) {
      if (queue.length > 0) {
        yield queue.shift()!;
        continue;
      }
      await new Promise<void>((resolve) => (wake = resolve));
      wake = null;
    }
  } finally {
    clearTimeout(lifetime);
    clearInterval(recheck);
    terms?.release();
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
  terms?: StreamTerms,
): AsyncGenerator<ShopperOrderEvent> {
  return streamOf(
    bus,
    (event) => (isOrderEvent(event) && event.userId === userId ? toShopperOrderEvent(event) : null),
    new Set(),
    signal,
    terms,
  );
}

/**
 * One staff member's stream: each event checked against the permissions they hold (order events
 * for those who may read every order, stock events for those who may see every product's stock),
 * as of the stream's last re-check (live-stream-guard.ts).
 */
export function staffEventsOf(
  bus: LiveEventBus,
  permissions: ReadonlySet<string>,
  signal?: AbortSignal,
  terms?: StreamTerms,
): AsyncGenerator<LiveEvent> {
  return streamOf(
    bus,
    (event, held) => (hearsLiveEvent(held, event) ? event : null),
    permissions,
    signal,
    terms,
  );
}
