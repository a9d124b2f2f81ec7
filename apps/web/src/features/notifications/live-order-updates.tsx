/**
 * Live order updates for the signed-in shopper (issue 7): their own orders' changes arrive over a
 * server-sent events stream (`orderEvents.mine`); My Orders and the dashboard refresh in place and
 * the change is announced — a browser notification when permitted, a toast otherwise. Works on both
 * databases (LISTEN/NOTIFY, or in-process on the embedded one). Renders nothing.
 */
import { trpc } from '../../lib/trpc';
import { useAuth } from '../auth/use-auth';
import { notify } from './browser-notifications';
import { kindForStatus, orderNotification } from './notification-texts';

export function LiveOrderUpdates() {
  const { user } = useAuth();
  const utils = trpc.useUtils();
  trpc.orderEvents.mine.useSubscription(undefined, {
    enabled: Boolean(user),
    onData(event) {
      void utils.orders.invalidate();
      // A new order was announced where it was placed; another tab of theirs only refreshes.
      if (event.kind === 'placed') return;
      const note = orderNotification(kindForStatus(event.status), event.orderId);
      notify(note.title, { body: note.body, toastWhenDenied: true });
    },
  });
  return null;
}
