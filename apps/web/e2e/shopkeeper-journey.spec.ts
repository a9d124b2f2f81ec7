/**
 * Issue 19's judged flow, as one journey in Chromium: staff create a category (with a picture) and a
 * product in it; the storefront shows the category's picture; a shopper buys the product, the
 * confirmation email is in Admin → Outbox (the zero-configuration outbox), the shopper cancels the
 * order and buys again; staff rename the product and the old order keeps the old name; Admin →
 * Analytics shows the sale; a new delivery fee changes the next order's total and not the old one's.
 * axe checks every screen and dialog on the way.
 */
import { expect as baseExpect, scannedContext, test, type Page } from './support/test';
import { DEMO, freshEmail, signIn } from './support/auth';
import { expectNoAxeViolations } from './support/axe';
import { dismissToasts, expectToast } from './support/toast';
import { sql } from './admin-fixtures';
import { buyThroughCheckout, cents, checkOut, dollars, orderCard, putInCart } from './support/orders';

test.describe.configure({ timeout: 600_000 });
// A long journey on a machine that may be busy: each screen gets longer to appear.
const expect = baseExpect.configure({ timeout: 20_000 });

const tag = () => Math.random().toString(36).slice(2, 7);
const made = { category: '', product: '', bare: '' };

test.afterEach(async () => {
  await sql(
    `UPDATE shop_settings SET delivery_fee = 0, free_delivery_threshold = NULL, tax_rate = 0,
            tax_inclusive = false, minimum_order = 0, currency = 'USD', version = version + 1 WHERE id = 1`,
  );
  // Off the storefront again, so other specs never meet them.
  await sql(`UPDATE products SET is_active = false WHERE id::text = $1`, [made.product]);
  await sql(`UPDATE categories SET is_active = false WHERE id::text = ANY($1)`, [[made.category, made.bare]]);
});

/** The layout shift the page has had since it loaded (the CLS score's raw material). */
async function layoutShift(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        let total = 0;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as (PerformanceEntry & {
            value: number;
            hadRecentInput: boolean;
          })[]) {
            if (!entry.hadRecentInput) total += entry.value;
          }
        }).observe({ type: 'layout-shift', buffered: true });
        setTimeout(() => resolve(total), 500);
      }),
  );
}

