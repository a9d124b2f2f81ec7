/**
 * Settings reach every screen (issue 33 item 7): the shop renamed in Admin → Settings is named in
 * the header, the storefront's welcome and the document titles, also on a page the server draws
 * afresh; each staff member's role is named in the admin shell's footer; the catalogue's CSV
 * buttons show on the products section only.
 */
import { expect, test } from './support/test';
import { DEMO, signIn } from './support/auth';
import { expectToast } from './support/toast';
import { sql } from './admin-fixtures';
import { uniqueWord } from './support/unique';

test.describe.configure({ timeout: 90_000 });

test('the shop renamed in its settings is named in the header and the titles', async ({ page }) => {
  const name = `Corner ${uniqueWord()}`;
  try {
    await signIn(page, DEMO.admin, '/admin?section=settings');
    const settings = page.getByTestId('settings-form');
    await expect(settings).toBeVisible();
    await expect(page.getByRole('banner').getByRole('link', { name: 'FreshCart' })).toBeVisible();
    await settings.getByLabel('Shop name').fill(name);
    await settings.getByRole('button', { name: 'Save Settings' }).click();
    await expectToast(page, 'Settings saved');

    // At once, without a reload: the header and the title.
    await expect(page.getByRole('banner').getByRole('link', { name })).toBeVisible();
    await expect(page).toHaveTitle(`Admin · ${name}`);

    // A page the server draws afresh names it from the start.
    await page.goto('/cart');
    await expect(page).toHaveTitle(`Cart · ${name}`);
    await expect(page.getByRole('banner').getByRole('link', { name })).toBeVisible();
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Welcome to ${name}`);
    await expect(page).toHaveTitle(`Fresh food, beverages and produce · ${name}`);
    await page.goto('/no-such-page');
    await expect(page).toHaveTitle(`Page Not Found · ${name}`);
  } finally {
    await sql(`UPDATE shop_settings SET shop_name = 'FreshCart', version = version + 1 WHERE id = 1`);
  }
  await page.goto('/cart');
  await expect(page).toHaveTitle('Cart · FreshCart');
});

for (const [email, label] of [
  [DEMO.admin, 'Administrator'],
  [DEMO.inventory, 'Inventory Manager'],
  [DEMO.sales, 'Sales Manager'],
] as const) {
  test(`the admin shell names ${email}'s role: ${label}`, async ({ page }) => {
    await signIn(page, email, '/admin');
    const nav = page.getByRole('navigation', { name: 'Admin sections' });
    await expect(nav.getByTestId('admin-footer-label')).toHaveText(label);
  });
}

test('Export and Import show on the products section only', async ({ page }) => {
  await signIn(page, DEMO.admin, '/admin');
  await expect(page.getByRole('heading', { name: 'Admin Panel', level: 1 })).toBeVisible();
  for (const section of ['', '?section=categories', '?section=settings', '?section=analytics']) {
    await page.goto(`/admin${section}`);
    await expect(page.getByTestId('admin-area')).toBeVisible();
    await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Export', exact: true }), section).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Import', exact: true }), section).toHaveCount(0);
  }
  await page.goto('/admin?section=products');
  await expect(page.getByRole('link', { name: 'Export', exact: true })).toHaveAttribute(
    'href',
    '/api/products/export',
  );
  await expect(page.getByRole('button', { name: 'Import', exact: true })).toBeVisible();
});
