/** The toast on screen (lib/toast.tsx renders Mantine notifications, one at a time). */
import { expect, type Locator, type Page } from '@playwright/test';

export function toastWith(page: Page, title: string, description?: string): Locator {
  let toast = page.locator('.mantine-Notification-root').filter({
    has: page.locator('.mantine-Notification-title', { hasText: new RegExp(`^${escape(title)}$`) }),
  });
  if (description !== undefined) {
    toast = toast.filter({
      has: page.locator('.mantine-Notification-description', {
        hasText: new RegExp(`^${escape(description)}$`),
      }),
    });
  }
  return toast;
}

/** Waits for a toast with exactly this title (and description); destructive ones are role=alert. */
export async function expectToast(
  page: Page,
  title: string,
  description?: string,
  variant: 'default' | 'destructive' = 'default',
): Promise<Locator> {
  // One assertion, so a toast shown just before a navigation is still caught.
  const role = variant === 'destructive' ? 'alert' : 'status';
  const toast = toastWith(page, title, description).and(page.locator(`[role="${role}"]`));
  await expect(toast).toBeVisible();
  return toast;
}

/** Closes whatever toast is showing, so the next identical one is a new one. */
export async function dismissToasts(page: Page) {
  const toasts = page.locator('.mantine-Notification-root');
  // Retried as a whole: a toast may close by itself between listing and clicking (its locator then
  // matches nothing, and a click without a timeout would wait for it until the test times out), and
  // a live update may bring a new one meanwhile.
  await expect(async () => {
    for (const close of await toasts.getByRole('button').all()) {
      await close.click({ timeout: 1000 }).catch(() => undefined);
    }
    await expect(toasts).toHaveCount(0, { timeout: 1000 });
  }).toPass({ timeout: 20_000 });
}

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
