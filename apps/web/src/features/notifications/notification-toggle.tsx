/** The header's bell (docs/product.md §1, §8): asks the browser for notification permission. */
import { useState } from 'react';
import { ActionIcon } from '@mantine/core';
import { IconBell, IconBellOff, IconBellRinging } from '@tabler/icons-react';
import { notificationState, requestNotifications } from './browser-notifications';

const LABEL = {
  default: 'Enable notifications',
  granted: 'Notifications are on',
  denied: 'Notifications are blocked in this browser',
  unsupported: 'Notifications are not supported',
} as const;

export function NotificationToggle() {
  const [state, setState] = useState(notificationState);
  const Icon = state === 'granted' ? IconBellRinging : state === 'default' ? IconBell : IconBellOff;
  return (
    <ActionIcon
      variant={state === 'granted' ? 'light' : 'default'}
      color={state === 'granted' ? 'green' : 'gray'}
      size="lg"
      aria-label={LABEL[state]}
      // A native title, not Mantine's Tooltip: its floating layer would add ~20 KB to the first load.
      title={LABEL[state]}
      data-testid="notification-toggle"
      data-state={state}
      onClick={async () => setState(await requestNotifications())}
    >
      <Icon size={18} />
    </ActionIcon>
  );
}
