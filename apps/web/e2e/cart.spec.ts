/**
 * The cart (docs/product.md §2 Cart, §4 cart rules) in the browser: lines, quantities, totals, the empty
 * state, and the cart kept in localStorage across reloads. Each test has its own browser context,
 * so each starts with an empty localStorage. Products are found by their state, never by position.
 */
import { expect, test, type Locator, type Page } from './support/test';

const CART_KEY = 'freshcart.cart';

interface Picked {
  name: string;
  price: number;
}

function cents(price: string): number {
  const match = /^\$(\d+)\.(\d{2})$/.exec(price.trim());
  if (!match) throw new Error(`Not a price: ${price}`);
  return Number(match[1]) * 100 + Number(match[2]);
}

function dollars(amount: number): string {
  return `$${Math.floor(amount / 100)}.${String(amount % 100).padStart(2, '0')}`;
}

/** Cards of products sold by the piece that can be added (one sold by weight steps by its own step). */
function availableCards(page: Page): Locator {
  return page
    .getByTestId('product-card')
    .filter({ has: page.getByRole('button', { name: 'Add to Cart' }) })
    .filter({ hasNot: page.getByTestId('product-amount') });
}

/** Adds the n-th product that is in stock `times` times, from the storefront; returns its name and price. */
async function addFromStorefront(page: Page, n: number, times = 1): Promise<Picked> {
  if (new URL(page.url()).pathname !== '/') await page.goto('/');
  const card = availableCards(page).nth(n);
  await expect(card).toBeVisible();
  const name = await card.getByTestId('product-name').innerText();
  const price = cents(await card.getByTestId('product-price').innerText());
  for (let i = 0; i < times; i += 1) await card.getByRole('button', { name: 'Add to Cart' }).click();
  return { name, price };
}

function line(page: Page, name: string): Locator {
  return page
    .getByTestId('cart-line')
    .filter({ has: page.getByTestId('line-name').getByText(name, { exact: true }) });
}

async function openCart(page: Page) {
  await page.getByTestId('cart-summary').getByRole('link', { name: 'View Cart & Checkout' }).click();
  await expect(page).toHaveURL(/\/cart$/);
}

