/**
 * Staff screens stay true while others work (issue 15), in Chromium with two staff browsers: a
 * shopper's new order reaches the sales manager's open Orders screen (marked 'New', counted, and
 * announced by a browser notification) and the admin's open overview (its counts and recent
 * orders); the admin's status change reaches the sales manager's row; an inventory manager's stock
 * change reaches the admin's open Inventory screen. Nobody reloads: each page carries a marker a
 * reload would wipe.
 */
import { expect, test, type Browser, type Page } from './support/test';
import { DEMO, freshEmail, signIn } from './support/auth';
import { expectToast } from './support/toast';
import { sql, statValue } from './admin-fixtures';

// Three browsers signing in through the real provider: more than the default 30 s on a busy machine.
test.describe.configure({ timeout: 120_000 });

interface Shown {
  title: string;
  body?: string;
}

/** A staff member's own browser on `path`, once its live updates are on. */
async function staffBrowser(browser: Browser, email: string, path: string): Promise<Page> {
  const context = await browser.newContext({
    baseURL: process.env.E2E_BASE_URL,
    permissions: ['notifications'],
    serviceWorkers: 'block', // as in playwright.config.ts's `use`, which new contexts do not inherit
  });
  const page = await context.newPage();
  // Records what the page hands to the browser's Notification API.
  await page.addInitScript(() => {
    const Real = window.Notification;
    const shown: { title: string; body?: string }[] = [];
    (window as unknown as { shownNotifications: typeof shown }).shownNotifications = shown;
    class Recording extends Real {
      constructor(title: string, options?: NotificationOptions) {
        super(title, options);
        shown.push({ title, body: options?.body });
      }
    }
    Object.defineProperty(window, 'Notification', { value: Recording, configurable: true, writable: true });
  });
  await signIn(page, email);
  await page.goto(path);
  // The stream opens once the admin area has loaded and knows the caller's permissions.
  await expect(page.getByTestId('live-status')).toHaveAttribute('data-status', 'live', { timeout: 20_000 });
  await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));
  return page;
}

const shown = (page: Page) =>
  page.evaluate(() => (window as unknown as { shownNotifications: Shown[] }).shownNotifications);

async function expectNoReload(page: Page) {
  expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(
    true,
  );
}

/** A shopper in a browser of their own places an order (2 of a product) through the api, signed in for real. */
async function shopperPlacesOrder(browser: Browser, productId?: string) {
  const context = await browser.newContext({ baseURL: process.env.E2E_BASE_URL, serviceWorkers: 'block' });
  const page = await context.newPage();
  await signIn(page, freshEmail('live-staff'));
  const products = (await (await page.request.get('/api/products')).json()) as {
    id: string;
    name: string;
    price: string;
    stock: number;
  }[];
  const product = products.find((p) => (productId ? p.id === productId : p.stock >= 30))!;
  const placed = await page.request.post('/api/orders', {
    data: {
      items: [{ productId: product.id, quantity: 2, price: product.price }],
      total: (Number(product.price) * 2).toFixed(2),
      paymentMethod: 'cash_on_delivery',
      shippingAddress: '9 Live Lane, Springfield',
    },
  });
  expect(placed.status()).toBe(201);
  const order = (await placed.json()) as { id: string; total: string };
  await context.close();
  return { order, product };
}

function orderRow(page: Page, id: string) {
  return page.locator(`[data-testid="order-row"][data-order-id="${id}"]`);
}

async function orderCounts() {
  const [counts] = await sql<{ total: number; pending: number; processing: number }>(
    `SELECT count(*)::int AS total, count(*) FILTER (WHERE status = 'pending')::int AS pending,
            count(*) FILTER (WHERE status = 'processing')::int AS processing FROM orders`,
  );
  return counts!;
}

