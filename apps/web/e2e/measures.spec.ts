/**
 * Issue 33 items 1 and 2 in Chromium: one rule for how a product is added, shown and priced
 * (apps/web/src/lib/measures.ts, docs/measures.md). A weighed product is bought from its own page
 * (0.25 kg minimum) and from its card, and checked out; a 400 g pack shows its unit price per kg on
 * its page and its cart line; staff screens count stock in kilograms and value it at the per-kg price.
 */
import { expect, test } from './support/test';
import { DEMO, freshEmail, signIn } from './support/auth';
import { dismissToasts, expectToast } from './support/toast';
import { sql, statValue } from './admin-fixtures';
import { uniqueWord } from './support/unique';

const made: string[] = [];

test.afterEach(async () => {
  await sql(`UPDATE products SET is_active = false WHERE id = ANY($1::uuid[])`, [made.splice(0)]);
});

// Sign-in, two product pages, the cart and a checkout: slow on a busy machine.
test.describe.configure({ timeout: 180_000 });

const sku = (prefix: string) => `${prefix}-${uniqueWord()}`.toUpperCase();

/** Salmon at $24.90 / kg, by 0.25 kg from 0.25 to 3 kg; 34.25 kg in stock, alert at 5 kg. */
async function makeSalmon(name: string): Promise<string> {
  const [category] = await sql<{ id: string }>(`SELECT id FROM categories ORDER BY name LIMIT 1`);
  const [row] = await sql<{ id: string }>(
    `INSERT INTO products (name, description, price, unit, category_id, stock, low_stock_threshold, sku,
                           sold_by, measure_unit, quantity_step, min_quantity, max_quantity)
     VALUES ($1, 'Skin-on fillets, cut to order', 24.90, 'kg', $2, 34250, 5000, $3,
             'measure', 'kg', 250, 250, 3000)
     RETURNING id`,
    [name, category!.id, sku('E2E-M')],
  );
  made.push(row!.id);
  return row!.id;
}

/** A 400 g pack of cheese at $8.75: a piece with a stated net content. */
async function makePack(name: string): Promise<string> {
  const [category] = await sql<{ id: string }>(`SELECT id FROM categories ORDER BY name LIMIT 1`);
  const [row] = await sql<{ id: string }>(
    `INSERT INTO products (name, description, price, unit, category_id, stock, low_stock_threshold, sku,
                           net_content, net_content_unit)
     VALUES ($1, 'Aged, in a 400 g pack', 8.75, 'each', $2, 40, 5, $3, 400, 'g')
     RETURNING id`,
    [name, category!.id, sku('E2E-P')],
  );
  made.push(row!.id);
  return row!.id;
}