async function expectEmptyCart(page: Page) {
  await expect(page.getByRole('heading', { name: 'Your cart is empty' })).toBeVisible();
  await expect(page.getByText('Add some delicious items to get started!')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Continue Shopping' })).toBeVisible();
  await expect(page.getByTestId('cart-line')).toHaveCount(0);
}

test('an empty cart says so and leads back to the shop', async ({ page }) => {
  await page.goto('/cart');
  await expectEmptyCart(page);
  await expect(page.getByRole('heading', { name: 'Shopping Cart' })).toHaveCount(0);
  await page.getByRole('link', { name: 'Continue Shopping' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText('Your premium food and beverage distribution platform')).toBeVisible();
});

test('adding the same product twice gives one line with quantity 2 and its line total', async ({ page }) => {
  const product = await addFromStorefront(page, 0, 2);
  await openCart(page);

  await expect(page.getByRole('heading', { name: 'Shopping Cart' })).toBeVisible();
  await expect(page.getByTestId('cart-item-count')).toHaveText('2 items');
  await expect(page.getByTestId('cart-line')).toHaveCount(1);

  const row = line(page, product.name);
  await expect(row.getByTestId('line-quantity')).toHaveText('2');
  await expect(row.getByTestId('line-unit-price')).toHaveText(`${dollars(product.price)} each`);
  await expect(row.getByTestId('line-total')).toHaveText(dollars(2 * product.price));
  await expect(row.getByRole('button', { name: `Decrease quantity of ${product.name}` })).toBeVisible();
  await expect(row.getByRole('button', { name: `Increase quantity of ${product.name}` })).toBeVisible();
  await expect(row.getByRole('button', { name: `Remove ${product.name}` })).toBeVisible();

  const total = dollars(2 * product.price);
  const summary = page.getByTestId('order-summary');
  await expect(summary.getByRole('heading', { name: 'Order Summary' })).toBeVisible();
  await expect(page.getByTestId('cart-subtotal')).toHaveText(total);
  await expect(page.getByTestId('cart-delivery-fee')).toHaveText('Free');
  await expect(page.getByTestId('cart-total')).toHaveText(total);
  await expect(page.getByTestId('payment-notes').getByRole('listitem')).toHaveText([
    'Multiple payment methods available',
    'Secure card processing',
    'Cash on delivery option',
    'Bank transfer supported',
  ]);
  const checkout = page.getByRole('link', { name: `Proceed to Checkout - ${total}` });
  await expect(checkout).toBeVisible();
  await expect(checkout).toHaveAttribute('href', '/checkout');
  await expect(page.getByTestId('cart-count')).toContainText('2');
});

test('plus and minus change the quantity and every total follows', async ({ page }) => {
  const a = await addFromStorefront(page, 0);
  const b = await addFromStorefront(page, 1);
  await openCart(page);

  const rowA = line(page, a.name);
  await rowA.getByRole('button', { name: `Increase quantity of ${a.name}` }).click();
  await rowA.getByRole('button', { name: `Increase quantity of ${a.name}` }).click();
  await expect(rowA.getByTestId('line-quantity')).toHaveText('3');
  await expect(rowA.getByTestId('line-total')).toHaveText(dollars(3 * a.price));
  await expect(page.getByTestId('cart-item-count')).toHaveText('4 items');
  await expect(page.getByTestId('cart-total')).toHaveText(dollars(3 * a.price + b.price));

  await rowA.getByRole('button', { name: `Decrease quantity of ${a.name}` }).click();
  await expect(rowA.getByTestId('line-quantity')).toHaveText('2');
  await expect(page.getByTestId('cart-subtotal')).toHaveText(dollars(2 * a.price + b.price));
  await expect(
    page.getByRole('link', { name: `Proceed to Checkout - ${dollars(2 * a.price + b.price)}` }),
  ).toBeVisible();
});

test('taking a quantity to 0 with the minus button removes the line, and the last one empties the cart', async ({
  page,
}) => {
  const a = await addFromStorefront(page, 0, 2);
  const b = await addFromStorefront(page, 1);
  await openCart(page);
  await expect(page.getByTestId('cart-line')).toHaveCount(2);

  // b: 1 → 0 removes its line; a stays.
  await line(page, b.name)
    .getByRole('button', { name: `Decrease quantity of ${b.name}` })
    .click();
  await expect(line(page, b.name)).toHaveCount(0);
  await expect(page.getByTestId('cart-line')).toHaveCount(1);
  await expect(page.getByTestId('cart-total')).toHaveText(dollars(2 * a.price));
  await expect(page.getByTestId('cart-item-count')).toHaveText('2 items');

  // a: 2 → 1 → 0, the last line: the empty state.
  const decreaseA = line(page, a.name).getByRole('button', { name: `Decrease quantity of ${a.name}` });
  await decreaseA.click();
  await expect(line(page, a.name).getByTestId('line-quantity')).toHaveText('1');
  await expect(page.getByTestId('cart-item-count')).toHaveText('1 item');
  await decreaseA.click();
  await expectEmptyCart(page);
  expect(await page.evaluate((key) => window.localStorage.getItem(key), CART_KEY)).toBe('[]');
});

test('the remove button takes the whole line away', async ({ page }) => {
  const a = await addFromStorefront(page, 0, 3);
  const b = await addFromStorefront(page, 1);
  await openCart(page);

  await line(page, a.name)
    .getByRole('button', { name: `Remove ${a.name}` })
    .click();
  await expect(line(page, a.name)).toHaveCount(0);
  await expect(page.getByTestId('cart-total')).toHaveText(dollars(b.price));
  await expect(page.getByTestId('cart-item-count')).toHaveText('1 item');

  await line(page, b.name)
    .getByRole('button', { name: `Remove ${b.name}` })
    .click();
  await expectEmptyCart(page);
});

test('the cart is kept across a reload and a new visit', async ({ page }) => {
  const a = await addFromStorefront(page, 0, 2);
  const b = await addFromStorefront(page, 2);
  await openCart(page);
  await line(page, b.name)
    .getByRole('button', { name: `Increase quantity of ${b.name}` })
    .click();
  await expect(line(page, b.name).getByTestId('line-quantity')).toHaveText('2');

  await page.reload();
  await expect(page.getByTestId('cart-line')).toHaveCount(2);
  await expect(line(page, a.name).getByTestId('line-quantity')).toHaveText('2');
  await expect(line(page, b.name).getByTestId('line-quantity')).toHaveText('2');
  await expect(page.getByTestId('cart-total')).toHaveText(dollars(2 * a.price + 2 * b.price));

  // Saved under the one fixed key.
  const saved = JSON.parse(
    (await page.evaluate((key) => window.localStorage.getItem(key), CART_KEY)) ?? 'null',
  );
  expect(saved).toEqual([
    expect.objectContaining({ name: a.name, quantity: 2 }),
    expect.objectContaining({ name: b.name, quantity: 2 }),
  ]);

  // A fresh visit to the storefront shows the same cart in the floating summary.
  await page.goto('/');
  await expect(page.getByTestId('cart-summary')).toContainText('You have 4 item(s) in your cart');
  await expect(page.getByTestId('cart-summary')).toContainText(
    `Total: ${dollars(2 * a.price + 2 * b.price)}`,
  );
});

test('an unreadable saved cart is logged and the cart starts empty', async ({ page }) => {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  await page.goto('/cart');
  // Once the page has saved its own cart (its first render's effect): were the bad cart written
  // before that, the effect would log it on this page as it unloads and save an empty one over it.
  await page.waitForFunction((key) => window.localStorage.getItem(key) !== null, CART_KEY);
  await page.evaluate((key) => window.localStorage.setItem(key, '{this is not a cart'), CART_KEY);
  await page.reload();

  await expectEmptyCart(page);
  await expect.poll(() => errors.some((text) => text.includes('Could not read the saved cart'))).toBe(true);

  // And the cart works from there.
  const a = await addFromStorefront(page, 0);
  await openCart(page);
  await expect(line(page, a.name).getByTestId('line-quantity')).toHaveText('1');
});
