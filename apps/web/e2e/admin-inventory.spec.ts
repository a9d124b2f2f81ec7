/**
 * /admin/inventory (docs/product.md §2 Inventory, §8 Inventory toasts): the cards against the database,
 * search and Low Stock Only, the threshold buttons, and Update Stock with a reason that lands in
 * the product's stock history; To reorder with its suggestion and CSV export (issue 21 item 5).
 */
import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from './support/test';
import { DEMO, signIn } from './support/auth';
import { expectToast } from './support/toast';
import { sql, statValue, stockOf } from './admin-fixtures';

// Each test signs in through the real provider and walks several screens: more than the default 30 s on a busy machine.
test.describe.configure({ timeout: 90_000 });

async function openInventory(page: Page, who: string = DEMO.admin) {
  await signIn(page, who);
  await page.goto('/admin/inventory');
  await expect(page.getByRole('heading', { name: 'Inventory Management' })).toBeVisible();
  await expect(page.getByTestId('inventory-row').first()).toBeVisible();
}

test('the cards, the search and the Low Stock Only toggle', async ({ page }) => {
  await openInventory(page);
  const [expected] = await sql<{ total: number; low: number; out: number; value: string }>(
    `SELECT count(*)::int AS total, count(*) FILTER (WHERE stock <= low_stock_threshold)::int AS low,
            count(*) FILTER (WHERE stock = 0)::int AS out,
            -- stock in base units (g, ml) × the price per kg, L, 100 g or 100 ml (e2e/measures.spec.ts)
            COALESCE(SUM(round(price * stock / CASE WHEN measure_unit IN ('kg', 'L') THEN 1000
                                                    WHEN measure_unit IN ('g', 'ml') THEN 100
                                                    ELSE 1 END, 2)), 0)::numeric(20,2)::text AS value
     FROM products`,
  );
  await expect(statValue(page, 'Total Products')).toHaveText(String(expected!.total));
  await expect(statValue(page, 'Low Stock Items')).toHaveText(String(expected!.low));
  await expect(statValue(page, 'Out of Stock')).toHaveText(String(expected!.out));
  // Money as the shop formats it (one Intl.NumberFormat in the shop's currency: "$24,132.30").
  const dollars = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
  await expect(statValue(page, 'Total Stock Value')).toHaveText(dollars.format(Number(expected!.value)));

  // Pages of 50 in name order, filtered by the server, with the number matching under the table.
  const rows = page.getByTestId('inventory-row');
  await expect(rows).toHaveCount(Math.min(expected!.total, 50));
  await expect(page.getByTestId('inventory-total')).toHaveText(`${expected!.total} products`);

  await page.getByRole('button', { name: 'Low Stock Only' }).click();
  await expect(page.getByTestId('inventory-total')).toHaveText(`${expected!.low} products`);
  await expect(rows).toHaveCount(Math.min(expected!.low, 50));
  for (const badge of await rows.getByTestId('stock-status').allInnerTexts()) {
    expect(['Low Stock', 'Out of Stock']).toContain(badge);
  }
  await page.getByRole('button', { name: 'Show All' }).click();
  await expect(rows).toHaveCount(Math.min(expected!.total, 50));

  const [bakery] = await sql<{ n: number }>(
    `SELECT count(*)::int AS n FROM products p JOIN categories c ON c.id = p.category_id
     WHERE c.name ILIKE '%bakery%' OR p.name ILIKE '%bakery%'`,
  );
  await page.getByLabel('Search inventory').fill('bakery');
  await expect(page.getByTestId('inventory-total')).toHaveText(`${bakery!.n} products`);
  await expect(rows).toHaveCount(Math.min(bakery!.n, 50));
  await expect(rows.first()).toContainText('Bakery');
});

