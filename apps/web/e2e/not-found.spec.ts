/** Any unknown path shows the not-found page (docs/product.md §2 route table, §8 'Other'). */
import { expect, test } from './support/test';

for (const path of ['/no-such-page', '/shop/deeply/nested/unknown', '/cart/extra']) {
  test(`an unknown path (${path}) shows '404 Page Not Found' with the developer hint`, async ({ page }) => {
    const response = await page.goto(path);
    // The server knows the app's routes: an unknown page is a real 404, and the app shows its page.
    expect(response?.status()).toBe(404);
    await expect(page).toHaveTitle('Page Not Found · FreshCart');

    await expect(page.getByRole('heading', { level: 1 })).toHaveText('404 Page Not Found');
    await expect(page.getByText('Developer hint')).toBeVisible();
    await expect(page.getByText(/forget to add the page to the router/)).toBeVisible();
    await expect(page.getByText(path, { exact: true })).toBeVisible();
    // The shared header is there, with the way back.
    await expect(page.getByPlaceholder('Search products...')).toBeVisible();
  });
}

test('the not-found page leads back to the shop', async ({ page }) => {
  await page.goto('/does-not-exist');
  await expect(page.getByRole('heading', { name: '404 Page Not Found' })).toBeVisible();
  await page.getByRole('link', { name: 'Back to the shop' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText('Your premium food and beverage distribution platform')).toBeVisible();
});

test('the known storefront routes are not 404s', async ({ page }) => {
  for (const [path, heading, title] of [
    ['/', 'Welcome to FreshCart', 'Fresh food, beverages and produce · FreshCart'],
    ['/cart', 'Your cart is empty', 'Cart · FreshCart'],
  ] as const) {
    const response = await page.goto(path);
    expect(response?.status()).toBe(200);
    await expect(page).toHaveTitle(title);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
    await expect(page.getByText('404 Page Not Found')).toHaveCount(0);
  }
});

test('crawlers get a robots.txt and a sitemap.xml, not the app', async ({ request }) => {
  const robots = await request.get('/robots.txt');
  expect(robots.status()).toBe(200);
  expect(await robots.text()).toContain('Disallow: /admin');
  const sitemap = await request.get('/sitemap.xml');
  expect(sitemap.status()).toBe(200);
  expect(sitemap.headers()['content-type']).toMatch(/xml/);
  expect(await sitemap.text()).toContain('?category=');
});

test('the storefront names its description and canonical address, a category page its own', async ({
  page,
}) => {
  const canonical = page.locator('link[rel="canonical"]');
  await page.goto('/?q=tea');
  await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /\S{10,}/);
  await expect(canonical).toHaveAttribute('href', new URL('/', process.env.E2E_BASE_URL).href);
  await page.getByTestId('category-card').first().click();
  await expect(page).toHaveURL(/category=/);
  const category = new URL(page.url()).searchParams.get('category');
  await expect(canonical).toHaveAttribute(
    'href',
    new URL(`/?category=${category}`, process.env.E2E_BASE_URL).href,
  );
  // A screen crawlers do not index has none.
  await page.goto('/cart');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(canonical).toHaveCount(0);
});
