/**
 * Checkout in Chromium (docs/product.md §2 Checkout, §5 checkout rules, §8 checkout toasts): the signed-out
 * prompt, the empty-cart notice, every validation in the spec's order, card and bank transfer
 * orders end to end, and what changed prices and short stock tell the shopper. Every test signs in
 * as a new customer, so none shares orders, addresses or a cart.
 */
import { sql } from './admin-fixtures';
import { expect, test, type Page } from './support/test';
import { freshEmail, signIn } from './support/auth';
import { dismissToasts, expectToast } from './support/toast';

const CART_KEY = 'freshcart.cart';

interface Product {
  id: string;
  name: string;
  price: string;
  stock: number;
  imageUrl: string | null;
}

/** Active products with plenty of stock, by name. */
async function stockedProducts(page: Page): Promise<Product[]> {
  const response = await page.request.get('/api/products');
  const products = (await response.json()) as Product[];
  return products.filter((p) => p.stock >= 25);
}

/** Puts these lines in the browser's cart (as the storefront would) and opens the checkout. */
async function checkoutWith(page: Page, lines: { product: Product; quantity: number }[]) {
  if (new URL(page.url()).pathname !== '/') await page.goto('/');
  await page.evaluate(([key, value]) => window.localStorage.setItem(key, value), [
    CART_KEY,
    JSON.stringify(
      lines.map(({ product, quantity }) => ({
        productId: product.id,
        name: product.name,
        price: product.price,
        imageUrl: product.imageUrl,
        quantity,
      })),
    ),
  ] as const);
  await page.goto('/checkout');
  await expect(page.getByRole('heading', { name: 'Checkout', exact: true })).toBeVisible();
}

const cents = (price: string) => Math.round(Number(price) * 100);
const dollars = (amount: number) => `$${(amount / 100).toFixed(2)}`;
const placeOrderButton = (page: Page) => page.getByRole('button', { name: /^Place Order - \$/ });

async function fillCard(page: Page, card: { number: string; expiry: string; cvv: string; name: string }) {
  await page.getByLabel('Card Number').fill(card.number);
  await page.getByLabel('Expiry Date').fill(card.expiry);
  await page.getByLabel('CVV').fill(card.cvv);
  await page.getByLabel('Cardholder Name').fill(card.name);
}

test('signed out: the sign-in prompt, the toast, then the sign-in page coming back to /checkout', async ({
  page,
}) => {
  const login = page.waitForRequest((request) => request.url().includes('/api/login?returnTo=%2Fcheckout'));
  const toast = expectToast(
    page,
    'Sign in required',
    'Please sign in to complete your checkout',
    'destructive',
  );
  // The page knows at once that nobody is signed in (the api writes it into the page), so the
  // prompt shows from the first paint and the redirect follows 1 s later: watch from the first
  // byte rather than from the load event, which a busy machine can delay past that second.
  await page.goto('/checkout', { waitUntil: 'commit' });
  await expect(page.getByTestId('sign-in-required')).toBeVisible();
  await toast;
  await login;
  await expect(page).toHaveTitle(/Development sign-in/);
});

test('an empty cart shows a notice and goes back to the shop', async ({ page }) => {
  await signIn(page, freshEmail('empty-cart'));
  await page.goto('/checkout');
  await expectToast(page, 'Cart is empty', 'Add some products to your cart first');
  await expect(page).toHaveURL(/\/$/);
});