test('a weighed product from its own page and its card, a pack with its unit price, checked out', async ({
  page,
}) => {
  const salmon = `Measured Salmon ${uniqueWord()}`;
  const cheese = `Measured Cheese ${uniqueWord()}`;
  const salmonId = await makeSalmon(salmon);
  const cheeseId = await makePack(cheese);
  await signIn(page, freshEmail('measures'));

  // --- the weighed product's own page: kg steps from its minimum, stock in kg -----------------
  await page.goto(`/products/${salmonId}`);
  const product = page.getByTestId('product-page');
  await expect(product.getByTestId('product-price')).toHaveText('$24.90');
  await expect(product.getByTestId('product-price-per')).toHaveText('/ kg');
  await expect(product.getByTestId('product-stock-state')).toHaveText('In stock (34.25 kg)');
  await expect(product.getByTestId('product-page-amount')).toHaveText('0.25 kg');
  await expect(product.getByRole('button', { name: `Decrease quantity of ${salmon}` })).toBeDisabled();
  await product.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(page.getByTestId('cart-announcement')).toContainText(`${salmon}:`);

  // --- the pack's page: its price per pack and its unit price per kg --------------------------
  await page.goto(`/products/${cheeseId}`);
  await expect(product.getByTestId('product-price')).toHaveText('$8.75');
  await expect(product.getByTestId('product-price-per')).toHaveText('/ each');
  // 8.75 × 1000 / 400 = 21.875 → $21.88 (rounded once, half up)
  await expect(product.getByTestId('product-page-unit-price')).toHaveText('Unit price: $21.88 / kg');
  await expect(product.getByTestId('product-stock-state')).toHaveText('In stock (40)');
  await product.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(page.getByTestId('cart-announcement')).toContainText(`${cheese}:`);

  // --- the same salmon from its card: 0.5 kg more -------------------------------------------
  await page.goto(`/?q=${encodeURIComponent(salmon)}`);
  const card = page.getByTestId('product-card').filter({ hasText: salmon });
  await expect(card.getByTestId('product-stock')).toHaveText('Stock: 34.25 kg');
  await card.getByRole('button', { name: `Increase quantity of ${salmon}` }).click();
  await expect(card.getByTestId('product-amount')).toHaveText('0.5 kg');
  await card.getByRole('button', { name: `Add to Cart: ${salmon}` }).click();

  // --- the cart: one salmon line of 0.75 kg, the pack with its unit price ----------------------
  await page.goto('/cart');
  const salmonLine = page.getByTestId('cart-line').filter({ hasText: salmon });
  await expect(salmonLine.getByTestId('line-quantity')).toHaveText('0.75 kg');
  await expect(salmonLine.getByTestId('line-unit-price')).toHaveText('$24.90 / kg');
  await expect(salmonLine.getByTestId('line-total')).toHaveText('$18.68'); // 0.75 × 24.90 = 18.675
  const cheeseLine = page.getByTestId('cart-line').filter({ hasText: cheese });
  await expect(cheeseLine.getByTestId('line-unit-price')).toHaveText('$8.75 each');
  await expect(cheeseLine.getByTestId('line-pack-unit-price')).toHaveText('Unit price: $21.88 / kg');
  await expect(cheeseLine.getByTestId('line-quantity')).toHaveText('1');

  // --- checkout accepts it: 0.75 kg is a multiple of 0.25 kg and at least the minimum ----------
  await page.goto('/checkout');
  await expect(page.getByTestId('summary-line').filter({ hasText: salmon })).toContainText(
    `${salmon} × 0.75 kg`,
  );
  await expect(page.getByTestId('summary-total')).toHaveText('$27.43');
  await page.getByRole('radio', { name: /Cash on Delivery/ }).check();
  await page.getByLabel('Shipping address').fill('5 Harbour Row, Springfield');
  await page.getByRole('button', { name: 'Place Order - $27.43' }).click();
  await expectToast(page, 'Order placed successfully!');
  await expect(page).toHaveURL(/\/orders$/);
  await dismissToasts(page);

  const lines = await sql<{ product_id: string; quantity: number }>(
    `SELECT product_id, quantity FROM order_items WHERE product_id = ANY($1::uuid[]) ORDER BY quantity`,
    [[salmonId, cheeseId]],
  );
  expect(lines).toEqual([
    { product_id: cheeseId, quantity: 1 },
    { product_id: salmonId, quantity: 750 },
  ]);
});

