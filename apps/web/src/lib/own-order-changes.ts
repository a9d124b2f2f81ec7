/**
 * Order changes the shopper makes on this page (cancelling one of their orders), remembered until
 * the live stream echoes them back (features/notifications/live-order-updates.tsx). The screen that
 * made the change already says so with its own toast; announcing it again would put a second toast
 * in the queue (one shows at a time), ahead of the first when the stream is quicker than the answer.
 * Another tab of theirs still announces it, as it never saw the change being made.
 */
import type { OrderStatus } from '@shop/schema';

/** An echo later than this is announced after all (the answer was lost, the page slept). */
const REMEMBER_MS = 60_000;

const expected = new Map<string, number>();
const keyOf = (orderId: string, status: OrderStatus) => `${orderId} ${status}`;

/** Called before the change is sent. */
export function expectOwnOrderChange(orderId: string, status: OrderStatus): void {
  expected.set(keyOf(orderId, status), Date.now() + REMEMBER_MS);
}

/** Called when the change failed: nothing of ours will be echoed. */
export function forgetOwnOrderChange(orderId: string, status: OrderStatus): void {
  expected.delete(keyOf(orderId, status));
}

/** Whether a live event of this order reaching `status` is the echo of a change made here (once). */
export function isOwnOrderChange(orderId: string, status: OrderStatus): boolean {
  const key = keyOf(orderId, status);
  const until = expected.get(key);
  expected.delete(key);
  return until !== undefined && until >= Date.now();
}