test('every validation, in the spec’s order, with its toast', async ({ page }) => {
  await signIn(page, freshEmail('validations'));
  const [product] = await stockedProducts(page);
  await checkoutWith(page, [{ product: product!, quantity: 1 }]);
  const sent: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('orders.create')) sent.push(r.url());
  });

  // 1. A payment method is always chosen (card by default), so the first rule cannot fail here;
  //    src/features/checkout/checkout-form.test.ts covers it.
  await expect(page.getByRole('radio', { name: /Credit Card/ })).toBeChecked();

  // 2. No saved address and no custom text.
  await placeOrderButton(page).click();
  await expectToast(
    page,
    'Shipping address required',
    'Please select or enter a shipping address',
    'destructive',
  );
  await dismissToasts(page);
  await page.getByLabel('Shipping address').fill('   ');
  await placeOrderButton(page).click();
  await expectToast(
    page,
    'Shipping address required',
    'Please select or enter a shipping address',
    'destructive',
  );
  await dismissToasts(page);
  await page.getByLabel('Shipping address').fill('12 Orchard Lane, Springfield, IL 62701, US');

  // 3a. Card fields missing.
  await page.getByLabel('Card Number').fill('4242 4242 4242 4242');
  await placeOrderButton(page).click();
  await expectToast(page, 'Card details required', 'Please fill in all card payment fields', 'destructive');
  await dismissToasts(page);

  // 3b. A card number that is too short.
  await fillCard(page, { number: '4242 4242 424', expiry: '12/30', cvv: '123', name: 'Val Idation' });
  await placeOrderButton(page).click();
  await expectToast(page, 'Invalid card number', 'Please enter a valid card number', 'destructive');
  await dismissToasts(page);

  // 4. Bank transfer without its details.
  await page.getByRole('radio', { name: /Bank Transfer/ }).check();
  await expect(page.getByTestId('bank-panel')).toBeVisible();
  await expect(page.getByTestId('card-panel')).toHaveCount(0);
  await page.getByLabel('Bank Name').fill('First Bank');
  await placeOrderButton(page).click();
  await expectToast(
    page,
    'Bank details required',
    'Please fill in your bank transfer details',
    'destructive',
  );

  expect(sent).toEqual([]); // nothing was sent
  expect(
    (
      await sql<{ n: number }>(
        `SELECT count(*)::int AS n FROM orders o JOIN users u ON u.id = o.user_id WHERE u.email LIKE 'validations-%'`,
      )
    )[0]!.n,
  ).toBe(0);
});

