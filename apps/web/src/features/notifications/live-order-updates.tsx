/**
 * Live order updates for the signed-in shopper (issue 7): their own orders' changes arrive over a
 * server-sent events stream (`orderEvents.mine`); My Orders and the dashboard refresh in place and
 * the change is announced — a browser notification when permitted, a toast otherwise. Works on both
 * databases (LISTEN/NOTIFY, or in-process on the embedded one). Renders nothing.
 *
 * The server ends a stream after LIVE_STREAM_MAX_SECONDS (docs/architecture.md §4 "Live streams"):
 * a stream ended by the server is opened again a second later, and the orders refreshed, since
 * what happened in between was not heard. One ended because the sign-in is gone is refused then,
 * and stays closed.
 */
import { useEffect, useRef } from 'react';
import { trpc } from '../../lib/trpc';
import { isOwnOrderChange } from '../../lib/own-order-changes';
import { useAuth } from '../auth';
import { notify } from './browser-notifications';
import { kindForStatus, orderNotification } from './notification-texts';

const REOPEN_AFTER_MS = 1000;

export function LiveOrderUpdates() {
  const { user } = useAuth();
  const utils = trpc.useUtils();
  const enabled = Boolean(user);
  const reopen = useRef<(() => void) | null>(null);
  const subscription = trpc.orderEvents.mine.useSubscription(undefined, {
    enabled,
    // Also called when this component unsubscribes; only a stream still ended a moment later was
    // ended by the server.
    onComplete: () => setTimeout(() => reopen.current?.(), REOPEN_AFTER_MS),
    onData(event) {
      void utils.orders.invalidate();
      // A new order was announced where it was placed, a cancellation where it was made; another
      // tab of theirs announces the cancellation, and only refreshes for a new order.
      if (event.kind === 'placed') return;
      if (event.kind === 'status' && isOwnOrderChange(event.orderId, event.status)) return;
      const kind =
        event.kind === 'weighed' || event.kind === 'substituted' ? event.kind : kindForStatus(event.status);
      const note = orderNotification(kind, event.orderId);
      notify(note.title, { body: note.body, toastWhenDenied: true });
    },
  });
  // Read while rendering, so the hook renders again when it changes (tRPC tracks what is read).
  const status = subscription.status;
  const mounted = useRef(false);
  useEffect(() => {
    mounted.current = true;
    return () => void (mounted.current = false);
  }, []);
  useEffect(() => {
    const reset = subscription.reset;
    reopen.current = () => {
      if (!mounted.current || !enabled || status !== 'idle') return;
      reset();
      void utils.orders.invalidate();
    };
  });
  return null;
}
