/**
 * My Orders in Chromium (docs/product.md §2 My Orders, §4 status display): the empty state, and each order's
 * short id, date, status badge, total, address and estimated delivery. Orders are placed through
 * the api as the signed-in shopper (the checkout itself is covered by checkout.spec.ts).
 */
import pg from 'pg';
import { expect, test, type Page } from './support/test';
import { freshEmail, signIn } from './support/auth';

async function sql(text: string, params: unknown[] = []) {
  const client = new pg.Client({ connectionString: process.env.E2E_DATABASE_URL });
  await client.connect();
  try {
    return (await client.query(text, params)).rows;
  } finally {
    await client.end();
  }
}

/** Places a cash-on-delivery order for `quantity` of a stocked product through POST /api/orders. */
async function placeOrder(page: Page, quantity: number, shippingAddress: string) {
  const products = (await (await page.request.get('/api/products')).json()) as {
    id: string;
    price: string;
    stock: number;
  }[];
  const product = products.find((p) => p.stock >= 20)!;
  const total = ((Math.round(Number(product.price) * 100) * quantity) / 100).toFixed(2);
  const response = await page.request.post('/api/orders', {
    data: {
      items: [{ productId: product.id, quantity, price: product.price }],
      total,
      paymentMethod: 'cash_on_delivery',
      shippingAddress,
    },
  });
  expect(response.status()).toBe(201);
  return { ...((await response.json()) as { id: string; createdAt: string }), total };
}

test('no orders yet', async ({ page }) => {
  await signIn(page, freshEmail('no-orders'));
  await page.goto('/orders');
  const empty = page.getByTestId('orders-empty');
  await expect(empty.getByText('No orders yet')).toBeVisible();
  await expect(empty.getByText('Start shopping to see your orders here!')).toBeVisible();
  await empty.getByRole('link', { name: 'Start Shopping' }).click();
  await expect(page).toHaveURL(/\/$/);
});

test('each order with its short id, date, status badge, total, address and estimated delivery', async ({
  page,
}) => {
  await signIn(page, freshEmail('my-orders'));
  const statuses = ['pending', 'processing', 'shipped', 'delivered', 'cancelled'];
  const placed = [];
  for (const [index] of statuses.entries())
    placed.push(await placeOrder(page, index + 1, `${index + 1} Status Street\nSpringfield`));
  for (const [index, status] of statuses.entries()) {
    await sql('UPDATE orders SET status = $2 WHERE id = $1', [placed[index]!.id, status]);
  }
  await sql('UPDATE orders SET estimated_delivery = NULL WHERE id = $1', [placed[4]!.id]);

  await page.goto('/orders');
  const cards = page.getByTestId('order-card');
  await expect(cards).toHaveCount(5);
  // Newest first.
  await expect(cards.first()).toHaveAttribute('data-order-id', placed[4]!.id);

  for (const [index, status] of statuses.entries()) {
    const order = placed[index]!;
    const card = page.locator(`[data-testid="order-card"][data-order-id="${order.id}"]`);
    await expect(card).toContainText(`Order #${order.id.slice(0, 8)}`);
    await expect(card).toContainText(`Placed on ${new Date(order.createdAt).toLocaleDateString('en-US')}`);
    const badge = card.getByTestId('order-status');
    await expect(badge).toHaveText(status.charAt(0).toUpperCase() + status.slice(1));
    await expect(badge).toHaveAttribute('data-status', status);
    await expect(badge.locator('svg')).toHaveCount(1);
    await expect(card.getByTestId('order-total')).toHaveText(`$${order.total}`);
    await expect(card.getByTestId('order-address')).toHaveText(`${index + 1} Status Street\nSpringfield`);
    await expect(card.getByTestId('order-eta')).toHaveCount(status === 'cancelled' ? 0 : 1);
  }

  // The badge colours of docs/product.md §4.
  const colour = async (status: string) =>
    page
      .locator(`[data-testid="order-status"][data-status="${status}"]`)
      .evaluate((element) => getComputedStyle(element).color);
  const colours = await Promise.all(statuses.map(colour));
  expect(new Set(colours).size).toBe(5);
});

test('another customer’s orders never show', async ({ page, browser }) => {
  await signIn(page, freshEmail('owner'));
  const mine = await placeOrder(page, 1, 'Mine 1');
  const other = await browser.newPage();
  await signIn(other, freshEmail('stranger'));
  await other.goto('/orders');
  await expect(other.getByText('No orders yet')).toBeVisible();
  expect((await other.request.get(`/api/orders/${mine.id}`)).status()).toBe(404);
  await other.close();
});