test('a card order end to end: shaped inputs, only the last 4 digits sent, cart cleared, on /orders and the dashboard', async ({
  page,
}) => {
  await signIn(page, freshEmail('card-order'));

  // Fill the cart from the storefront, as a shopper does.
  await page.goto('/');
  const cards = page
    .getByTestId('product-card')
    .filter({ has: page.getByRole('button', { name: 'Add to Cart' }) });
  await expect(cards.first()).toBeVisible();
  const picked: { name: string; price: number }[] = [];
  for (const [index, times] of [
    [0, 2],
    [1, 1],
  ] as const) {
    const card = cards.nth(index);
    picked.push({
      name: await card.getByTestId('product-name').innerText(),
      price: cents((await card.getByTestId('product-price').innerText()).replace('$', '')),
    });
    for (let i = 0; i < times; i++) await card.getByRole('button', { name: 'Add to Cart' }).click();
  }
  const total = picked[0]!.price * 2 + picked[1]!.price;

  await page.goto('/cart');
  await page.getByRole('link', { name: /^Proceed to Checkout/ }).click();
  await expect(page).toHaveURL(/\/checkout$/);

  // The summary: lines, free shipping, no tax, total = subtotal.
  const summary = page.getByTestId('checkout-summary');
  await expect(summary.getByTestId('summary-line')).toHaveCount(2);
  await expect(summary.getByText(`${picked[0]!.name} × 2`)).toBeVisible();
  await expect(summary.getByText('Free')).toBeVisible();
  await expect(summary.getByText('$0.00')).toBeVisible();
  await expect(summary.getByTestId('summary-subtotal')).toHaveText(dollars(total));
  await expect(summary.getByTestId('summary-total')).toHaveText(dollars(total));

  // The card panel: demo only, last 4 digits only; inputs shaped as typed.
  const panel = page.getByTestId('card-panel');
  await expect(panel.getByText('Demo only: your card is not charged')).toBeVisible();
  await expect(panel.getByText(/Only the cardholder name and the last 4 digits/)).toBeVisible();
  await page.getByLabel('Card Number').pressSequentially('4242-4242x4242424299999');
  await expect(page.getByLabel('Card Number')).toHaveValue('4242 4242 4242 4242');
  await page.getByLabel('Expiry Date').pressSequentially('12305');
  await expect(page.getByLabel('Expiry Date')).toHaveValue('12/30');
  await page.getByLabel('CVV').pressSequentially('1a2345');
  await expect(page.getByLabel('CVV')).toHaveValue('1234');
  await page.getByLabel('Cardholder Name').fill('Casey Card');
  await page.getByLabel('Shipping address').fill('1 Card Street\nSpringfield, IL 62701');
  await page.getByLabel('Order Notes (optional)').fill('   Leave it with the neighbour   ');

  const request = page.waitForRequest((r) => r.url().includes('orders.create'));
  await placeOrderButton(page).click();
  const sent = (await request).postData() ?? '';
  expect(sent).not.toMatch(/4242 ?4242/);
  expect(sent).not.toContain('12/30');
  expect(sent).not.toContain('1234');
  expect(sent).toContain('"cardLastFour":"4242"');
  expect(sent).toContain('"notes":"Leave it with the neighbour"');
  expect(sent).toMatch(/"idempotencyKey":"[0-9a-f-]{36}"/);

  const toast = await expectToast(page, 'Order placed successfully!');
  const description = await toast.locator('.mantine-Notification-description').innerText();
  const [, shortId] =
    /^Order #([0-9a-f]{8}) has been created\. You will receive a confirmation email shortly\.$/.exec(
      description,
    ) ?? [];
  expect(shortId).toBeTruthy();
  await expect(page).toHaveURL(/\/orders$/);
  expect(await page.evaluate((key) => window.localStorage.getItem(key), CART_KEY)).toBe('[]');

  const order = page.getByTestId('order-card').filter({ hasText: `Order #${shortId}` });
  await expect(order).toBeVisible();
  await expect(order.getByTestId('order-total')).toHaveText(dollars(total));
  await expect(order.getByTestId('order-status')).toHaveText('Pending');
  await expect(order.getByTestId('order-address')).toHaveText('1 Card Street\nSpringfield, IL 62701');
  await expect(order.getByTestId('order-eta')).toContainText('Estimated delivery:');

  const [row] = await sql<{ total: string; card_last_four: string; payment_status: string }>(
    `SELECT total, card_last_four, payment_status FROM orders WHERE id::text LIKE $1`,
    [`${shortId}%`],
  );
  expect(row).toEqual({ total: (total / 100).toFixed(2), card_last_four: '4242', payment_status: 'pending' });

  await page.goto('/dashboard');
  await expect(page.getByLabel('Total Orders').getByTestId('tile-value')).toHaveText('1');
  await expect(page.getByLabel('Total Spent').getByTestId('tile-value')).toHaveText(dollars(total));
  await expect(page.getByLabel('Items in Cart').getByTestId('tile-value')).toHaveText('0');
  await expect(page.getByTestId('recent-order').filter({ hasText: `Order #${shortId}` })).toContainText(
    dollars(total),
  );
});

test('a bank transfer order to the default saved address', async ({ page }) => {
  await signIn(page, freshEmail('bank-order'));
  const [a, b] = await stockedProducts(page);
  // Two saved addresses; the second is made the default.
  for (const [title, isDefault] of [
    ['Home', false],
    ['Work', true],
  ] as const) {
    const response = await page.request.post('/api/user/addresses', {
      data: {
        title,
        street: `${title} Road 5`,
        city: 'Albany',
        state: 'NY',
        zipCode: '12207',
        country: 'US',
        isDefault,
      },
    });
    expect(response.status()).toBe(201);
  }
  await checkoutWith(page, [
    { product: a!, quantity: 1 },
    { product: b!, quantity: 3 },
  ]);
  const total = cents(a!.price) + cents(b!.price) * 3;

  await expect(page.getByRole('radio', { name: /Work/ })).toBeChecked();
  await page.getByRole('radio', { name: /Bank Transfer/ }).check();
  await page.getByLabel('Bank Name').fill('Hudson Savings');
  await page.getByLabel('Account Number').fill('000123456789');
  await placeOrderButton(page).click();

  await expectToast(page, 'Order placed successfully!');
  await expect(page).toHaveURL(/\/orders$/);
  const order = page.getByTestId('order-card').first();
  await expect(order.getByTestId('order-address')).toHaveText('Work Road 5, Albany, NY 12207, US');
  await expect(order.getByTestId('order-total')).toHaveText(dollars(total));

  const [row] = await sql<Record<string, string | null>>(
    `SELECT o.payment_method, o.bank_name, o.bank_account_number, o.card_last_four, o.total
     FROM orders o JOIN users u ON u.id = o.user_id WHERE u.id = (SELECT user_id FROM orders WHERE id = $1)`,
    [await order.getAttribute('data-order-id')],
  );
  expect(row).toEqual({
    payment_method: 'bank_transfer',
    bank_name: 'Hudson Savings',
    bank_account_number: '000123456789',
    card_last_four: null,
    total: (total / 100).toFixed(2),
  });
});

