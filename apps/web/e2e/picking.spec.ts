/**
 * The picking list in Chromium (issue 21 part 4; docs/picking.md): an order for a day's 07:00–08:00
 * slot, two of its eggs taken from a best-before lot, is on Admin → Picking for that day under its
 * window with the lot to take; the picker ticks the line; printed (print media), the page keeps
 * the list and its checkboxes and drops the sidebar, the header, the buttons and the date input.
 * A day with nothing to pick says so.
 *
 * The order is written as placement leaves it (admin-fixtures.ts style), with its lot allocation,
 * on a day a week out so the list holds little else.
 */
import { expect, test } from './support/test';
import { DEMO, signIn } from './support/auth';
import { expectNoAxeViolations } from './support/axe';
import { sql } from './admin-fixtures';
import { uniqueWord } from './support/unique';

const madeProducts: string[] = [];
const madeOrders: string[] = [];

test.afterEach(async () => {
  await sql(`UPDATE products SET is_active = false WHERE id = ANY($1::uuid[])`, [madeProducts.splice(0)]);
  // Off every other spec's lists of open orders.
  await sql(`UPDATE orders SET status = 'cancelled' WHERE id = ANY($1::uuid[])`, [madeOrders.splice(0)]);
});

test.describe.configure({ timeout: 120_000 });

/** YYYY-MM-DD `days` from today (UTC, the shop's day). */
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/** A pending order of the demo customer for 2 of a new product, booked into `day` 07:00–08:00, from one lot. */
async function slottedOrderFromLot(day: string) {
  const word = uniqueWord();
  const [category] = await sql<{ id: string }>(`SELECT id FROM categories ORDER BY name LIMIT 1`);
  const [product] = await sql<{ id: string; name: string }>(
    `INSERT INTO products (name, description, price, unit, category_id, stock, low_stock_threshold, sku)
     VALUES ($1, 'Made by the picking spec', 3.00, 'each', $2, 1, 0, $3)
     RETURNING id, name`,
    [`Picking Eggs ${word}`, category!.id, `E2E-PICK-${word}`],
  );
  madeProducts.push(product!.id);
  const batch = `PK${word.slice(0, 6).toUpperCase()}`;
  const [lot] = await sql<{ id: string }>(
    `INSERT INTO stock_lots (product_id, quantity, received_quantity, expires_on, batch_code, reason)
     VALUES ($1, 1, 3, $2, $3, 'Delivery note 7') RETURNING id`,
    [product!.id, inDays(12), batch],
  );
  const [order] = await sql<{ id: string }>(
    `INSERT INTO orders (user_id, status, payment_method, total, shipping_address, notes,
                         estimated_delivery, delivery_slot_date, delivery_slot_start, delivery_slot_end)
     SELECT id, 'pending', 'cash_on_delivery', 6.00, '7 Picking Lane, Springfield, IL 62701, US', 'Ring twice',
            $1::timestamptz, $2::date, $1::timestamptz, $3::timestamptz
     FROM users WHERE email = 'customer@example.com'
     RETURNING id`,
    [`${day}T07:00:00Z`, day, `${day}T08:00:00Z`],
  );
  madeOrders.push(order!.id);
  const [item] = await sql<{ id: string }>(
    `INSERT INTO order_items (order_id, product_id, quantity, price) VALUES ($1, $2, 2, 3.00) RETURNING id`,
    [order!.id, product!.id],
  );
  await sql(`INSERT INTO order_item_lots (order_item_id, lot_id, quantity) VALUES ($1, $2, 2)`, [
    item!.id,
    lot!.id,
  ]);
  return { orderId: order!.id, product: product!, batch };
}

test('an admin picks a day’s order by slot, with its lot, ticks the line and prints the list alone', async ({
  page,
}) => {
  const day = inDays(7);
  const { orderId, product, batch } = await slottedOrderFromLot(day);

  await signIn(page, DEMO.admin);
  await page.goto('/admin');
  const sidebar = page.getByRole('navigation', { name: 'Admin sections' });
  await sidebar.getByRole('link', { name: 'Picking' }).click();
  await expect(page.getByRole('heading', { name: 'Picking', level: 1 })).toBeVisible();
  await page.getByLabel('Picking day').fill(day);

  const slot = page.getByRole('region', { name: '07:00–08:00 (UTC)' });
  const card = slot.locator(`[data-testid="picking-order"][data-order-id="${orderId}"]`);
  await expect(card.getByRole('heading', { name: `Order #${orderId.slice(0, 8)}`, level: 3 })).toBeVisible();
  await expect(card.getByTestId('picking-address')).toHaveText('7 Picking Lane, Springfield, IL 62701, US');
  await expect(card.getByTestId('picking-notes')).toContainText('Ring twice');
  const line = card.getByTestId('picking-line');
  await expect(line).toHaveCount(1);
  await expect(line.getByTestId('picking-lots')).toHaveText(
    `From lots: 2 × best before ${inDays(12)} (batch ${batch})`,
  );

  const tick = card.getByRole('checkbox', { name: `2 × ${product.name}` });
  await tick.check();
  await expect(tick).toBeChecked();
  await expect(card.getByTestId('picking-progress')).toHaveText('1 of 1 picked');
  await expectNoAxeViolations(page, 'the picking list');

  // On paper: the list and its checkboxes only.
  await page.emulateMedia({ media: 'print' });
  await expect(sidebar).toBeHidden();
  await expect(page.getByRole('button', { name: 'Print' })).toBeHidden();
  await expect(page.getByLabel('Picking day')).toBeHidden();
  await expect(tick).toBeVisible();
  await expect(tick).toBeChecked();
  await expect(line.getByTestId('picking-lots')).toBeVisible();
  await page.emulateMedia({ media: 'screen' });
  await expect(sidebar).toBeVisible();

  await page.getByLabel('Picking day').fill('2099-01-01');
  await expect(page.getByTestId('picking-empty')).toHaveText('Nothing to pick on 2099-01-01');
});
