/**
 * Issue 19 items 1, 5 and 7 in Chromium: staff create a category and a product in it (SKU blank:
 * generated, a unit of its own), the storefront shows both; the category is hidden and comes back;
 * a sale of the product shows in Admin → Analytics' charts and lists. Every new screen and dialog is
 * checked with axe.
 */
import { expect, test } from './support/test';
import { DEMO, signIn } from './support/auth';
import { expectNoAxeViolations } from './support/axe';
import { expectToast } from './support/toast';
import { sql } from './admin-fixtures';

test.describe.configure({ timeout: 120_000 });

const tag = () => Math.random().toString(36).slice(2, 7);

test('staff create a category and a product in it; shoppers see them; a sale shows in Analytics', async ({
  page,
}) => {
  const category = `Preserves ${tag()}`;
  const product = `Quince Jam ${tag()}`;
  await signIn(page, DEMO.admin);

  // --- Admin → Categories: add one -------------------------------------------------------------
  await page.goto('/admin?section=categories');
  await expect(page.getByTestId('category-row').first()).toBeVisible();
  await expectNoAxeViolations(page, 'Admin → Categories');
  await page.getByRole('button', { name: 'Add Category' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add New Category' });
  await dialog.getByRole('button', { name: 'Create Category' }).click();
  await expect(dialog.getByText('Name is required')).toBeVisible();
  await expectNoAxeViolations(page, 'the Add New Category dialog');
  await dialog.getByLabel('Name').fill(category);
  await dialog.getByLabel('Description').fill('Jams, jellies and marmalades');
  await dialog.getByLabel('Image URL').fill('/products/almonds.svg');
  await dialog.getByRole('button', { name: 'Create Category' }).click();
  await expectToast(page, 'Success', 'Category created');
  const row = page.getByTestId('category-row').filter({ hasText: category });
  await expect(row).toContainText('Active');
  await expect(row.getByTestId('category-product-count')).toHaveText('0');

  // --- Products: add one in it, with a unit and a generated SKU --------------------------------
  await page.goto('/admin?section=products');
  await page.getByRole('button', { name: 'Add Product' }).click();
  const form = page.getByRole('dialog', { name: 'Add New Product' });
  await form.getByLabel('Name').fill(product);
  await form.getByRole('combobox', { name: 'Category' }).click();
  await page.getByRole('option', { name: category }).click();
  await form.getByLabel('Description').fill('Slow-cooked quince, 340 g jar');
  await form.getByRole('textbox', { name: 'Unit', exact: true }).fill('jar');
  await form.getByLabel('Price').fill('950.00');
  await form.getByRole('spinbutton', { name: 'Stock', exact: true }).fill('40');
  await expectNoAxeViolations(page, 'the Add New Product dialog');
  await form.getByRole('button', { name: 'Create Product' }).click();
  await expectToast(page, 'Success', 'Product created successfully');
  const [saved] = await sql<{ id: string; sku: string; unit: string; is_active: boolean }>(
    `SELECT id, sku, unit, is_active FROM products WHERE name = $1`,
    [product],
  );
  expect(saved).toMatchObject({ unit: 'jar', is_active: true });
  expect(saved!.sku).toMatch(/^P[0-9A-Z]-[0-9A-Z]{8}$/);

  // --- The storefront: the category card, and the product under it ------------------------------
  await page.goto('/');
  const card = page.getByTestId('category-card').filter({ hasText: category });
  await expect(card).toContainText('Jams, jellies and marmalades');
  await card.click();
  await expect(page.getByTestId('product-card').filter({ hasText: product })).toContainText('/ jar');

  // --- Hidden from shoppers, then back ---------------------------------------------------------
  await page.goto('/admin?section=categories');
  await page.getByRole('button', { name: `Edit ${category}` }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Category' });
  await edit.getByLabel('Active').uncheck();
  await edit.getByRole('button', { name: 'Update Category' }).click();
  await expectToast(page, 'Success', 'Category updated');
  await expect(page.getByTestId('category-row').filter({ hasText: category })).toContainText('Hidden');
  await page.goto('/');
  await expect(page.getByTestId('category-card').first()).toBeVisible();
  await expect(page.getByTestId('category-card').filter({ hasText: category })).toHaveCount(0);
  await page.goto('/admin?section=categories');
  await page.getByRole('button', { name: `Edit ${category}` }).click();
  await page.getByRole('dialog', { name: 'Edit Category' }).getByLabel('Active').check();
  await page.getByRole('button', { name: 'Update Category' }).click();
  await expectToast(page, 'Success', 'Category updated');

  // --- A sale of it (5 jars, delivered) shows in Analytics ------------------------------------
  await sql(
    `WITH o AS (
       INSERT INTO orders (user_id, status, payment_method, total, shipping_address, card_holder_name, card_last_four)
       SELECT id, 'delivered', 'card', 4750.00, '1 Analytics Way', 'Casey Customer', '4242'
       FROM users WHERE email = 'customer@example.com' RETURNING id)
     INSERT INTO order_items (order_id, product_id, quantity, price) SELECT o.id, $1, 5, 950.00 FROM o`,
    [saved!.id],
  );
  await page.goto('/admin?section=analytics');
  const analytics = page.getByTestId('admin-analytics');
  await expect(analytics.getByTestId('top-products-revenue')).toContainText(product);
  await expect(analytics.getByTestId('top-products-revenue')).toContainText('$4,750.00');
  await expect(analytics.getByTestId('top-categories')).toContainText(category);
  await expect(analytics.getByTestId('top-products-units')).toContainText(product);
  // Today's bars (placed, then delivered: the last one drawn) carry the sale.
  await expect(
    analytics.getByTestId('revenue-chart').locator('.recharts-bar-rectangle path').last(),
  ).toBeVisible();
  await expect(analytics.getByTestId('status-chart').locator('.recharts-bar-rectangle')).toHaveCount(5);
  await expect(page.getByRole('link', { name: 'Export orders (CSV)' })).toHaveAttribute(
    'href',
    /^\/api\/admin\/analytics\/orders\.csv\?from=\d{4}-\d{2}-\d{2}&to=\d{4}-\d{2}-\d{2}$/,
  );
  await expectNoAxeViolations(page, 'Admin → Analytics');

  // --- The category cannot go while it holds the product; moving it lets it ------------------
  await page.goto('/admin?section=categories');
  await page.getByRole('button', { name: `Delete ${category}` }).click();
  const remove = page.getByRole('dialog', { name: 'Delete category?' });
  await expect(remove).toContainText('holds 1 product');
  await remove.getByRole('combobox', { name: 'Move products to' }).click();
  await page.getByRole('option', { name: 'Pantry' }).click();
  await remove.getByRole('button', { name: 'Move and Delete' }).click();
  await expectToast(page, 'Success', 'Category deleted. 1 product moved.');
  await expect(page.getByTestId('category-row').filter({ hasText: category })).toHaveCount(0);
});

test('an inactive product is listed with the Inactive filter and reactivated in a click', async ({
  page,
}) => {
  const [product] = await sql<{ id: string; name: string }>(
    `UPDATE products SET is_active = false
     WHERE id = (SELECT id FROM products WHERE is_active ORDER BY name DESC LIMIT 1) RETURNING id, name`,
  );
  await signIn(page, DEMO.inventory);
  await page.goto('/admin?section=products');
  await page.getByText('Inactive', { exact: true }).first().click();
  const row = page.getByTestId('product-row').filter({ hasText: product!.name });
  await expect(row).toContainText('Inactive');
  await row.getByRole('button', { name: `Reactivate ${product!.name}` }).click();
  await expectToast(page, 'Success', `${product!.name} is active again`);
  await expect(row).toHaveCount(0);
  const [now] = await sql<{ is_active: boolean }>(`SELECT is_active FROM products WHERE id = $1`, [
    product!.id,
  ]);
  expect(now!.is_active).toBe(true);
});