test('changed prices update the cart and tell the shopper; placing again succeeds', async ({ page }) => {
  await signIn(page, freshEmail('price-change'));
  const [product] = await stockedProducts(page);
  const original = product!.price;
  const raised = ((cents(original) + 125) / 100).toFixed(2);
  await checkoutWith(page, [{ product: product!, quantity: 2 }]);
  await page.getByRole('radio', { name: /Cash on Delivery/ }).check();
  await page.getByLabel('Shipping address').fill('9 Price Street, Springfield');

  await sql('UPDATE products SET price = $2 WHERE id = $1', [product!.id, raised]);
  try {
    await placeOrderButton(page).click();
    await expectToast(
      page,
      'Prices have changed',
      `${product!.name}: $${original} → $${raised}. Please review your order and place it again.`,
      'destructive',
    );
    await expect(page.getByTestId('checkout-problem')).toContainText(
      `${product!.name}: $${original} → $${raised}`,
    );
    const newTotal = dollars(cents(raised) * 2);
    await expect(page.getByTestId('summary-total')).toHaveText(newTotal);
    const stored = JSON.parse((await page.evaluate((key) => window.localStorage.getItem(key), CART_KEY))!);
    expect(stored).toEqual([expect.objectContaining({ productId: product!.id, price: raised, quantity: 2 })]);

    await dismissToasts(page);
    await placeOrderButton(page).click();
    await expectToast(page, 'Order placed successfully!');
    await expect(page.getByTestId('order-card').first().getByTestId('order-total')).toHaveText(newTotal);
  } finally {
    await sql('UPDATE products SET price = $2 WHERE id = $1', [product!.id, original]);
  }
});

test('short stock names the product and what is left; nothing is ordered', async ({ page }) => {
  await signIn(page, freshEmail('short-stock'));
  const [product] = await stockedProducts(page);
  const stock = (await sql<{ stock: number }>('SELECT stock FROM products WHERE id = $1', [product!.id]))[0]!
    .stock;
  await checkoutWith(page, [{ product: product!, quantity: stock + 1 }]);
  await page.getByRole('radio', { name: /Cash on Delivery/ }).check();
  await page.getByLabel('Shipping address').fill('3 Scarce Road');
  await placeOrderButton(page).click();
  await expectToast(
    page,
    'Failed to place order',
    `Not enough stock for ${product!.name} (only ${stock} left)`,
    'destructive',
  );
  await expect(page.getByTestId('checkout-problem')).toContainText(`${product!.name}: only ${stock} left`);
  await expect(page).toHaveURL(/\/checkout$/);
  const after = (await sql<{ stock: number }>('SELECT stock FROM products WHERE id = $1', [product!.id]))[0]!
    .stock;
  expect(after).toBe(stock);
});

test('a lapsed session: "Session expired", then the sign-in page', async ({ page, context }) => {
  await signIn(page, freshEmail('expired'));
  const [product] = await stockedProducts(page);
  await checkoutWith(page, [{ product: product!, quantity: 1 }]);
  await page.getByRole('radio', { name: /Cash on Delivery/ }).check();
  await page.getByLabel('Shipping address').fill('7 Timeout Avenue');
  await context.clearCookies(); // the session ends while the form is open
  // Watching starts before the click: the toast has 1 s before the page goes to the sign-in.
  const toast = expectToast(
    page,
    'Session expired',
    'Please sign in again to complete your order',
    'destructive',
  );
  const login = page.waitForRequest((request) => request.url().includes('/api/login?returnTo=%2Fcheckout'));
  await placeOrderButton(page).click();
  await toast;
  await login;
  await expect(page).toHaveTitle(/Development sign-in/);
});
