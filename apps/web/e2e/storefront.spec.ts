/**
 * The storefront (docs/product.md §2 Home): hero, categories, product cards, the floating cart summary, and
 * the toasts' F8 region. Each test has its own browser context, so each starts with an empty
 * localStorage (an empty cart). Products are found by their state, never by their position.
 */
import { expect, test, type Locator, type Page } from './support/test';

const PRICE = /^\$\d+\.\d{2}$/;

function cards(page: Page): Locator {
  return page.getByTestId('product-card');
}

/** Cards whose Add to Cart button is enabled. */
function availableCards(page: Page): Locator {
  return cards(page).filter({ has: page.getByRole('button', { name: 'Add to Cart' }) });
}

function cents(price: string): number {
  const match = /^\$(\d+)\.(\d{2})$/.exec(price.trim());
  if (!match) throw new Error(`Not a price: ${price}`);
  return Number(match[1]) * 100 + Number(match[2]);
}

function dollars(amount: number): string {
  return `$${Math.floor(amount / 100)}.${String(amount % 100).padStart(2, '0')}`;
}

async function priceOf(card: Locator): Promise<number> {
  return cents(await card.getByTestId('product-price').innerText());
}

/** Opens the storefront with every page of products shown (the seed's 60 are 3 pages of 20). */
async function openStorefront(page: Page) {
  await page.goto('/');
  await expect(cards(page).first()).toBeVisible();
  const loadMore = page.getByRole('button', { name: 'Load more' });
  while (await loadMore.isVisible()) {
    const shown = await cards(page).count();
    await loadMore.click();
    await expect.poll(() => cards(page).count()).toBeGreaterThan(shown);
  }
}

