/**
 * Substitutions in Chromium (issue 21 part 3; docs/substitutions.md): a shopper says at checkout
 * which product should stand in for a line; at picking staff mark it short; the order's lines and
 * total, the stock and the timeline are corrected; the shopper's open My Orders hears of it live
 * and shows what was substituted. Screens and dialogs touched are checked with axe.
 */
import { expect, scannedContext, test } from './support/test';
import { DEMO, freshEmail, signIn } from './support/auth';
import { expectNoAxeViolations } from './support/axe';
import { dismissToasts, expectToast } from './support/toast';
import { putInCart } from './support/orders';
import { sql } from './admin-fixtures';
import { uniqueWord } from './support/unique';

const made: string[] = [];

test.afterEach(async () => {
  await sql(`UPDATE products SET is_active = false WHERE id = ANY($1::uuid[])`, [made.splice(0)]);
});

// Two sign-ins, a checkout, a picking step and axe scans: slow on a busy machine.
test.describe.configure({ timeout: 240_000 });

/** An aisle of this spec's own: products at these prices in a new category. */
async function aisle(names: [string, string][]) {
  const [category] = await sql<{ id: string }>(`INSERT INTO categories (name) VALUES ($1) RETURNING id`, [
    `Dairy ${uniqueWord()}`,
  ]);
  const products = [];
  for (const [name, price] of names) {
    const [row] = await sql<{ id: string; name: string; price: string }>(
      `INSERT INTO products (name, description, price, unit, category_id, stock, sku)
       VALUES ($1, 'Made by the substitutions spec', $2, 'each', $3, 30, $4)
       RETURNING id, name, price::text AS price`,
      [name, price, category!.id, `E2E-SUB-${uniqueWord()}`],
    );
    made.push(row!.id);
    products.push(row!);
  }
  return products;
}

test('a short line is substituted with the product the shopper chose, never dearer, and the shopper sees it live', async ({
  page,
  browser,
}) => {
  await sql(
    `UPDATE shop_settings SET delivery_fee = 0, free_delivery_threshold = NULL, tax_rate = 0,
            tax_inclusive = false, minimum_order = 0, currency = 'USD', version = version + 1 WHERE id = 1`,
  );
  const word = uniqueWord();
  const [milk, oat, soy] = await aisle([
    [`Whole Milk ${word}`, '3.00'],
    [`Oat Milk ${word}`, '4.50'],
    [`Soy Milk ${word}`, '2.95'],
  ]);

  // --- the shopper: 2 milk; if it is short, oat milk ---------------------------------------------
  await signIn(page, freshEmail('subs'));
  await putInCart(page, milk!, 2);
  await page.goto('/checkout');
  await expect(page.getByTestId('summary-total')).toHaveText('$6.00');
  const choice = page.getByRole('combobox', { name: `If ${milk!.name} is out of stock` });
  await expect(choice).toHaveValue('Substitute with a similar product');
  await choice.click();
  // Nearest price first: soy ($2.95), then oat ($4.50).
  const options = page.getByRole('option');
  await expect(options).toHaveText([
    'Substitute with a similar product',
    'No substitution',
    `Substitute with ${soy!.name} ($2.95)`,
    `Substitute with ${oat!.name} ($4.50)`,
  ]);
  await page.getByRole('option', { name: `Substitute with ${oat!.name} ($4.50)` }).click();
  await expect(choice).toHaveValue(`Substitute with ${oat!.name} ($4.50)`);
  await expectNoAxeViolations(page, 'checkout with the substitution choice');
  await page.getByRole('radio', { name: /Cash on Delivery/ }).check();
  await page.getByLabel('Shipping address').fill('5 Orchard Row, Springfield');
  await page.getByRole('button', { name: 'Place Order - $6.00' }).click();
  const placed = await expectToast(page, 'Order placed successfully!');
  const description = await placed.locator('.mantine-Notification-description').innerText();
  const shortId = /^Order #([0-9a-f]{8}) has been created/.exec(description)![1]!;
  await expect(page).toHaveURL(/\/orders$/);
  await dismissToasts(page);
  const card = page.getByTestId('order-card').filter({ hasText: `Order #${shortId}` });
  await card.getByRole('button', { name: 'View details' }).click();

  // --- staff at picking: the milk is short ------------------------------------------------------
  const staff = await scannedContext(browser);
  const staffPage = await staff.newPage();
  await signIn(staffPage, DEMO.admin);
  await staffPage.goto('/admin/orders');
  await staffPage.getByLabel('Search orders').fill(shortId);
  await staffPage.getByRole('button', { name: `View order ${shortId}` }).click();
  const view = staffPage.getByTestId('order-details');
  await expect(view.getByTestId('order-item-substitution')).toHaveText(
    `If short: Substitute with ${oat!.name}`,
  );
  await view.getByRole('button', { name: `Mark short: ${milk!.name}` }).click();
  const confirm = staffPage.getByRole('dialog', { name: `Mark ${milk!.name} short?` });
  await expect(confirm).toContainText(`The customer chose: Substitute with ${oat!.name}`);
  await expectNoAxeViolations(staffPage, 'the Mark short confirmation');
  await confirm.getByRole('button', { name: 'Mark short' }).click();
  await expectToast(staffPage, 'Line marked short', `${milk!.name}: substituted with ${oat!.name}`);
  const lines = view.getByTestId('order-item');
  await expect(lines).toHaveCount(2);
  await expect(lines.nth(0).getByTestId('order-item-substitution')).toHaveText(
    'Short: not delivered, not charged',
  );
  await expect(lines.nth(1).getByTestId('order-item-substitution')).toHaveText(
    `Substitute for ${milk!.name}`,
  );
  // Oat milk at the milk's price: 2 × $3.00.
  await expect(lines.nth(1).getByTestId('order-item-total')).toHaveText('$6.00');
  await expect(view.getByTestId('order-view-total')).toHaveText('$6.00');
  await expect(view.getByTestId('order-timeline')).toContainText(
    `${milk!.name} short: substituted with ${oat!.name} (2 at $3.00)`,
  );
  await staff.close();

  const stock = async (id: string) =>
    (await sql<{ stock: number }>(`SELECT stock FROM products WHERE id = $1`, [id]))[0]!.stock;
  expect(await stock(oat!.id)).toBe(28);
  expect(await stock(milk!.id)).toBe(28);

  // --- the shopper's open My Orders: told, and shows the substitute -----------------------------
  await expectToast(
    page,
    'An item in your order was out of stock: your order and its total have been updated.',
    `Order #${shortId}`,
  );
  const details = card.getByTestId('order-details');
  await expect(details.getByTestId('order-line')).toHaveCount(2);
  await expect(details.getByTestId('order-line-substitution')).toHaveText([
    'Out of stock: not delivered, not charged',
    `Substitute for ${milk!.name}`,
  ]);
  await expect(details.getByTestId('order-line-total')).toHaveText(['$0.00', '$6.00']);
  await expectNoAxeViolations(page, 'My Orders with a substituted line');
});
