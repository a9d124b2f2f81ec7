/**
 * Best-before lots in Chromium (issue 21 part 2; docs/stock-lots.md): staff receive two lots through
 * Inventory's Goods in; a shopper orders 3 where the lots expire on different days, and the earlier
 * lot is taken first (the lots dialog and the staff order view say so); the shopper cancels and the
 * units are back in the same lots; a lot whose date has passed leaves the storefront's stock
 * without anyone touching the product; Expiring soon lists lots with a markdown suggestion.
 */
import { expect, scannedContext, test, type Page } from './support/test';
import { DEMO, freshEmail, signIn } from './support/auth';
import { expectNoAxeViolations } from './support/axe';
import { dismissToasts, expectToast } from './support/toast';
import { buyThroughCheckout, orderCard } from './support/orders';
import { sql } from './admin-fixtures';
import { uniqueWord } from './support/unique';

const made: string[] = [];

test.afterEach(async () => {
  await sql(`UPDATE products SET is_active = false WHERE id = ANY($1::uuid[])`, [made.splice(0)]);
});

// Two sign-ins, goods in, a checkout, a cancellation and axe scans: slow on a busy machine.
test.describe.configure({ timeout: 240_000 });

/** YYYY-MM-DD `days` from today (UTC, the shop's day). */
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

async function makeProduct(name: string) {
  const [category] = await sql<{ id: string }>(`SELECT id FROM categories ORDER BY name LIMIT 1`);
  const [row] = await sql<{ id: string; name: string; price: string }>(
    `INSERT INTO products (name, description, price, unit, category_id, stock, low_stock_threshold, sku)
     VALUES ($1, 'Made by the lots spec', 3.00, 'each', $2, 0, 0, $3)
     RETURNING id, name, price::text AS price`,
    [name, category!.id, `E2E-LOT-${uniqueWord()}`],
  );
  made.push(row!.id);
  return row!;
}

async function openLots(page: Page, product: { id: string; name: string }) {
  await page.goto('/admin/inventory');
  await expect(page.getByRole('heading', { name: 'Inventory Management' })).toBeVisible();
  await page.getByLabel('Search inventory').fill(product.name);
  const row = page.locator(`[data-testid="inventory-row"][data-product-id="${product.id}"]`);
  await row.getByRole('button', { name: `Lots of ${product.name}` }).click();
  const dialog = page.getByRole('dialog', { name: `Lots — ${product.name}` });
  await expect(dialog.getByTestId('lots-stock')).toBeVisible();
  return { row, dialog };
}

test('goods in, an order takes the lot that expires first, a cancellation puts it back, and an expired lot leaves the shelf', async ({
  page,
  browser,
}) => {
  await sql(
    `UPDATE shop_settings SET delivery_fee = 0, free_delivery_threshold = NULL, tax_rate = 0,
            tax_inclusive = false, minimum_order = 0, currency = 'USD', version = version + 1 WHERE id = 1`,
  );
  const product = await makeProduct(`Fresh Yoghurt ${uniqueWord()}`);

  // --- staff (an admin: Inventory and Orders): two lots in, the later one first --------------------
  await signIn(page, DEMO.admin);
  const { row, dialog } = await openLots(page, product);
  const receive = async (quantity: number, date: string, batch: string) => {
    const form = dialog.getByRole('form', { name: 'Goods in' });
    await form.getByLabel('Quantity').fill(String(quantity));
    await form.getByLabel('Date', { exact: true }).fill(date);
    await form.getByLabel('Batch code').fill(batch);
    await form.getByLabel('Reason').fill('Delivery note 42');
    await form.getByRole('button', { name: 'Receive' }).click();
    await expectToast(page, 'Goods received', `${product.name}: ${quantity}, best before ${date}`);
    await dismissToasts(page);
  };
  await receive(2, inDays(5), 'LATE');
  // A date already past is refused before anything is sent.
  await dialog.getByRole('form', { name: 'Goods in' }).getByLabel('Quantity').fill('2');
  await dialog.getByLabel('Date', { exact: true }).fill(inDays(-1));
  await dialog.getByLabel('Reason').fill('Old stock');
  await dialog.getByRole('button', { name: 'Receive' }).click();
  await expect(dialog.getByText('This date has passed')).toBeVisible();
  await receive(2, inDays(2), 'EARLY');

  const lots = dialog.getByTestId('lot-row');
  await expect(lots).toHaveCount(2);
  await expect(lots.nth(0)).toContainText(`Best before ${inDays(2)}`);
  await expect(lots.nth(0)).toContainText('EARLY');
  await expect(lots.nth(1)).toContainText(`Best before ${inDays(5)}`);
  await expect(dialog.getByTestId('lots-stock')).toHaveText('4');
  await expectNoAxeViolations(page, 'the lots dialog with goods in');
  await page.keyboard.press('Escape');
  await expect(row.getByTestId('inventory-stock')).toHaveText('4');

  // Expiring soon: both lots, soonest first, with the markdown suggested.
  const expiring = page.getByTestId('expiring-row').filter({ hasText: product.name });
  await expect(expiring).toHaveCount(2);
  await expect(expiring.nth(0)).toContainText('in 2 days');
  await expect(expiring.nth(0).getByTestId('expiring-markdown')).toHaveText('20% off: $3.00 → $2.40');

  // --- a shopper orders 3 -------------------------------------------------------------------------
  const shopperContext = await scannedContext(browser);
  const shop = await shopperContext.newPage();
  await signIn(shop, freshEmail('lots'));
  const shortId = await buyThroughCheckout(shop, product, 3, '$9.00');

  // The earlier lot went first: 2 from EARLY, 1 from LATE; the staff order view says which to pick.
  const again = await openLots(page, product);
  await expect(again.dialog.getByTestId('lot-row')).toHaveCount(1);
  await expect(again.dialog.getByTestId('lot-row')).toContainText(`Best before ${inDays(5)}`);
  await expect(again.dialog.getByTestId('lot-left')).toHaveText('1');
  await page.keyboard.press('Escape');
  await page.goto('/admin/orders');
  await page.getByLabel('Search orders').fill(shortId);
  await page.getByRole('button', { name: `View order ${shortId}` }).click();
  await expect(page.getByTestId('order-item-lots')).toHaveText(
    `From lots: 2 × best before ${inDays(2)} (batch EARLY), 1 × best before ${inDays(5)} (batch LATE)`,
  );
  await page.keyboard.press('Escape');

  // --- the shopper cancels: back into the same lots -------------------------------------------------
  const card = orderCard(shop, shortId);
  await card.getByRole('button', { name: 'View details' }).click();
  await card.getByTestId('order-details').getByRole('button', { name: 'Cancel order' }).click();
  await shop.getByRole('dialog').getByRole('button', { name: 'Yes, cancel order' }).click();
  await expectToast(shop, 'Order cancelled', `Order #${shortId} has been cancelled.`);
  const back = await openLots(page, product);
  await expect(back.dialog.getByTestId('lot-left')).toHaveText(['2', '2']);
  await page.keyboard.press('Escape');

  // --- time passes: the early lot's date is yesterday; nobody touches the product -----------------
  await sql(`UPDATE stock_lots SET expires_on = $2 WHERE product_id = $1 AND batch_code = 'EARLY'`, [
    product.id,
    inDays(-1),
  ]);
  await shop.goto(`/?q=${encodeURIComponent(product.name)}`);
  const shelf = shop.getByTestId('product-card').filter({ hasText: product.name });
  await expect(shelf.getByTestId('product-stock')).toHaveText('Stock: 2');
  await shopperContext.close();
});
