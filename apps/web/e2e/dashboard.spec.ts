/**
 * The customer dashboard in Chromium (docs/product.md §2 Customer dashboard): welcome, the three tiles, the
 * five most recent orders, account information and quick actions.
 */
import { expect, test, type Page } from './support/test';
import { freshEmail, signIn } from './support/auth';

const tile = (page: Page, label: string) => page.getByLabel(label).getByTestId('tile-value');

async function placeOrder(page: Page, quantity: number) {
  const products = (await (await page.request.get('/api/products')).json()) as {
    id: string;
    price: string;
    stock: number;
  }[];
  const product = products.find((p) => p.stock >= 30)!;
  const cents = Math.round(Number(product.price) * 100) * quantity;
  const response = await page.request.post('/api/orders', {
    data: {
      items: [{ productId: product.id, quantity, price: product.price }],
      total: (cents / 100).toFixed(2),
      paymentMethod: 'cash_on_delivery',
      shippingAddress: '1 Dashboard Way',
    },
  });
  expect(response.status()).toBe(201);
  return { id: ((await response.json()) as { id: string }).id, cents };
}

test('a new customer: zero tiles, the empty recent orders, account information and quick actions', async ({
  page,
}) => {
  const email = freshEmail('dash');
  await signIn(page, email);
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: /^Welcome back, / })).toBeVisible();
  await expect(tile(page, 'Total Orders')).toHaveText('0');
  await expect(tile(page, 'Total Spent')).toHaveText('$0.00');
  await expect(tile(page, 'Items in Cart')).toHaveText('0');

  const empty = page.getByTestId('recent-orders-empty');
  await expect(empty.getByText('No orders yet')).toBeVisible();
  await expect(empty.getByRole('link', { name: 'Start Shopping' })).toHaveAttribute('href', '/');

  const account = page.getByTestId('account-information');
  await expect(account).toContainText(email);
  await expect(account.getByTestId('role-badge')).toHaveText('Customer');
  await expect(account.getByRole('link', { name: 'Edit Profile & Addresses' })).toHaveAttribute(
    'href',
    '/profile',
  );

  await expect(page.getByRole('link', { name: 'Browse Products' })).toHaveAttribute('href', '/');
  await expect(page.getByRole('link', { name: 'View Cart' })).toHaveAttribute('href', '/cart');
  await expect(page.getByRole('link', { name: 'Order History' })).toHaveAttribute('href', '/orders');
  await page.getByRole('link', { name: 'Edit Profile & Addresses' }).click();
  await expect(page).toHaveURL(/\/profile$/);
});

test('with orders: count, sum of totals, the latest 5, the cart count and View All Orders', async ({
  page,
}) => {
  await signIn(page, freshEmail('dash-orders'));
  const orders = [];
  for (let quantity = 1; quantity <= 6; quantity++) orders.push(await placeOrder(page, quantity));
  const spent = orders.reduce((sum, order) => sum + order.cents, 0);

  // Three items in the cart, from the storefront.
  await page.goto('/');
  const add = page.getByTestId('product-card').getByRole('button', { name: 'Add to Cart' }).first();
  for (let i = 0; i < 3; i++) await add.click();

  await page.goto('/dashboard');
  await expect(tile(page, 'Total Orders')).toHaveText('6');
  await expect(tile(page, 'Total Spent')).toHaveText(`$${(spent / 100).toFixed(2)}`);
  await expect(tile(page, 'Items in Cart')).toHaveText('3');

  const recent = page.getByTestId('recent-order');
  await expect(recent).toHaveCount(5);
  await expect(recent.first()).toContainText(`Order #${orders[5]!.id.slice(0, 8)}`);
  await expect(recent.first()).toContainText(`$${(orders[5]!.cents / 100).toFixed(2)}`);
  await expect(recent.first().getByTestId('order-status')).toHaveText('Pending');
  await expect(page.getByText(`Order #${orders[0]!.id.slice(0, 8)}`)).toHaveCount(0);

  await page.getByRole('link', { name: 'View All Orders' }).click();
  await expect(page).toHaveURL(/\/orders$/);
  await expect(page.getByTestId('order-card')).toHaveCount(6);
});
