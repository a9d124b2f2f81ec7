/**
 * Pictures cannot act for the people who see them (docs/architecture.md §4 "Pictures", "Sessions"):
 * the Edit Product dialog refuses an api address as the image with a field message, a product whose
 * stored image is one shows its placeholder without requesting it, and even a picture that does
 * request /api/logout leaves the shopper signed in.
 */
import { randomBytes } from 'node:crypto';
import { expect, test, type Page } from './support/test';
import { DEMO, signIn } from './support/auth';
import { sql } from './admin-fixtures';

test.describe.configure({ timeout: 90_000 });

/** A product of the test's own in Bakery, with `imageUrl` stored as it is (no rule on the way in). */
async function newProduct(imageUrl: string | null) {
  const suffix = randomBytes(4).toString('hex').toUpperCase();
  const [product] = await sql<{ id: string; name: string }>(
    `INSERT INTO products (name, description, price, unit, stock, category_id, sku, image_url)
     VALUES ($1, 'Baked for the picture test', '3.00', 'each', 10,
             (SELECT id FROM categories WHERE name = 'Bakery'), $2, $3)
     RETURNING id, name`,
    [`E2E Picture Loaf ${suffix}`, `E2E-PIC-${suffix}`, imageUrl],
  );
  return product!;
}

async function signedIn(page: Page): Promise<boolean> {
  return (await page.request.get('/api/auth/user')).status() === 200;
}

test('the Edit Product dialog refuses /api/logout as the image, with a field message', async ({ page }) => {
  const product = await newProduct('/products/baguette.svg');
  await signIn(page, DEMO.inventory);
  await page.goto('/admin?section=products');
  const section = page.getByTestId('admin-products');
  await section.getByPlaceholder('Search products...').fill(product.name);
  const row = section.locator(`[data-testid="product-row"][data-product-id="${product.id}"]`);
  await row.getByRole('button', { name: `Edit ${product.name}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit Product' });
  await expect(dialog.getByLabel('Image URL')).toHaveValue('/products/baguette.svg');

  await dialog.getByLabel('Image URL').fill('/api/logout');
  await dialog.getByRole('button', { name: 'Update Product' }).click();
  await expect(
    dialog.getByText('Image URL must be one of the shop’s pictures (/products/…) or an https:// address'),
  ).toBeVisible();
  await expect(dialog).toBeVisible();
  const [stored] = await sql<{ image_url: string }>(`SELECT image_url FROM products WHERE id = $1`, [
    product.id,
  ]);
  expect(stored!.image_url).toBe('/products/baguette.svg');
  expect(await signedIn(page)).toBe(true);
});

test('a stored /api/logout image is never requested, and a picture that requests it signs nobody out', async ({
  page,
}) => {
  const product = await newProduct('/api/logout');
  await signIn(page, DEMO.customer);
  const logoutRequests: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/logout') logoutRequests.push(request.url());
  });

  await page.goto(`/?q=${encodeURIComponent(product.name)}`);
  const card = page.getByTestId('product-card').filter({ hasText: product.name });
  await expect(card).toBeVisible();
  await expect(card.locator('img[src="/api/logout"]')).toHaveCount(0);
  expect(logoutRequests).toEqual([]);

  // Any other page, another client, an old stored address: a picture that does ask for /api/logout.
  await page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        const img = document.createElement('img');
        img.onload = img.onerror = () => resolve();
        img.src = '/api/logout';
        document.body.append(img);
      }),
  );
  expect(logoutRequests).toHaveLength(1);
  expect(await signedIn(page)).toBe(true);
  await page.reload();
  await expect(page.getByText('Hello, Casey!')).toBeVisible();
});
