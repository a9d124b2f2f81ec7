/**
 * Who reaches what in the admin area (docs/product.md §6): the inventory manager gets products and inventory,
 * the sales manager orders, a customer is sent to the dashboard, and shoppers never download the
 * admin code.
 */
import { expect, test, type Page } from './support/test';
import { DEMO, signIn } from './support/auth';
import { expectToast } from './support/toast';
import { sidebarItems } from './admin-fixtures';

// Each test signs in through the real provider and walks several screens: more than the default 30 s on a busy machine.
test.describe.configure({ timeout: 90_000 });

const sidebar = (page: Page) => page.getByRole('navigation', { name: 'Admin sections' });

async function expectDenied(page: Page, path: string, role: string) {
  await page.goto(path);
  // One assertion: the page is replaced by the redirect 1 s later.
  const denied = page.getByTestId('access-denied').filter({ hasText: role });
  await expect(denied.getByRole('heading', { name: 'Access Denied' })).toBeVisible();
  await expectToast(page, 'Access Denied', "You don't have permission to access this page.", 'destructive');
  await page.waitForURL((url) => url.pathname === '/admin', { timeout: 3000 });
}

test('an inventory manager reaches products and inventory, not orders or users', async ({ page }) => {
  await signIn(page, DEMO.inventory);
  await page.goto('/admin');
  expect(await sidebarItems(page)).toEqual(['Overview', 'Products', 'Categories', 'Inventory']);
  await expect(page.getByTestId('stat-card').filter({ hasText: 'Total Products' })).toBeVisible();
  await expect(page.getByTestId('stat-card').filter({ hasText: 'Total Orders' })).toHaveCount(0);
  await expect(page.getByTestId('stat-card').filter({ hasText: 'Total Revenue' })).toHaveCount(0);

  await sidebar(page).getByRole('link', { name: 'Products' }).click();
  await expect(page.getByTestId('product-row').first()).toBeVisible();
  await sidebar(page).getByRole('link', { name: 'Inventory' }).click();
  await expect(page.getByTestId('inventory-row').first()).toBeVisible();

  await expectDenied(page, '/admin/orders', 'inventory manager');
  await expectDenied(page, '/admin/users', 'inventory manager');
});

test('a sales manager reaches orders, not products or inventory', async ({ page }) => {
  await signIn(page, DEMO.sales);
  await page.goto('/admin');
  expect(await sidebarItems(page)).toEqual([
    'Overview',
    'Orders',
    'Picking',
    'Outbox',
    'Delivery',
    'Analytics',
  ]);
  await expect(page.getByTestId('stat-card').filter({ hasText: 'Total Orders' })).toBeVisible();
  await expect(page.getByTestId('stat-card').filter({ hasText: 'Total Products' })).toHaveCount(0);

  await sidebar(page).getByRole('link', { name: 'Orders' }).click();
  await expect(page.getByRole('heading', { name: 'Order Management' })).toBeVisible();

  await page.goto('/admin?section=products');
  await expect(page.getByTestId('access-denied')).toContainText('sales manager');
  await expect(page.getByTestId('admin-products')).toHaveCount(0);

  await expectDenied(page, '/admin/inventory', 'sales manager');
});

test('a customer at /admin is taken to the dashboard without downloading the admin area', async ({
  page,
}) => {
  const adminChunks: string[] = [];
  page.on('request', (request) => {
    if (/\/assets\/admin/.test(request.url())) adminChunks.push(request.url());
  });
  await signIn(page, DEMO.customer);
  await page.goto('/admin');
  await expectToast(page, 'Redirecting', 'Taking you to your dashboard...');
  await page.waitForURL((url) => url.pathname === '/dashboard', { timeout: 3000 });
  expect(adminChunks).toEqual([]);
});

test('a shopper browsing the storefront never downloads the admin area', async ({ page }) => {
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  await page.goto('/');
  await expect(page.getByTestId('product-card').first()).toBeVisible();
  await page.goto('/cart');
  await page.waitForLoadState('networkidle');
  expect(scripts.length).toBeGreaterThan(0);
  expect(scripts.filter((path) => path.includes('admin'))).toEqual([]);

  // A staff member does get it.
  await signIn(page, DEMO.admin);
  await page.goto('/admin');
  await expect(page.getByTestId('admin-area')).toBeVisible();
  expect(scripts.some((path) => /\/assets\/admin-area-/.test(path))).toBe(true);
});
