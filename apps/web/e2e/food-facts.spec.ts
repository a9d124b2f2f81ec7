/**
 * Issue 20 part A in Chromium: a shopper filters "free from peanuts and milk" and "vegan", and
 * every product shown qualifies — checked against the database, not against what the page says —
 * and the shown set is exactly the database's; each option shows its count; the filter is in the
 * URL; a product page shows the food facts in full, adds to the cart, and passes axe. An unknown
 * product's page is the 404 page.
 */
import { sql } from './admin-fixtures';
import { expectNoAxeViolations } from './support/axe';
import { expect as baseExpect, test, type Page } from './support/test';

/** The machine running e2e is shared: wait longer than the default for each answer. */
const expect = baseExpect.configure({ timeout: 20_000 });

const cards = (page: Page) => page.getByTestId('product-card');
/** A filter chip, clicked on its label ("Peanuts (53)"). */
const chip = (group: ReturnType<Page['getByRole']>, name: string) =>
  group.locator('label').filter({ hasText: new RegExp(`^${name} \\(\\d+\\)$`) });

interface Row {
  id: string;
  name: string;
  allergens: string[];
  may_contain: string[];
  dietary_labels: string[];
  is_active: boolean;
}

/** The ids of every product the storefront shows, after loading every page. */
async function shownIds(page: Page): Promise<string[]> {
  await expect(cards(page).first()).toBeVisible();
  const loadMore = page.getByRole('button', { name: 'Load more' });
  while (await loadMore.isVisible()) {
    const before = await cards(page).count();
    await loadMore.click();
    await expect.poll(() => cards(page).count(), { timeout: 15_000 }).toBeGreaterThan(before);
  }
  const hrefs = await cards(page)
    .getByTestId('product-name')
    .getByRole('link')
    .evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''));
  return hrefs.map((href) => href.replace('/products/', ''));
}

test('free from peanuts and milk, vegan: every product shown qualifies (checked in the database)', async ({
  page,
}) => {
  // Every page loaded, the database read, axe run: more than the default 30 s on a busy machine.
  test.setTimeout(180_000);
  await page.goto('/');
  await expect(cards(page).first()).toBeVisible();
  const freeFrom = page.getByRole('group', { name: 'Free from' });
  const dietary = page.getByRole('group', { name: 'Dietary' });
  await chip(freeFrom, 'Peanuts').click();
  await expect(page).toHaveURL(/\?free=peanuts$/);
  await chip(freeFrom, 'Milk').click();
  await chip(dietary, 'Vegan').click();
  await expect(page).toHaveURL(/\?free=milk%2Cpeanuts&diet=vegan$/);
  await expect(freeFrom.getByRole('checkbox', { name: /^Peanuts/ })).toBeChecked();

  const qualifying = await sql<{ id: string }>(
    `SELECT id FROM products
     WHERE is_active AND 'vegan' = ANY(dietary_labels)
       AND NOT ('peanuts' = ANY(allergens || may_contain)) AND NOT ('milk' = ANY(allergens || may_contain))`,
  );
  // The answer for this filter has arrived (the count is hidden while the last one's cards stay).
  await expect(page.getByTestId('product-count')).toHaveText(
    `${qualifying.length} ${qualifying.length === 1 ? 'product' : 'products'}`,
  );
  const ids = await shownIds(page);
  expect(ids.length).toBeGreaterThan(0);
  const rows = await sql<Row>(
    `SELECT id, name, allergens, may_contain, dietary_labels, is_active FROM products WHERE id = ANY($1::uuid[])`,
    [ids],
  );
  expect(rows).toHaveLength(ids.length);
  for (const row of rows) {
    expect(row.is_active, row.name).toBe(true);
    expect(row.dietary_labels, row.name).toContain('vegan');
    for (const allergen of ['peanuts', 'milk']) {
      expect(row.allergens, row.name).not.toContain(allergen);
      expect(row.may_contain, `${row.name} may contain`).not.toContain(allergen);
    }
  }
  // …and none that qualifies is missing.
  expect([...ids].sort()).toEqual(qualifying.map((row) => row.id).sort());
  // The chosen option's own count says the same.
  await expect(dietary.getByRole('checkbox', { name: /^Vegan/ })).toHaveAccessibleName(
    `Vegan (${qualifying.length})`,
  );
  await expectNoAxeViolations(page, 'the storefront filtered by food facts');

  // A shared link shows the same products.
  await page.goto('/?diet=vegan&free=peanuts,milk');
  await expect(page.getByTestId('product-count')).toHaveText(new RegExp(`^${qualifying.length} product`));
  expect((await shownIds(page)).sort()).toEqual([...ids].sort());
});

test('a product page shows the food facts in full, adds to the cart and passes axe', async ({ page }) => {
  test.setTimeout(120_000);
  const [product] = await sql<{ id: string; name: string; origin: string }>(
    `SELECT id, name, origin FROM products WHERE sku = 'PN-PNB-006'`,
  );
  await page.goto('/?q=peanut');
  await cards(page).getByRole('link', { name: product!.name }).click();
  await expect(page).toHaveURL(`/products/${product!.id}`);
  await expect(page.getByRole('heading', { level: 1, name: product!.name })).toBeVisible();
  await expect(page).toHaveTitle(`${product!.name} · FreshCart`);
  await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /peanut/i);

  // Allergens stand out in bold; traces apart.
  const contains = page.getByTestId('page-allergens');
  await expect(contains).toHaveText('Contains: Peanuts');
  await expect(contains.getByText('Peanuts')).toHaveCSS('font-weight', '700');
  await expect(page.getByTestId('page-may-contain')).toContainText('May contain: Tree nuts, Sesame');
  await expect(page.getByRole('list', { name: 'Dietary labels' }).getByText('Vegan')).toBeAttached();
  await expect(page.getByTestId('nutrition-table')).toContainText('Per 100 g');
  await expect(page.getByTestId('nutrition-table')).toContainText('Energy (kJ)');
  await expect(page.getByText(product!.origin)).toBeVisible();
  await expectNoAxeViolations(page, 'the product page');

  await page.getByLabel('Quantity').fill('3');
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await expect
    .poll(() => page.evaluate(() => localStorage.getItem('freshcart.cart')))
    .toContain(`"quantity":3`);
});

test('an unknown product’s page is the 404 page, with status 404', async ({ page }) => {
  const response = await page.goto('/products/00000000-0000-4000-8000-000000000000');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: '404 Page Not Found' })).toBeVisible();
});
