/**
 * Issue 19 in Chromium, the orders side: a shopper buys through the checkout, opens the order's
 * lines, cancels it after the confirmation (stock back), and buys again; a product renamed by staff
 * keeps its old name on the old order; an admin's delivery-fee change in Admin → Settings alters
 * the next order's total and not the old one's. Every new screen and dialog is checked with axe.
 */
import { sql } from './admin-fixtures';
import { expect, test } from './support/test';
import { DEMO, freshEmail, signIn } from './support/auth';
import { expectNoAxeViolations } from './support/axe';
import { dismissToasts, expectToast } from './support/toast';
import { buyThroughCheckout, cents, dollars, orderCard, putInCart } from './support/orders';
import { uniqueWord } from './support/unique';

interface Product {
  id: string;
  name: string;
  price: string;
  stock: number;
  imageUrl: string | null;
}

/** The products this spec made: taken off the storefront afterwards, so other specs never see them. */
const made: string[] = [];

/** A product of this spec's own (so renaming it touches no other spec), in a seeded category. */
async function makeProduct(name: string, price = '3.50', stock = 40): Promise<Product> {
  const [category] = await sql<{ id: string }>(`SELECT id FROM categories ORDER BY name LIMIT 1`);
  const [row] = await sql<Product>(
    `INSERT INTO products (name, description, price, unit, category_id, stock, sku)
     VALUES ($1, 'Made by the my-orders spec', $2, 'each', $3, $4, $5)
     RETURNING id, name, price::text AS price, stock, image_url AS "imageUrl"`,
    [name, price, category!.id, stock, `E2E-${Date.now()}-${Math.floor(Math.random() * 1e6)}`],
  );
  made.push(row!.id);
  return row!;
}

async function stockOf(id: string): Promise<number> {
  const [row] = await sql<{ stock: number }>(`SELECT stock FROM products WHERE id = $1`, [id]);
  return row!.stock;
}

async function resetSettings() {
  await sql(
    `UPDATE shop_settings SET delivery_fee = 0, free_delivery_threshold = NULL, tax_rate = 0,
            tax_inclusive = false, minimum_order = 0, currency = 'USD', version = version + 1 WHERE id = 1`,
  );
}

test.afterEach(async () => {
  await resetSettings();
  await sql(`UPDATE products SET is_active = false WHERE id = ANY($1::uuid[])`, [made.splice(0)]);
});

// Two or three sign-ins and checkouts each: slow on a busy machine.
test.describe.configure({ timeout: 90_000 });

