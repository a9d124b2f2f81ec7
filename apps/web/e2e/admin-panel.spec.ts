/**
 * The admin panel as an admin (docs/product.md §2 Admin panel, §8 Products toasts): the sidebar, the overview's
 * numbers against the database, and a product created, edited and deleted through the dialog.
 */
import { expect, test, type Page } from './support/test';
import { DEMO, signIn } from './support/auth';
import { expectToast } from './support/toast';
import { dollars, placeOrder, sidebarItems, sql, statValue } from './admin-fixtures';
import { uniqueWord } from './support/unique';

// Each test signs in through the real provider and walks several screens: more than the default 30 s on a busy machine.
test.describe.configure({ timeout: 90_000 });

async function openPanel(page: Page, search = '') {
  await signIn(page, DEMO.admin);
  await page.goto(`/admin${search}`);
  await expect(page.getByTestId('admin-area')).toBeVisible();
}

test('the sidebar offers every section to an admin and collapses', async ({ page }) => {
  await openPanel(page);
  expect(await sidebarItems(page)).toEqual([
    'Overview',
    'Products',
    'Categories',
    'Inventory',
    'Orders',
    'Picking',
    'Users',
    'Permissions',
    'API Tokens',
    'Audit Log',
    'Outbox',
    'Delivery',
    'Analytics',
    'Settings',
  ]);
  const nav = page.getByRole('navigation', { name: 'Admin sections' });
  await expect(nav.getByTestId('admin-footer-label')).toHaveText('Administrator');

  await nav.getByRole('button', { name: 'Collapse sidebar' }).click();
  await expect(nav).toHaveAttribute('data-collapsed', 'true');
  await expect(nav.getByText('Overview', { exact: true })).toHaveCount(0);
  await nav.getByRole('button', { name: 'Expand sidebar' }).click();
  await expect(nav).toHaveAttribute('data-collapsed', 'false');

  await nav.getByRole('link', { name: 'Categories' }).click();
  await expect(page).toHaveURL(/\/admin\?section=categories$/);
  await expect(page.getByTestId('admin-categories')).toBeVisible();
  await nav.getByRole('link', { name: 'Settings' }).click();
  await expect(page.getByTestId('settings-form')).toBeVisible();
  await nav.getByRole('link', { name: 'Users' }).click();
  await expect(page).toHaveURL(/\/admin\/users$/);
  await nav.getByRole('link', { name: 'Inventory' }).click();
  await expect(page.getByRole('heading', { name: 'Inventory Management' })).toBeVisible();
  await nav.getByRole('link', { name: 'Orders' }).click();
  await expect(page.getByRole('heading', { name: 'Order Management' })).toBeVisible();

  // Export and Import move the product catalogue: on the product screens, not on Orders.
  await expect(page.getByRole('link', { name: 'Export', exact: true })).toHaveCount(0);
  await nav.getByRole('link', { name: 'Products' }).click();
  await expect(page.getByRole('link', { name: 'Export', exact: true })).toHaveAttribute(
    'href',
    '/api/products/export',
  );
  await expect(page.getByRole('button', { name: 'Import' })).toBeVisible();
});

test('the overview shows what the database holds', async ({ page }) => {
  const delivered = await placeOrder({ status: 'delivered', quantity: 1 });
  const latest = await placeOrder({ quantity: 1 });

  await openPanel(page);
  const [products] = await sql<{ total: number; low: number }>(
    `SELECT count(*)::int AS total, count(*) FILTER (WHERE is_active AND stock <= low_stock_threshold)::int AS low FROM products`,
  );
  const [orders] = await sql<{ total: number; pending: number; revenue: number }>(
    `SELECT count(*)::int AS total, count(*) FILTER (WHERE status = 'pending')::int AS pending,
            (COALESCE(SUM(total) FILTER (WHERE status = 'delivered'), 0) * 100)::int AS revenue FROM orders`,
  );
  const [users] = await sql<{ total: number }>(`SELECT count(*)::int AS total FROM users`);

  await expect(statValue(page, 'Total Products')).toHaveText(String(products!.total));
  await expect(page.getByText(`${products!.low} low in stock`)).toBeVisible();
  await expect(statValue(page, 'Total Orders')).toHaveText(String(orders!.total));
  await expect(page.getByText(`${orders!.pending} pending`)).toBeVisible();
  await expect(statValue(page, 'Total Revenue')).toHaveText(dollars(orders!.revenue));
  await expect(page.getByText('From completed orders')).toBeVisible();
  await expect(statValue(page, 'Total Users')).toHaveText(String(users!.total));
  await expect(page.getByText('Registered customers')).toBeVisible();

  const recent = page.getByTestId('recent-order');
  await expect(recent.first()).toContainText(`#${latest.id.slice(-8)}`);
  await expect(recent.first()).toContainText('Pending');
  expect(await recent.count()).toBeLessThanOrEqual(5);
  await expect(page.getByTestId('recent-orders')).toContainText(`#${delivered.id.slice(-8)}`);

  const alerts = page.getByTestId('low-stock-alert');
  await expect(alerts).toHaveCount(Math.min(5, products!.low));
  const [lowest] = await sql<{ name: string; stock: number }>(
    `SELECT name, stock FROM products WHERE is_active AND stock <= low_stock_threshold ORDER BY stock, name, id LIMIT 1`,
  );
  await expect(alerts.first()).toContainText(lowest!.name);
  await expect(alerts.first()).toContainText(`Stock: ${lowest!.stock}`);
});