test('the shopkeeper journey: category, product, order, email, cancel, buy again, rename, analytics, fee', async ({
  page,
  browser,
}) => {
  const category = `Orchard ${tag()}`;
  const product = `Quince Cheese ${tag()}`;
  const price = '420.00'; // big enough to make the top lists of the day's sales
  await signIn(page, DEMO.admin);

  // --- Staff: a category with a picture ---------------------------------------------------------
  await page.goto('/admin?section=categories');
  await expect(page.getByTestId('category-row').first()).toBeVisible();
  await expectNoAxeViolations(page, 'Admin → Categories');
  await page.getByRole('button', { name: 'Add Category' }).click();
  const categoryForm = page.getByRole('dialog', { name: 'Add New Category' });
  await categoryForm.getByLabel('Name').fill(category);
  await categoryForm.getByLabel('Description').fill('Fruit pastes and preserves');
  await categoryForm.getByLabel('Image URL').fill('/products/gala-apples.svg');
  await expectNoAxeViolations(page, 'the Add New Category dialog');
  await categoryForm.getByRole('button', { name: 'Create Category' }).click();
  await expectToast(page, 'Success', 'Category created');
  const [{ id: categoryId }] = (await sql<{ id: string }>(`SELECT id FROM categories WHERE name = $1`, [
    category,
  ])) as [{ id: string }];
  made.category = categoryId;

  // --- Staff: a product in it ---------------------------------------------------------------------
  await page.goto('/admin?section=products');
  await page.getByRole('button', { name: 'Add Product' }).click();
  const productForm = page.getByRole('dialog', { name: 'Add New Product' });
  await productForm.getByLabel('Name').fill(product);
  await productForm.getByRole('combobox', { name: 'Category' }).click();
  await page.getByRole('option', { name: category }).click();
  await productForm.getByLabel('Description').fill('Quince paste, 250 g block');
  await productForm.getByRole('textbox', { name: 'Unit', exact: true }).fill('block');
  await productForm.getByLabel('Price').fill(price);
  await productForm.getByRole('spinbutton', { name: 'Stock', exact: true }).fill('30');
  await expectNoAxeViolations(page, 'the Add New Product dialog');
  await productForm.getByRole('button', { name: 'Create Product' }).click();
  await expectToast(page, 'Success', 'Product created successfully');
  const [saved] = await sql<{ id: string }>(`SELECT id FROM products WHERE name = $1`, [product]);
  made.product = saved!.id;
  const bought = { id: saved!.id, name: product, price };

  // --- The storefront: the category's picture (fixed size, no layout shift), the product in it ---
  const bareCategory = `Pickles ${tag()}`;
  const [bareRow] = await sql<{ id: string }>(
    `INSERT INTO categories (name, description) VALUES ($1, 'A category without a picture') RETURNING id`,
    [bareCategory],
  );
  made.bare = bareRow!.id;
  const shopper = await scannedContext(browser);
  const shop = await shopper.newPage();
  await signIn(shop, freshEmail('journey'));
  await shop.goto('/');
  const card = shop.getByTestId('category-card').filter({ hasText: category });
  const picture = card.getByRole('img', { name: category });
  await expect(picture).toHaveAttribute('src', '/products/gala-apples.svg');
  await picture.scrollIntoViewIfNeeded();
  await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  // A category without a picture (this journey's own: the demo's all have one) shows the stand-in,
  // as tall as a picture.
  const bare = shop.getByTestId('category-card').filter({ hasText: bareCategory });
  await expect(bare.getByTestId('category-no-picture')).toBeVisible();
  const heights = await shop
    .getByTestId('category-card')
    .evaluateAll((cards) => [...new Set(cards.map((c) => Math.round(c.getBoundingClientRect().height)))]);
  expect(heights).toHaveLength(1);
  expect(await layoutShift(shop)).toBeLessThan(0.1);
  await card.click();
  await expect(shop.getByTestId('product-card').filter({ hasText: product })).toContainText('/ block');
  await expectNoAxeViolations(shop, 'the storefront with category pictures');

  // --- The shopper buys it; the confirmation email is in the outbox -----------------------------
  const firstId = await buyThroughCheckout(shop, bought, 2, dollars(2 * cents(price)));
  await expectNoAxeViolations(shop, 'My Orders');
  await page.goto('/admin/outbox');
  const subject = `Your order #${firstId} is confirmed`;
  const email = page.getByTestId('outbox-row').filter({ hasText: subject });
  // The worker polls every 2 s; the screen refetches on focus, so reload until it is there.
  await expect(async () => {
    await page.reload();
    await expect(email).toBeVisible({ timeout: 8000 });
  }).toPass({ timeout: 90_000 });
  await expectNoAxeViolations(page, 'Admin → Outbox');
  await email.getByRole('button', { name: `Preview: ${subject}` }).click();
  await expect(page.getByRole('dialog', { name: subject })).toBeVisible();
  await expect(page.frameLocator('[data-testid="email-html"]').getByText(product)).toBeVisible();
  await expectNoAxeViolations(page, 'the email preview', ['[data-testid="email-html"]']);
  await page.keyboard.press('Escape');

  // --- The shopper cancels it (after confirming), then buys again --------------------------------
  const first = orderCard(shop, firstId);
  await first.getByRole('button', { name: 'View details' }).click();
  const details = first.getByTestId('order-details');
  await details.getByRole('button', { name: 'Cancel order' }).click();
  const confirm = shop.getByRole('dialog', { name: `Cancel order #${firstId}?` });
  await expectNoAxeViolations(shop, 'the cancel confirmation');
  await confirm.getByRole('button', { name: 'Yes, cancel order' }).click();
  await expectToast(shop, 'Order cancelled', `Order #${firstId} has been cancelled.`);
  await expect(first.getByTestId('order-status')).toHaveText('Cancelled');
  await dismissToasts(shop);
  await details.getByRole('button', { name: 'Buy again' }).click();
  await expectToast(shop, 'Added to your cart');
  await dismissToasts(shop);
  await shop.goto('/cart');
  await expect(shop.getByTestId('cart-line')).toContainText(product);
  await expectNoAxeViolations(shop, 'the cart');
  const secondId = await checkOut(shop, dollars(2 * cents(price)));

  // --- Staff rename the product: the old order keeps the name it was bought under ---------------
  const current = await (await page.request.get(`/api/products/${bought.id}`)).json();
  const renamed = `Membrillo ${tag()}`;
  const put = await page.request.put(`/api/products/${bought.id}`, {
    data: {
      name: renamed,
      description: current.description,
      price: current.price,
      // No stock: a stock value needs expectedStock or version (issue 32), and a rename keeps the level.
      categoryId: current.categoryId,
      lowStockThreshold: current.lowStockThreshold,
      isOrganic: current.isOrganic,
      isGlutenFree: current.isGlutenFree,
    },
  });
  expect(put.status()).toBe(200);
  await shop.goto('/orders');
  const second = orderCard(shop, secondId);
  await second.getByRole('button', { name: 'View details' }).click();
  await expect(second.getByTestId('order-line-name')).toHaveText(product);
  await expect(second.getByTestId('order-details')).not.toContainText(renamed);

  // --- Admin → Analytics: the sale (the cancelled order left out) -------------------------------
  await page.goto('/admin?section=analytics');
  const analytics = page.getByTestId('admin-analytics');
  await expect(analytics.getByTestId('top-products-revenue')).toContainText(renamed);
  await expect(analytics.getByTestId('top-products-revenue')).toContainText(dollars(2 * cents(price)));
  await expect(analytics.getByTestId('top-categories')).toContainText(category);
  await expect(
    analytics.getByTestId('revenue-chart').locator('.recharts-bar-rectangle path').last(),
  ).toBeVisible();
  await expectNoAxeViolations(page, 'Admin → Analytics');

  // --- A delivery fee: the next order pays it, the one before does not --------------------------
  await page.goto('/admin?section=settings');
  const settings = page.getByTestId('settings-form');
  await expect(settings).toBeVisible();
  await expectNoAxeViolations(page, 'Admin → Settings');
  await settings.getByLabel('Delivery fee').fill('4.99');
  await settings.getByRole('button', { name: 'Save Settings' }).click();
  await expectToast(page, 'Settings saved');

  await putInCart(shop, { ...bought, name: renamed }, 1);
  const withFee = dollars(cents(price) + 499);
  await shop.goto('/cart');
  await expect(shop.getByTestId('cart-delivery-fee')).toHaveText('$4.99');
  const thirdId = await checkOut(shop, withFee);
  await expect(orderCard(shop, thirdId).getByTestId('order-total')).toHaveText(withFee);
  await expect(orderCard(shop, secondId).getByTestId('order-total')).toHaveText(dollars(2 * cents(price)));
  await shopper.close();
});