test('staff screens count stock in kilograms and value it at the per-kg price', async ({ page }) => {
  const salmon = `Counted Salmon ${uniqueWord()}`;
  const id = await makeSalmon(salmon);
  await signIn(page, DEMO.admin);
  await page.goto('/admin/inventory');
  await expect(page.getByRole('heading', { name: 'Inventory Management' })).toBeVisible();

  // Total Stock Value: each product's stock × its price per its basis (1000 g for a price per kg),
  // rounded once per product — computed here on its own, from the units' table.
  const value = async () => {
    const [row] = await sql<{ value: string; naive: string }>(
      `SELECT COALESCE(SUM(round(p.price * p.stock / COALESCE(b.basis, 1), 2)), 0)::numeric(20, 2)::text AS value,
              COALESCE(SUM(p.price * p.stock), 0)::numeric(20, 2)::text AS naive
       FROM products p
       LEFT JOIN (VALUES ('kg', 1000), ('L', 1000), ('g', 100), ('ml', 100)) AS b(unit, basis)
         ON b.unit = p.measure_unit`,
    );
    return row!;
  };
  const dollars = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
  const expected = await value();
  await expect(statValue(page, 'Total Stock Value')).toHaveText(dollars.format(Number(expected.value)));
  // Not grams × the per-kg price: 34,250 × $24.90 alone would be $852,825.00.
  expect(Number(expected.naive) - Number(expected.value)).toBeGreaterThan(852_000);

  await page.getByLabel('Search inventory').fill(salmon);
  const row = page.locator(`[data-testid="inventory-row"][data-product-id="${id}"]`);
  await expect(row.getByTestId('inventory-stock')).toHaveText('34.25 kg');
  await expect(row.getByTestId('inventory-threshold')).toHaveText('5 kg');
  await row.getByRole('button', { name: `Raise the low stock alert of ${salmon}` }).click();
  await expect(row.getByTestId('inventory-threshold')).toHaveText('6 kg');
  await expect
    .poll(
      async () =>
        (await sql<{ t: number }>(`SELECT low_stock_threshold AS t FROM products WHERE id = $1`, [id]))[0]!.t,
    )
    .toBe(6000);

  // Update Stock in kg: 34.25 kg → 30.5 kg, stored as 30500 g, the ledger in kg.
  await row.getByRole('button', { name: 'Update Stock' }).click();
  const dialog = page.getByRole('dialog', { name: 'Update Stock' });
  await expect(dialog.getByTestId('stock-dialog-current')).toHaveText('34.25 kg');
  await expect(dialog.getByLabel('New Stock Level')).toHaveValue('34.25');
  await dialog.getByLabel('New Stock Level').fill('30.5');
  await dialog.getByRole('button', { name: 'Update Stock' }).click();
  await expectToast(page, 'Stock updated successfully', `${salmon}: 34.25 kg → 30.5 kg`);
  await expect(row.getByTestId('inventory-stock')).toHaveText('30.5 kg');
  const [stored] = await sql<{ stock: number }>(`SELECT stock FROM products WHERE id = $1`, [id]);
  expect(stored!.stock).toBe(30_500);
  await expect(statValue(page, 'Total Stock Value')).toHaveText(
    dollars.format(Number((await value()).value)),
  );

  await row.getByRole('button', { name: `Stock history of ${salmon}` }).click();
  const latest = page.getByTestId('stock-movement').first();
  await expect(latest).toContainText('-3.75 kg');
  await expect(latest).toContainText('34.25 kg → 30.5 kg');
  await page.keyboard.press('Escape');

  // Goods in, typed in kg: 2.5 kg received is 2500 g more.
  await row.getByRole('button', { name: `Lots of ${salmon}` }).click();
  const goodsIn = page.getByRole('form', { name: 'Goods in' });
  await goodsIn.getByLabel('Quantity').fill('2.5');
  await goodsIn.getByLabel('Reason').fill('Delivery from the harbour');
  await goodsIn.getByRole('button', { name: 'Receive' }).click();
  await expectToast(page, 'Goods received', `${salmon}: 2.5 kg`);
  await expect(page.getByTestId('lots-stock')).toHaveText('33 kg');
  await page.keyboard.press('Escape');
  await expect(row.getByTestId('inventory-stock')).toHaveText('33 kg');

  // The products table and the product form count in kg too.
  await page.goto('/admin?section=products');
  const section = page.getByTestId('admin-products');
  await section.getByPlaceholder('Search products...').fill(salmon);
  const productRow = section.getByTestId('product-row').filter({ hasText: salmon });
  await expect(productRow.getByTestId('product-stock')).toHaveText('33 kg');
  await productRow.getByRole('button', { name: `Edit ${salmon}` }).click();
  const form = page.getByRole('dialog', { name: 'Edit Product' });
  await expect(form.getByRole('textbox', { name: 'Stock', exact: true })).toHaveValue('33');
  await expect(form.getByRole('textbox', { name: 'Low Stock Alert' })).toHaveValue('6');
});