test('a product is created, edited and deleted through the Products section', async ({ page }) => {
  await openPanel(page, '?section=products');
  const section = page.getByTestId('admin-products');
  await expect(section.getByTestId('product-row').first()).toBeVisible();

  // The spec's messages, checked before anything is sent.
  await section.getByRole('button', { name: 'Add Product' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add New Product' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Create Product' }).click();
  await expect(dialog.getByText('Name is required')).toBeVisible();
  await expect(dialog.getByText('Description is required')).toBeVisible();
  await expect(dialog.getByText('Price must be positive')).toBeVisible();
  await expect(dialog.getByText('Category is required')).toBeVisible();

  const name = `E2E Sourdough ${uniqueWord()}`;
  await dialog.getByLabel('Name').fill(name);
  await dialog.getByRole('combobox', { name: 'Category' }).click();
  await page.getByRole('option', { name: 'Bakery' }).click();
  await dialog.getByLabel('Description').fill('Baked by the browser test');
  await dialog.getByLabel('Price').fill('3.45');
  await dialog.getByRole('spinbutton', { name: 'Stock', exact: true }).fill('12');
  await dialog.getByLabel('Low Stock Alert').fill('4');
  await dialog.getByLabel('Organic').check();
  await dialog.getByRole('button', { name: 'Create Product' }).click();
  await expectToast(page, 'Success', 'Product created successfully');
  await expect(dialog).toBeHidden();

  // The list pages in name order: the search finds the new product on any page.
  await section.getByPlaceholder('Search products...').fill(name);
  const row = section.getByTestId('product-row').filter({ hasText: name });
  await expect(section.getByTestId('products-total')).toHaveText('1 product');
  await expect(row).toContainText('Bakery');
  await expect(row).toContainText('$3.45');
  await expect(row.getByTestId('product-stock')).toHaveText('12');
  await expect(row).toContainText('Organic');
  await expect(row.getByText('GF', { exact: true })).toHaveCount(0);
  const [stored] = await sql<{ sku: string; price: string; low_stock_threshold: number }>(
    `SELECT sku, price, low_stock_threshold FROM products WHERE name = $1`,
    [name],
  );
  expect(stored).toMatchObject({ price: '3.45', low_stock_threshold: 4 });
  expect(stored!.sku).toMatch(/^BA-[0-9A-Z]{8}$/);

  await row.getByRole('button', { name: `Edit ${name}` }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Product' });
  await expect(edit.getByLabel('Name')).toHaveValue(name);
  await expect(edit.getByLabel('Price')).toHaveValue('3.45');
  await edit.getByLabel('Price').fill('3.95');
  await edit.getByRole('spinbutton', { name: 'Stock', exact: true }).fill('2');
  await edit.getByLabel('Gluten-free').check();
  await edit.getByRole('button', { name: 'Update Product' }).click();
  await expectToast(page, 'Success', 'Product updated successfully');
  await expect(row).toContainText('$3.95');
  await expect(row.getByTestId('product-stock')).toHaveText('2');
  await expect(row.getByRole('img', { name: 'Low stock' })).toBeVisible();
  await expect(row.getByText('GF', { exact: true })).toBeVisible();

  await row.getByRole('button', { name: `Delete ${name}` }).click();
  await page.getByRole('dialog', { name: 'Delete product?' }).getByRole('button', { name: 'Delete' }).click();
  await expectToast(page, 'Success', 'Product deleted successfully');
  await expect(row).toHaveCount(0);
  expect(await sql(`SELECT 1 FROM products WHERE name = $1`, [name])).toEqual([]);
});

test('deleting a product that appears in an order deactivates it and says so', async ({ page }) => {
  const order = await placeOrder({ quantity: 1 });
  await openPanel(page, '?section=products');
  await page.getByTestId('admin-products').getByPlaceholder('Search products...').fill(order.productName);
  const row = page.getByTestId('product-row').filter({ hasText: order.productName });
  await row.getByRole('button', { name: `Delete ${order.productName}` }).click();
  await page.getByRole('dialog', { name: 'Delete product?' }).getByRole('button', { name: 'Delete' }).click();
  await expectToast(
    page,
    'Success',
    'Product deactivated: it appears in orders, so it was hidden from the shop instead of deleted',
  );
  await expect(row.getByText('Inactive')).toBeVisible();
  // Put it back for the other tests.
  await sql(`UPDATE products SET is_active = true WHERE id = $1`, [order.productId]);
});