test('a shopper buys, opens the lines, cancels after confirming (stock back), and buys again', async ({
  page,
}) => {
  const product = await makeProduct(`Orchard Pears ${uniqueWord()}`, '2.25', 40);
  await signIn(page, freshEmail('in-depth'));
  const shortId = await buyThroughCheckout(page, product, 3, dollars(675));
  expect(await stockOf(product.id)).toBe(37);

  const card = orderCard(page, shortId);
  await card.getByRole('button', { name: 'View details' }).click();
  const details = card.getByTestId('order-details');
  const line = details.getByTestId('order-line');
  await expect(line).toHaveCount(1);
  await expect(line.getByTestId('order-line-name')).toHaveText(product.name);
  await expect(line).toContainText('3');
  await expect(line).toContainText('$2.25');
  await expect(line).toContainText('$6.75');
  await expect(details.getByTestId('order-payment')).toHaveText('Cash on Delivery');
  await expect(details.getByTestId('order-delivery-fee')).toHaveText('Free');
  await expect(details.getByTestId('order-timeline')).toContainText('Placed');
  await expectNoAxeViolations(page, 'My Orders with an order opened');

  // Cancel: a confirmation first; keeping the order changes nothing.
  await details.getByRole('button', { name: 'Cancel order' }).click();
  const dialog = page.getByRole('dialog', { name: `Cancel order #${shortId}?` });
  await expect(dialog).toBeVisible();
  await expectNoAxeViolations(page, 'the cancel confirmation');
  await dialog.getByRole('button', { name: 'Keep order' }).click();
  await expect(dialog).toBeHidden();
  await expect(card.getByTestId('order-status')).toHaveText('Pending');
  expect(await stockOf(product.id)).toBe(37);

  await details.getByRole('button', { name: 'Cancel order' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Yes, cancel order' }).click();
  await expectToast(page, 'Order cancelled', `Order #${shortId} has been cancelled.`);
  await expect(card.getByTestId('order-status')).toHaveText('Cancelled');
  await expect(details.getByTestId('order-timeline')).toContainText('Cancelled');
  await expect(details.getByTestId('order-timeline')).toContainText('by you');
  await expect(details.getByRole('button', { name: 'Cancel order' })).toHaveCount(0);
  expect(await stockOf(product.id)).toBe(40);
  await dismissToasts(page);

  // Buy again: the lines go into the cart at today's price; what is short is said.
  await sql(`UPDATE products SET price = 2.40, stock = 2 WHERE id = $1`, [product.id]);
  await details.getByRole('button', { name: 'Buy again' }).click();
  await expectToast(
    page,
    'Added to your cart',
    `2 item(s) from order #${shortId} at today's prices. ${product.name}: only 2 of 3 left, added 2.`,
  );
  await page.goto('/cart');
  const cartLine = page.getByTestId('cart-line');
  await expect(cartLine).toHaveCount(1);
  await expect(cartLine).toContainText(product.name);
  await expect(cartLine).toContainText('$2.40 each');
  await expect(page.getByTestId('cart-total')).toHaveText('$4.80');
});

test('a product renamed by staff keeps its old name on the old order', async ({ page, browser }) => {
  const product = await makeProduct(`Heritage Apples ${uniqueWord()}`, '1.50', 30);
  await signIn(page, freshEmail('renamed'));
  const shortId = await buyThroughCheckout(page, product, 2, dollars(300));

  // Staff rename it through the admin's REST call (PUT /api/products/:id), as the product form does.
  const staff = await browser.newContext();
  const staffPage = await staff.newPage();
  await signIn(staffPage, DEMO.admin);
  const current = await (await staffPage.request.get(`/api/products/${product.id}`)).json();
  const renamed = await staffPage.request.put(`/api/products/${product.id}`, {
    data: {
      name: 'Renamed Apples',
      description: current.description,
      price: current.price,
      // No stock: a stock value needs expectedStock or version (issue 32), and a rename keeps the level.
      categoryId: current.categoryId,
      lowStockThreshold: current.lowStockThreshold,
      isOrganic: current.isOrganic,
      isGlutenFree: current.isGlutenFree,
    },
  });
  expect(renamed.status()).toBe(200);
  await staff.close();

  await page.goto('/orders');
  const card = orderCard(page, shortId);
  await card.getByRole('button', { name: 'View details' }).click();
  await expect(card.getByTestId('order-line-name')).toHaveText(product.name);
  await expect(card.getByTestId('order-details')).not.toContainText('Renamed Apples');
});

test("an admin's delivery-fee change alters the next order's total, not the old one's", async ({
  page,
  browser,
}) => {
  const product = await makeProduct(`Farm Eggs ${uniqueWord()}`, '4.00', 40);
  await signIn(page, freshEmail('fee'));
  const oldShortId = await buyThroughCheckout(page, product, 2, dollars(800));

  const admin = await browser.newContext();
  const adminPage = await admin.newPage();
  await signIn(adminPage, DEMO.admin, '/admin?section=settings');
  const form = adminPage.getByTestId('settings-form');
  await expect(form).toBeVisible();
  await expectNoAxeViolations(adminPage, 'Admin → Settings');
  await form.getByLabel('Delivery fee').fill('4.99');
  await form.getByRole('button', { name: 'Save Settings' }).click();
  await expectToast(adminPage, 'Settings saved');
  await admin.close();

  // The cart and checkout show the fee; the next order pays it.
  await putInCart(page, product, 1);
  await page.goto('/cart');
  await expect(page.getByTestId('cart-delivery-fee')).toHaveText('$4.99');
  await expect(page.getByTestId('cart-total')).toHaveText(dollars(cents('4.00') + 499));
  const newShortId = await buyThroughCheckout(page, product, 1, dollars(cents('4.00') + 499));

  await expect(orderCard(page, newShortId).getByTestId('order-total')).toHaveText('$8.99');
  await expect(orderCard(page, oldShortId).getByTestId('order-total')).toHaveText('$8.00');
  const card = orderCard(page, newShortId);
  await card.getByRole('button', { name: 'View details' }).click();
  await expect(card.getByTestId('order-delivery-fee')).toHaveText('$4.99');
});
