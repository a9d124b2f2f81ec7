/**
 * The integration surface in Chromium (issue 9): an admin creates a read-only API token for a user
 * (shown once), a script reads with it and is refused every write, the admin revokes it and the
 * script is refused; the panel's Export
 * downloads the catalogue and Import uploads a CSV with progress, reporting invalid rows by number;
 * the API reference page renders the generated document.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { expect, test } from './support/test';
import { DEMO, signIn } from './support/auth';
import { expectToast } from './support/toast';
import { sql } from './admin-fixtures';
import { uniqueWord } from './support/unique';

test.describe.configure({ timeout: 90_000 });

const HEADER =
  'sku,name,description,category,price,unit,stock,low_stock_threshold,is_organic,is_gluten_free,is_active,image_url';

test('an admin creates a read-only API token, a script reads but cannot write, revoking stops it', async ({
  page,
  request,
}) => {
  await signIn(page, DEMO.admin);
  await page.goto('/admin');
  await page
    .getByRole('navigation', { name: 'Admin sections' })
    .getByRole('link', { name: 'API Tokens' })
    .click();
  await expect(page.getByRole('heading', { name: 'API Tokens' })).toBeVisible();

  const name = `Nightly stock sync ${uniqueWord()}`;
  await page.getByRole('button', { name: 'Create Token' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create API Token' });
  await dialog.getByRole('button', { name: 'Create Token' }).click();
  await expect(dialog.getByText('Please select a user')).toBeVisible();
  await expect(dialog.getByText('Name is required')).toBeVisible();
  await dialog.getByRole('combobox', { name: 'User' }).fill('inventory@');
  await page.getByRole('option', { name: /inventory@example\.com/ }).click();
  await dialog.getByLabel('Name').fill(name);
  // Read-only unless chosen otherwise; it always expires, at most a year away.
  await dialog.getByRole('radio', { name: 'Read-write' }).check();
  await dialog.getByRole('radio', { name: 'Read-only' }).check();
  await expect(dialog.getByRole('radio', { name: 'Read-only' })).toBeChecked();
  await dialog.getByRole('combobox', { name: 'Expires' }).click();
  await expect(page.getByRole('option', { name: '1 year' })).toBeVisible();
  await expect(page.getByRole('option', { name: 'Never' })).toHaveCount(0);
  await page.getByRole('option', { name: '30 days' }).click();
  await dialog.getByRole('button', { name: 'Create Token' }).click();

  const shown = page.getByRole('dialog', { name: 'API token created' });
  await expect(shown.getByText('Token created: copy it now, it will not be shown again')).toBeVisible();
  const token = (await shown.getByLabel('New API token').textContent())!.trim();
  expect(token).toMatch(/^shop_[A-Za-z0-9_-]{43}$/);
  await shown.getByRole('button', { name: 'Done' }).click();

  const row = page.getByRole('row').filter({ hasText: name });
  await expect(row).toContainText('inventory@example.com');
  await expect(row).toContainText(`${token.slice(0, 11)}…`);
  await expect(row).toContainText('active');
  await expect(row).toContainText('read-only');
  await expect(row).toContainText('Never used');
  // The page never shows the secret again.
  await expect(page.getByText(token)).toHaveCount(0);

  // The script: its own HTTP client, no cookies, only the header.
  const headers = { authorization: `Bearer ${token}` };
  const me = await request.get('/api/auth/user', { headers });
  expect(me.status()).toBe(200);
  expect((await me.json()).email).toBe('inventory@example.com');
  expect((await request.get('/api/users', { headers })).status()).toBe(403);
  expect((await request.get('/api/products/low-stock', { headers })).status()).toBe(200);
  // A write answers 403, even one its user may make (their own address, a product's threshold).
  const address = await request.post('/api/user/addresses', {
    headers,
    data: { title: 'Script', street: '1 Main St', city: 'Springfield', state: 'IL', zipCode: '62701' },
  });
  expect(address.status()).toBe(403);
  expect((await address.json()).message).toBe('This API token is read-only');
  const [product] = await sql<{ id: string }>(`SELECT id FROM products ORDER BY sku LIMIT 1`);
  const edit = await request.patch(`/api/products/${product!.id}`, {
    headers,
    data: { lowStockThreshold: 3 },
  });
  expect(edit.status()).toBe(403);

  await page.reload();
  await expect(row).not.toContainText('Never used');
  await row.getByRole('button', { name: 'Revoke' }).click();
  await page
    .getByRole('dialog', { name: 'Revoke API token' })
    .getByRole('button', { name: 'Revoke' })
    .click();
  await expectToast(page, 'Token revoked', `${name} no longer works.`);
  await expect(row).toContainText('revoked');
  expect((await request.get('/api/auth/user', { headers })).status()).toBe(401);
});

test('Export downloads the catalogue; Import uploads a CSV and names the rows it refuses', async ({
  page,
}, testInfo) => {
  await signIn(page, DEMO.inventory);
  await page.goto('/admin/inventory');
  await expect(page.getByRole('heading', { name: 'Inventory Management' })).toBeVisible();

  // The seeded catalogue (other tests create and delete their own products meanwhile).
  const skus = (
    await sql<{ sku: string }>(`SELECT sku FROM products WHERE sku ~ '^[A-Z]{2}-[A-Z]{3}-[0-9]{3}$'`)
  ).map((row) => row.sku);
  expect(skus.length).toBeGreaterThan(50);
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Export', exact: true }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^products-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = await readFile((await download.path())!, 'utf8');
  const lines = csv.split('\n');
  // The spec's columns first; the food facts and sold-by blocks (optional on import) after them.
  expect(lines[0]!.split(',').slice(0, HEADER.split(',').length).join(',')).toBe(HEADER);
  expect(lines[0]).toContain(',allergens,');
  expect(lines[0]).toContain(',sold_by,');
  const exported = new Set(lines.slice(1).map((line) => line.split(',', 1)[0]));
  expect(skus.filter((sku) => !exported.has(sku))).toEqual([]);
  expect(csv).toContain(',Fresh Produce,');

  // A file with an invalid row: nothing is imported and the row is named.
  const sku = `E2E-${uniqueWord().toUpperCase()}`;
  const invalid = testInfo.outputPath('invalid.csv');
  const valid = testInfo.outputPath('valid.csv');
  const line = (price: string) =>
    `${sku},Imported heirloom carrots,Sweet carrots from the import,Fresh Produce,${price},kg,40,5,true,true,false,`;
  await writeFile(invalid, `${HEADER}\n${line('-2')}\n`);
  await writeFile(valid, `${HEADER}\n${line('3.25')}\n`);

  await page.getByRole('button', { name: 'Import' }).click();
  const dialog = page.getByRole('dialog', { name: 'Import products' });
  await dialog.locator('input[type="file"]').setInputFiles(invalid);
  await dialog.getByRole('button', { name: 'Import' }).click();
  await expect(dialog.getByText('1 row is invalid: nothing was imported')).toBeVisible();
  await expect(dialog.getByText('row 2: price: Price must be positive')).toBeVisible();
  expect(await sql(`SELECT 1 FROM products WHERE sku = $1`, [sku])).toHaveLength(0);

  await dialog.locator('input[type="file"]').setInputFiles(valid);
  await dialog.getByRole('button', { name: 'Import' }).click();
  await expectToast(page, 'Products imported', '1 rows: 1 created, 0 updated, 0 unchanged.');
  const [product] = await sql<{ price: string; stock: number; is_active: boolean }>(
    `SELECT price, stock, is_active FROM products WHERE sku = $1`,
    [sku],
  );
  expect(product).toEqual({ price: '3.25', stock: 40, is_active: false });
});

test('the API reference page renders the generated OpenAPI document', async ({ page }) => {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  await page.goto('/api/docs');
  await expect(page.getByRole('heading', { name: /FreshCart Market API/ })).toBeVisible();
  await expect(page.getByText('/api/products/import', { exact: true })).toBeVisible();
  await expect(page.getByText('/api/orders', { exact: true }).first()).toBeVisible();
  expect(errors.filter((text) => /Content Security Policy/i.test(text))).toEqual([]);
});