/** Holds every tRPC call until `release()`, so the loading state can be looked at. */
async function holdApi(page: Page) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/trpc/**', async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

test('the storefront shows the hero, the categories and priced products with their stock', async ({
  page,
}) => {
  await openStorefront(page);

  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Welcome to FreshCart');
  await expect(page.getByText('Your premium food and beverage distribution platform')).toBeVisible();
  await expect(page.getByRole('link', { name: 'FreshCart' })).toBeVisible();
  await expect(page.getByRole('link', { name: /^Cart/ })).toContainText('Cart (0)');
  await expect(page.getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/api/login');

  // Categories: the seed's eight, each with a name and a description.
  const categories = page.getByTestId('category-card');
  await expect(categories.filter({ hasText: 'Fresh Produce' })).toBeVisible();
  expect(await categories.count()).toBeGreaterThanOrEqual(8);
  for (const name of ['Dairy & Eggs', 'Bakery', 'Beverages', 'Coffee & Tea', 'Snacks']) {
    await expect(categories.filter({ hasText: name })).toBeVisible();
  }
  await expect(categories.filter({ hasText: 'Bakery' })).toContainText('baked fresh every morning');

  // Every product card: a name, a '$x.xx' price per unit, 'Stock: n' and a cart button.
  const count = await cards(page).count();
  expect(count).toBeGreaterThan(8);
  for (let i = 0; i < count; i += 1) {
    const card = cards(page).nth(i);
    await expect(card.getByTestId('product-name')).not.toBeEmpty();
    await expect(card.getByTestId('product-price')).toHaveText(PRICE);
    await expect(card).toContainText(/\/ \S+/);
    // A product sold by measure says its unit (issue 20 part B: 'Stock: 35 kg').
    await expect(card.getByTestId('product-stock')).toHaveText(/^Stock: -?\d+(\.\d+)?( (kg|g|L|ml))?$/);
    await expect(card.getByRole('button', { name: /^(Add to Cart|Out of Stock): / })).toBeVisible();
  }
});

test('a product description is clamped to two lines', async ({ page }) => {
  await openStorefront(page);
  const description = cards(page).first().getByTestId('product-description');
  const clamp = await description.evaluate((element) => getComputedStyle(element).webkitLineClamp);
  expect(clamp).toBe('2');
  const { height, lineHeight } = await description.evaluate((element) => ({
    height: element.getBoundingClientRect().height,
    lineHeight: parseFloat(getComputedStyle(element).lineHeight),
  }));
  expect(height).toBeLessThanOrEqual(lineHeight * 2 + 1);
});

test('while loading, 6 category and 8 product placeholders show', async ({ page }) => {
  const release = await holdApi(page);
  await page.goto('/');
  await expect(page.getByTestId('category-placeholder')).toHaveCount(6);
  await expect(page.getByTestId('product-placeholder')).toHaveCount(8);
  release();
  // The held calls go out only now, on a machine that may be busy: give them time.
  await expect(cards(page).first()).toBeVisible({ timeout: 20_000 });
  await expect(page.getByTestId('category-placeholder')).toHaveCount(0);
  await expect(page.getByTestId('product-placeholder')).toHaveCount(0);
});

test('with no products the storefront says so', async ({ page }) => {
  // The api answers the real call; only the product list in it is emptied.
  await page.route('**/trpc/**', async (route) => {
    const procedures = new URL(route.request().url()).pathname.replace(/^\/trpc\//, '').split(',');
    const index = procedures.indexOf('products.page');
    if (index === -1) return route.continue();
    const response = await route.fetch();
    const body = await response.json();
    const empty = { result: { data: { items: [], total: 0, nextCursor: null } } };
    if (Array.isArray(body)) body[index] = empty;
    else Object.assign(body, empty);
    await route.fulfill({ response, json: body });
  });
  await page.goto('/');
  await expect(page.getByText('No products available')).toBeVisible();
  await expect(page.getByText('Check back soon for new products!')).toBeVisible();
  await expect(cards(page)).toHaveCount(0);
  await expect(page.getByTestId('category-card').first()).toBeVisible();
});

test('an out-of-stock product cannot be added: its button is disabled and reads Out of Stock', async ({
  page,
}) => {
  await openStorefront(page);
  const soldOut = cards(page).filter({ has: page.getByRole('button', { name: 'Out of Stock' }) });
  // The seed has sold-out products.
  expect(await soldOut.count()).toBeGreaterThanOrEqual(1);

  const card = soldOut.first();
  const button = card.getByRole('button', { name: 'Out of Stock' });
  await expect(button).toBeDisabled();
  await expect(card.getByRole('button', { name: 'Add to Cart' })).toHaveCount(0);
  const stock = Number((await card.getByTestId('product-stock').innerText()).replace('Stock: ', ''));
  expect(stock).toBeLessThanOrEqual(0);

  await button.click({ force: true });
  await expect(page.getByTestId('cart-summary')).toHaveCount(0);
  await expect(page.getByRole('link', { name: /^Cart/ })).toContainText('Cart (0)');

  // And the other way round: every card with stock left can be added.
  for (const available of await availableCards(page).all()) {
    const left = Number.parseFloat(
      (await available.getByTestId('product-stock').innerText()).replace('Stock: ', ''),
    );
    expect(left).toBeGreaterThan(0);
  }
});

test('a product without an image shows the 📦 box', async ({ page }) => {
  await openStorefront(page);
  const boxed = cards(page).filter({ has: page.getByTestId('product-no-image') });
  // The seed has products without an illustration.
  expect(await boxed.count()).toBeGreaterThanOrEqual(1);
  const card = boxed.first();
  await expect(card.getByTestId('product-no-image')).toHaveText('📦');
  await expect(card.getByTestId('product-no-image')).toBeVisible();
  await expect(card.locator('img')).toHaveCount(0);

  // A product with an image shows it, loaded.
  const pictured = cards(page)
    .filter({ has: page.locator('img') })
    .first();
  const image = pictured.locator('img');
  await image.scrollIntoViewIfNeeded();
  await expect(image).toHaveAttribute('alt', await pictured.getByTestId('product-name').innerText());
  await expect
    .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
    .toBe(true);
});

test('the floating summary counts the items and totals them, and leads to the cart', async ({ page }) => {
  await openStorefront(page);
  await expect(page.getByTestId('cart-summary')).toHaveCount(0);

  const first = availableCards(page).nth(0);
  const second = availableCards(page).nth(1);
  const firstPrice = await priceOf(first);
  const secondPrice = await priceOf(second);

  await first.getByRole('button', { name: 'Add to Cart' }).click();
  const summary = page.getByTestId('cart-summary');
  await expect(summary).toContainText('You have 1 item(s) in your cart');
  await expect(summary).toContainText(`Total: ${dollars(firstPrice)}`);

  await first.getByRole('button', { name: 'Add to Cart' }).click();
  await second.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(summary).toContainText('You have 3 item(s) in your cart');
  await expect(summary).toContainText(`Total: ${dollars(2 * firstPrice + secondPrice)}`);
  await expect(page.getByRole('link', { name: /^Cart/ })).toContainText('Cart (3)');

  await summary.getByRole('link', { name: 'View Cart & Checkout' }).click();
  await expect(page).toHaveURL(/\/cart$/);
  await expect(page.getByRole('heading', { name: 'Shopping Cart' })).toBeVisible();
});

test('the floating summary does not hide the last products', async ({ page }) => {
  await openStorefront(page);
  await availableCards(page).first().getByRole('button', { name: 'Add to Cart' }).click();
  const summary = page.getByTestId('cart-summary');
  await expect(summary).toBeVisible();
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  const last = cards(page).last().getByRole('button');
  await expect(last).toBeInViewport();
  const buttonBox = (await last.boundingBox())!;
  const summaryBox = (await summary.boundingBox())!;
  expect(buttonBox.y + buttonBox.height).toBeLessThanOrEqual(summaryBox.y);
});

test('F8 moves the focus to the notifications region', async ({ page }) => {
  await openStorefront(page);
  const region = page.getByRole('region', { name: 'Notifications (F8)' });
  await expect(region).toBeAttached();
  await page.keyboard.press('F8');
  await expect(region).toBeFocused();
});