test('two staff browsers see a new order and each other’s status changes without reloading', async ({
  browser,
}) => {
  const admin = await staffBrowser(browser, DEMO.admin, '/admin');
  const sales = await staffBrowser(browser, DEMO.sales, '/admin/orders');
  const before = await orderCounts();
  await expect(statValue(admin, 'Total Orders')).toHaveText(String(before.total));

  const { order } = await shopperPlacesOrder(browser);
  const short = order.id.slice(0, 8);

  // The sales manager's open Orders screen: the row, marked new, counted, and announced.
  const salesRow = orderRow(sales, order.id);
  await expect(salesRow).toBeVisible();
  await expect(salesRow).toHaveAttribute('data-new', 'true');
  await expect(salesRow.getByTestId('new-order-badge')).toHaveText('New');
  await expect(sales.getByTestId('new-orders-badge')).toHaveText('1 new order');
  await expect(statValue(sales, 'Total Orders')).toHaveText(String(before.total + 1));
  await expect
    .poll(() => shown(sales))
    .toContainEqual({ title: `New order #${short}`, body: `Total: $${order.total}` });

  // The admin's open overview: the counts and the recent orders follow; the sidebar counts it.
  await expect(statValue(admin, 'Total Orders')).toHaveText(String(before.total + 1));
  await expect(
    admin.getByTestId('stat-card').filter({ hasText: 'Total Orders' }).getByTestId('stat-caption'),
  ).toHaveText(`${before.pending + 1} pending`);
  await expect(admin.getByTestId('recent-order').first()).toContainText(`#${order.id.slice(-8)}`);
  await expect(admin.getByTestId('new-orders-count')).toContainText('1');

  // The admin goes to Orders (inside the app) and moves the order on.
  await admin
    .getByRole('navigation', { name: 'Admin sections' })
    .getByRole('link', { name: 'Orders' })
    .click();
  const adminRow = orderRow(admin, order.id);
  await expect(adminRow.getByTestId('new-order-badge')).toBeVisible();
  await adminRow.getByRole('button', { name: 'Update' }).click();
  const dialog = admin.getByRole('dialog', { name: 'Update Order Status' });
  await dialog.getByRole('combobox', { name: 'Status' }).click();
  await admin.getByRole('option', { name: 'Processing', exact: true }).click();
  await dialog.getByRole('button', { name: 'Update Status' }).click();
  await expectToast(admin, 'Order status updated', `Order #${short} is now Processing.`);
  // Opening it to update it was seeing it.
  await expect(adminRow).not.toHaveAttribute('data-new', 'true');

  // The sales manager's row and cards follow, still without a reload.
  await expect(salesRow.getByTestId('order-status')).toHaveText('Processing');
  await expect(salesRow.getByTestId('payment-status')).toHaveText('Pending');
  await expect(statValue(sales, 'Processing')).toHaveText(String(before.processing + 1));
  await expect(statValue(sales, 'Pending')).toHaveText(String(before.pending));

  // Seen: the count and the marks go.
  await sales.getByTestId('new-orders-badge').click();
  await expect(sales.getByTestId('new-orders-badge')).toHaveCount(0);
  await expect(salesRow).not.toHaveAttribute('data-new', 'true');

  await expectNoReload(admin);
  await expectNoReload(sales);
  await admin.context().close();
  await sales.context().close();
});

test('an inventory manager’s stock change shows on the admin’s open Inventory screen', async ({
  browser,
}) => {
  const [product] = await sql<{ id: string; name: string; stock: number }>(
    `SELECT id, name, stock FROM products WHERE is_active AND stock > 40 ORDER BY name LIMIT 1`,
  );
  const admin = await staffBrowser(browser, DEMO.admin, '/admin/inventory');
  const inventory = await staffBrowser(browser, DEMO.inventory, '/admin/inventory');
  for (const page of [admin, inventory]) await page.getByLabel('Search inventory').fill(product!.name);
  const rowOf = (page: Page) =>
    page
      .locator(`[data-testid="inventory-row"][data-product-id="${product!.id}"]`)
      .getByTestId('inventory-stock');
  await expect(rowOf(admin)).toHaveText(String(product!.stock));

  const row = inventory.locator(`[data-testid="inventory-row"][data-product-id="${product!.id}"]`);
  await row.getByRole('button', { name: 'Update Stock' }).click();
  const dialog = inventory.getByRole('dialog', { name: 'Update Stock' });
  await dialog.getByLabel('New Stock Level').fill(String(product!.stock + 9));
  await dialog.getByLabel('Reason').fill('Delivery while the admin watched');
  await dialog.getByRole('button', { name: 'Update Stock' }).click();
  await expectToast(inventory, 'Stock updated successfully');

  await expect(rowOf(admin)).toHaveText(String(product!.stock + 9));
  // A shopper's order takes stock too: the admin's screen follows that as well.
  await shopperPlacesOrder(browser, product!.id);
  await expect(rowOf(admin)).toHaveText(String(product!.stock + 7));
  await expectNoReload(admin);
  await admin.context().close();
  await inventory.context().close();
});