test('Update Stock stores the new level and the reason, shown in the history', async ({ page }) => {
  const [product] = await sql<{ id: string; name: string; stock: number }>(
    `SELECT id, name, stock FROM products WHERE is_active AND stock > 30 ORDER BY name DESC LIMIT 1`,
  );
  await openInventory(page, DEMO.inventory);
  await page.getByLabel('Search inventory').fill(product!.name);
  const row = page.locator(`[data-testid="inventory-row"][data-product-id="${product!.id}"]`);
  await row.getByRole('button', { name: 'Update Stock' }).click();
  const dialog = page.getByRole('dialog', { name: 'Update Stock' });
  await expect(dialog.getByLabel('New Stock Level')).toHaveValue(String(product!.stock));
  await dialog.getByLabel('New Stock Level').fill(String(product!.stock + 7));
  await dialog.getByLabel('Reason').fill('Delivery from the mill');
  await dialog.getByRole('button', { name: 'Update Stock' }).click();
  await expectToast(
    page,
    'Stock updated successfully',
    `${product!.name}: ${product!.stock} → ${product!.stock + 7}`,
  );
  await expect(row.getByTestId('inventory-stock')).toHaveText(String(product!.stock + 7));
  expect(await stockOf(product!.id)).toBe(product!.stock + 7);

  await row.getByRole('button', { name: `Stock history of ${product!.name}` }).click();
  const history = page.getByRole('dialog', { name: `Stock history — ${product!.name}` });
  const latest = history.getByTestId('stock-movement').first();
  await expect(latest).toContainText('+7');
  await expect(latest).toContainText(`${product!.stock} → ${product!.stock + 7}`);
  await expect(latest).toContainText('Delivery from the mill');
  await expect(latest).toContainText('Ivan Inventory');
  await expect(latest).toContainText('Staff update');
  await page.keyboard.press('Escape');

  // Non-numeric input becomes 0 (docs/product.md §5).
  await row.getByRole('button', { name: 'Update Stock' }).click();
  await dialog.getByLabel('New Stock Level').fill('');
  await dialog.getByRole('button', { name: 'Update Stock' }).click();
  await expectToast(page, 'Stock updated successfully', `${product!.name}: ${product!.stock + 7} → 0`);
  await expect(row.getByTestId('stock-status')).toHaveText('Out of Stock');
  await sql(`UPDATE products SET stock = $2 WHERE id = $1`, [product!.id, product!.stock]);
});

test('the threshold buttons step by 1 and stop at 0', async ({ page }) => {
  const [product] = await sql<{ id: string; name: string }>(
    `UPDATE products SET low_stock_threshold = 1
     WHERE id = (SELECT id FROM products WHERE is_active ORDER BY name LIMIT 1 OFFSET 3) RETURNING id, name`,
  );
  await openInventory(page);
  const row = page.locator(`[data-testid="inventory-row"][data-product-id="${product!.id}"]`);
  const lower = row.getByRole('button', { name: `Lower the low stock alert of ${product!.name}` });
  const raise = row.getByRole('button', { name: `Raise the low stock alert of ${product!.name}` });
  await expect(row.getByTestId('inventory-threshold')).toHaveText('1');

  await raise.click();
  await expectToast(page, 'Threshold updated successfully', `${product!.name}: alert at 2`);
  await expect(row.getByTestId('inventory-threshold')).toHaveText('2');
  await lower.click();
  await expect(row.getByTestId('inventory-threshold')).toHaveText('1');
  await lower.click();
  await expect(row.getByTestId('inventory-threshold')).toHaveText('0');
  await expect(lower).toBeDisabled();
  const [stored] = await sql<{ low_stock_threshold: number }>(
    `SELECT low_stock_threshold FROM products WHERE id = $1`,
    [product!.id],
  );
  expect(stored!.low_stock_threshold).toBe(0);
  await sql(`UPDATE products SET low_stock_threshold = 10 WHERE id = $1`, [product!.id]);
});

test('To reorder lists a product at its alert with the suggested quantity, and exports it as CSV', async ({
  page,
}) => {
  const word = randomUUID().slice(0, 8).toUpperCase();
  const [sku, name] = [`RO-${word}`, `Reorder Oats ${word}`];
  // 1 left, alert at 5, nothing sold: the suggestion brings it back above the alert (5).
  await sql(
    `INSERT INTO products (sku, name, description, price, unit, stock, low_stock_threshold)
     VALUES ($1, $2, 'On the reorder list', '2.00', 'each', 1, 5)`,
    [sku, name],
  );
  await openInventory(page, DEMO.inventory);
  const card = page.getByTestId('reorder-card');
  await expect(card.getByRole('heading', { name: 'To reorder' })).toBeVisible();
  const row = card.getByTestId('reorder-row').filter({ hasText: name });
  await expect(row).toContainText(sku);
  await expect(row.getByTestId('reorder-suggested')).toHaveText('5');

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    card.getByRole('link', { name: 'Export reorder list' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^reorder-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = await readFile((await download.path())!, 'utf8');
  expect(csv.split('\n')[0]).toBe(
    'sku,name,unit,stock,low_stock_threshold,sold_last_28_days,suggested_quantity',
  );
  expect(csv).toContain(`${sku},${name},piece,1,5,0,5`);
});
