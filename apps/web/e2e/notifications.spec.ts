/**
 * Browser notifications (docs/product.md §1, §6, §8, §9) in Chromium with the permission granted: the header's
 * bell and its toast, 'Your order has been placed successfully!' when an order is placed, and the
 * low-stock alerts an admin gets once (not again on a reload within the hour). Notifications are
 * observed by recording what the page hands to the browser's Notification API.
 */
import { expect, test, type Page } from './support/test';
import { DEMO, freshEmail, signIn } from './support/auth';
import { expectToast } from './support/toast';

test.use({ permissions: ['notifications'] });

interface Shown {
  title: string;
  body?: string;
  requireInteraction?: boolean;
}

/** Wraps window.Notification so the test can read every notification the page shows. */
async function recordNotifications(page: Page) {
  await page.addInitScript(() => {
    const Real = window.Notification;
    const shown: { title: string; body?: string; requireInteraction?: boolean }[] = [];
    (window as unknown as { shownNotifications: typeof shown }).shownNotifications = shown;
    class Recording extends Real {
      constructor(title: string, options?: NotificationOptions) {
        super(title, options);
        shown.push({ title, body: options?.body, requireInteraction: options?.requireInteraction });
      }
    }
    Object.defineProperty(window, 'Notification', { value: Recording, configurable: true, writable: true });
  });
}

const shown = (page: Page) =>
  page.evaluate(() => (window as unknown as { shownNotifications: Shown[] }).shownNotifications);

test('the header bell asks for permission and says notifications are enabled', async ({ page }) => {
  await page.goto('/cart');
  const bell = page.getByRole('banner').getByTestId('notification-toggle');
  await bell.click();
  await expectToast(
    page,
    'Notifications Enabled',
    "You'll receive notifications for order updates and stock alerts.",
  );
  await expect(bell).toHaveAttribute('data-state', 'granted');
});

test('placing an order shows “Your order has been placed successfully!” with the order’s first 8 characters', async ({
  page,
}) => {
  await recordNotifications(page);
  await signIn(page, freshEmail('notify'));
  const products = (await (await page.request.get('/api/products')).json()) as {
    id: string;
    name: string;
    price: string;
    stock: number;
  }[];
  const product = products.find((p) => p.stock >= 25)!;
  await page.evaluate((line) => window.localStorage.setItem('freshcart.cart', JSON.stringify([line])), {
    productId: product.id,
    name: product.name,
    price: product.price,
    quantity: 1,
  });
  await page.goto('/checkout');
  await page.getByRole('radio', { name: /Cash on Delivery/ }).check();
  await page.getByLabel('Shipping address').fill('5 Bell Street, Springfield');
  await page.getByRole('button', { name: /^Place Order - \$/ }).click();
  await expectToast(page, 'Order placed successfully!');
  const [order] = (await (await page.request.get('/api/orders')).json()) as { id: string }[];
  await expect
    .poll(() => shown(page))
    .toContainEqual({
      title: 'Your order has been placed successfully!',
      body: `Order #${order!.id.slice(0, 8)}`,
      requireInteraction: false,
    });
});

test('an admin gets each low-stock alert once, requiring interaction, and not again on a reload', async ({
  page,
}) => {
  await recordNotifications(page);
  await signIn(page, DEMO.admin);
  const low = (await (await page.request.get('/api/products/low-stock')).json()) as {
    name: string;
    stock: number;
  }[];
  expect(low.length).toBeGreaterThan(0);
  const expected = low.map((item) => `${item.name} is running low (${item.stock} remaining)`);
  await expect.poll(async () => (await shown(page)).map((n) => n.title).sort()).toEqual([...expected].sort());
  expect((await shown(page)).every((n) => n.requireInteraction)).toBe(true);

  const polled = page.waitForResponse((response) => response.url().includes('inventory.lowStock'));
  await page.reload();
  await (await polled).finished();
  // The alerts would be shown right after the answer: once the page has taken it in, rendered it
  // and run its effects, each a task of its own (React Query's notification, React's render and
  // effects): a few turns of the page's task queue.
  await page.evaluate(
    () =>
      new Promise((resolve) => {
        let turns = 0;
        const turn = () => (++turns >= 5 ? resolve(undefined) : setTimeout(turn, 0));
        turn();
      }),
  );
  expect(await shown(page)).toEqual([]);
});

test('a customer gets no low-stock alerts', async ({ page }) => {
  await recordNotifications(page);
  await signIn(page, DEMO.customer);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const lowStockCalls: string[] = [];
  page.on(
    'request',
    (request) => request.url().includes('inventory.lowStock') && lowStockCalls.push(request.url()),
  );
  await page.reload();
  await expect(page.getByTestId('product-card').first()).toBeVisible();
  expect(lowStockCalls).toEqual([]);
  expect(await shown(page)).toEqual([]);
});

test('a staff change reaches the customer’s open page live: “Your order is on its way!” and the new status, without a reload', async ({
  page,
  browser,
}) => {
  await recordNotifications(page);
  const email = freshEmail('live');
  await signIn(page, email);
  const products = (await (await page.request.get('/api/products')).json()) as {
    id: string;
    price: string;
    stock: number;
  }[];
  const product = products.find((p) => p.stock >= 25)!;
  const placed = await page.request.post('/api/orders', {
    data: {
      items: [{ productId: product.id, quantity: 1, price: product.price }],
      total: product.price,
      paymentMethod: 'cash_on_delivery',
      shippingAddress: '8 Live Lane, Springfield',
    },
  });
  const order = (await placed.json()) as { id: string };
  // The live stream opens once the page knows who is signed in.
  const streaming = page.waitForResponse((response) => response.url().includes('orderEvents.mine'));
  await page.goto('/orders');
  const card = page.locator(`[data-testid="order-card"][data-order-id="${order.id}"]`);
  await expect(card.getByTestId('order-status')).toHaveText('Pending');
  await streaming;

  const staff = await browser.newContext({ baseURL: process.env.E2E_BASE_URL });
  const staffPage = await staff.newPage();
  await signIn(staffPage, DEMO.admin);
  for (const status of ['processing', 'shipped']) {
    const changed = await staffPage.request.patch(`/api/orders/${order.id}/status`, { data: { status } });
    expect(changed.status()).toBe(200);
  }
  await staff.close();

  await expect(card.getByTestId('order-status')).toHaveText('Shipped');
  await expect
    .poll(() => shown(page))
    .toContainEqual({
      title: 'Your order is on its way!',
      body: `Order #${order.id.slice(0, 8)}`,
      requireInteraction: false,
    });
  expect((await shown(page)).map((n) => n.title)).toContain('Your order status has been updated.');
});
