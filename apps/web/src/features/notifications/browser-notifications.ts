/**
 * The browser's Notification API as the shop uses it: asking for permission with the spec's toasts
 * (docs/product.md §8 Notifications), and showing a notification when allowed.
 */
import { toast } from '../../lib/toast';

export type NotificationState = NotificationPermission | 'unsupported';

export function notificationState(): NotificationState {
  return typeof window !== 'undefined' && 'Notification' in window ? Notification.permission : 'unsupported';
}

export async function requestNotifications(): Promise<NotificationState> {
  if (notificationState() === 'unsupported') {
    toast({
      title: 'Not Supported',
      description: "This browser doesn't support notifications.",
      variant: 'destructive',
    });
    return 'unsupported';
  }
  const result = await Notification.requestPermission();
  if (result === 'granted') {
    toast({
      title: 'Notifications Enabled',
      description: "You'll receive notifications for order updates and stock alerts.",
    });
  } else if (result === 'denied') {
    toast({
      title: 'Notifications Denied',
      description: "You won't receive order updates or stock alerts.",
      variant: 'destructive',
    });
  }
  return result;
}

interface NotifyOptions {
  body: string;
  /** Stays until the user acts on it (low-stock alerts). */
  requireInteraction?: boolean;
  /** Without permission, say it as a toast instead (live order updates). */
  toastWhenDenied?: boolean;
}

/** A browser notification when permitted, else (if asked) the same words as a toast. */
export function notify(
  title: string,
  { body, requireInteraction = false, toastWhenDenied = false }: NotifyOptions,
) {
  if (notificationState() === 'granted') {
    const options: NotificationOptions = { body, requireInteraction, icon: '/favicon.svg' };
    try {
      new Notification(title, options);
    } catch {
      // Some mobile browsers only let a service worker show notifications.
      void navigator.serviceWorker?.ready.then((registration) =>
        registration.showNotification(title, options),
      );
    }
  } else if (toastWhenDenied) {
    toast({ title, description: body });
  }
}
