/**
 * The service worker (docs/product.md §1): registered at load; once it has run, the app shell opens with the
 * network gone, while API answers are never served from its caches.
 */
import { expect, test } from './support/test';

test.use({ serviceWorkers: 'allow' });

test('the storefront shell opens offline once the service worker is active; the API is never cached', async ({
  page,
  context,
}) => {
  await page.goto('/');
  await expect(page.getByTestId('product-card').first()).toBeVisible();
  const scope = await page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
  expect(new URL(scope).pathname).toBe('/');
  // A second visit, under the worker's control, puts the shell's assets in its cache.
  await page.reload();
  await expect(page.getByTestId('product-card').first()).toBeVisible();
  expect(await page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
  await page.goto('/cart'); // its code is a chunk of its own, cached when first used
  await expect(page.getByRole('heading', { name: 'Your cart is empty' })).toBeVisible();

  await context.setOffline(true);
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Welcome to FreshCart');
  await page.goto('/cart');
  await expect(page.getByRole('heading', { name: 'Your cart is empty' })).toBeVisible();
  // No stale answers: with the network gone an API call fails instead of coming from a cache.
  const api = await page.evaluate(() =>
    fetch('/api/health').then(
      (response) => `answered ${response.status}`,
      () => 'failed',
    ),
  );
  expect(api).toBe('failed');
  await context.setOffline(false);
});
