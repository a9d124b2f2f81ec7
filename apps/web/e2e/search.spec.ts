/**
 * Finding products (issue 8): the storefront's search box and category filter ask the server for a
 * page of matches and say how many there are; the shared header's search box leads there; a filter
 * that matches nothing says so and offers to clear it; the filter survives a reload.
 */
import { expect, test, type Page } from './support/test';

const cards = (page: Page) => page.getByTestId('product-card');
const count = (page: Page) => page.getByTestId('product-count');

async function shownCount(page: Page): Promise<number> {
  const text = await count(page).innerText();
  return Number(/^(\d+) products?/.exec(text)?.[1] ?? NaN);
}

test('the storefront pages its products and loads more on demand', async ({ page }) => {
  await page.goto('/');
  await expect(cards(page)).toHaveCount(20);
  const total = await shownCount(page);
  expect(total).toBeGreaterThan(20);
  await page.getByRole('button', { name: 'Load more' }).click();
  await expect(cards(page)).toHaveCount(Math.min(40, total));
});

test('a search narrows the products and shows how many match', async ({ page }) => {
  await page.goto('/');
  await expect(cards(page).first()).toBeVisible();
  const everything = await shownCount(page);

  await page.getByPlaceholder('Search products...').fill('coffee');
  await expect(page).toHaveURL(/\?q=coffee$/);
  await expect(count(page)).toContainText('for “coffee”');
  const matches = await shownCount(page);
  expect(matches).toBeGreaterThan(0);
  expect(matches).toBeLessThan(everything);
  await expect(cards(page)).toHaveCount(Math.min(matches, 20));
  // The term is in the name, the description or the category's name ("Coffee & Tea"): the first
  // matches in name order include coffee itself.
  await expect(
    cards(page)
      .filter({ hasText: /coffee/i })
      .first(),
  ).toBeVisible();

  await page.reload();
  await expect(count(page)).toContainText('for “coffee”');
  await expect(page.getByPlaceholder('Search products...')).toHaveValue('coffee');
});

test('a search that matches nothing says so, and Clear filters brings everything back', async ({ page }) => {
  await page.goto('/?q=no-such-product-anywhere');
  await expect(page.getByRole('heading', { name: 'No products found' })).toBeVisible();
  await expect(page.getByText('Try another search or category.')).toBeVisible();
  await expect(count(page)).toHaveText('0 products for “no-such-product-anywhere”');
  await expect(cards(page)).toHaveCount(0);

  await page.getByRole('button', { name: 'Clear filters' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(cards(page)).toHaveCount(20);
  await expect(page.getByRole('heading', { name: 'Featured Products' })).toBeVisible();
});

test('a category card and the category select filter the products to that category', async ({ page }) => {
  await page.goto('/');
  await expect(cards(page).first()).toBeVisible();
  const bakery = page.getByTestId('category-card').filter({ hasText: 'Bakery' });
  await bakery.click();
  await expect(bakery).toHaveAttribute('aria-pressed', 'true');
  await expect(page).toHaveURL(/\?category=[0-9a-f-]{36}$/);
  await expect(page.getByRole('combobox', { name: 'Category' })).toHaveValue(/[0-9a-f-]{36}/);
  const bakeryCount = await shownCount(page);
  expect(bakeryCount).toBeGreaterThan(0);
  await expect(cards(page)).toHaveCount(Math.min(bakeryCount, 20));
  await expect(
    cards(page)
      .filter({ hasText: /bread|loaf|croissant|bagel|muffin|roll|baguette|sourdough/i })
      .first(),
  ).toBeVisible();

  await page.getByRole('combobox', { name: 'Category' }).selectOption({ label: 'Beverages' });
  await expect(bakery).toHaveAttribute('aria-pressed', 'false');
  await expect(page.getByTestId('category-card').filter({ hasText: 'Beverages' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  expect(await shownCount(page)).toBeGreaterThan(0);

  await page.getByRole('combobox', { name: 'Category' }).selectOption({ label: 'All categories' });
  await expect(page).toHaveURL(/\/$/);
});

test('the shared header’s search box leads to the storefront’s matches', async ({ page }) => {
  await page.goto('/cart');
  const search = page.getByRole('banner').getByPlaceholder('Search products...');
  await search.fill('milk');
  await search.press('Enter');
  await expect(page).toHaveURL(/\/\?q=milk$/);
  await expect(count(page)).toContainText('for “milk”');
  expect(await shownCount(page)).toBeGreaterThan(0);
});
