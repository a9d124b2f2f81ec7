/**
 * Live order updates for the signed-in shopper (issue 7): their own orders' changes arrive over a
 * server-sent events stream (`orderEvents.mine`); My Orders and the dashboard refresh in place and
 * the change is announced — a browser notification when permitted, a toast otherwise. Renders nothing.
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
      const note = orderNotification(kindForStatus(event.status), event.orderId);
      notify(note.title, { body: note.body, toastWhenDenied: true });
    },
  });
  return null;
}
