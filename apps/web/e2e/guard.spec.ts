/**
 * The route guard in the browser (docs/product.md §2, §6), through the real routes that use it (shopper-routes,
 * admin-routes). The guard's branches and delays are also covered without a browser in
 * src/features/auth/route-guard.test.tsx.
 */
import { expect, test } from './support/test';
import { DEMO, signIn } from './support/auth';
import { expectToast } from './support/toast';

test.describe('signed out: the sign-in-required card', () => {
  for (const path of ['/dashboard', '/profile', '/orders', '/admin']) {
    test(`${path} shows the card with the external login and a link to /login`, async ({ page }) => {
      // The page's own clock, so that 1.5 s of its timers can pass without the test waiting for them.
      await page.clock.install();
      await page.goto(path);
      const card = page.getByTestId('sign-in-required');
      await expect(card.getByRole('heading', { name: 'Sign in required' })).toBeVisible();
      await expect(card.getByRole('link', { name: 'Sign In to Continue' })).toHaveAttribute(
        'href',
        `/api/login?returnTo=${encodeURIComponent(path)}`,
      );
      await expect(card.getByRole('link', { name: 'Go to the sign-in page' })).toHaveAttribute(
        'href',
        `/login?returnTo=${encodeURIComponent(path)}`,
      );
      // The card stays: no automatic redirect takes the choice away.
      await page.clock.runFor(1500);
      await expect(page).toHaveURL(new RegExp(`${path}$`));
      await expect(card).toBeVisible();
    });
  }

  test('the card leads through the development sign-in back to the page', async ({ page }) => {
    await page.goto('/orders');
    const card = page.getByTestId('sign-in-required');
    await card.getByRole('link', { name: 'Sign In to Continue' }).click();
    await expect(page).toHaveTitle(/Development sign-in/);
    await page.getByLabel('Email').fill(DEMO.customer);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/orders');
    await expect(card).toHaveCount(0);
  });

  test("the card's /login link keeps the way back", async ({ page }) => {
    await page.goto('/profile');
    const card = page.getByTestId('sign-in-required');
    await card.getByRole('link', { name: 'Go to the sign-in page' }).click();
    await expect(page).toHaveURL(/\/login\?returnTo=%2Fprofile$/);
    await page.getByRole('button', { name: /^Continue with/ }).click();
    await expect(page).toHaveTitle(/Development sign-in/);
    await page.getByLabel('Email').fill(DEMO.customer);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/profile');
  });
});

test('signed out on another guarded page: Authentication Required, then the sign-in after 1 s', async ({
  page,
}) => {
  await page.goto('/admin/users');
  await expectToast(page, 'Authentication Required', 'Please sign in to access this page.');
  await expect(page).toHaveTitle(/Development sign-in/);
  await page.getByLabel('Email').fill(DEMO.admin);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.waitForURL((url) => url.pathname === '/admin/users');
});

test('a customer sent from /admin to /dashboard with the Redirecting toast', async ({ page }) => {
  await signIn(page, DEMO.customer);
  await page.goto('/admin');
  await expectToast(page, 'Redirecting', 'Taking you to your dashboard...');
  await page.waitForURL((url) => url.pathname === '/dashboard', { timeout: 3000 });
  await expect(page.getByRole('heading', { name: 'Access Denied' })).toHaveCount(0);
});

test('staff may open /admin', async ({ page }) => {
  await page.clock.install();
  await signIn(page, DEMO.inventory);
  await page.goto('/admin');
  const denied = page.getByTestId('access-denied');
  const card = page.getByTestId('sign-in-required');
  await expect(page.getByText('Overview', { exact: true }).first()).toBeVisible(); // the panel's sidebar (docs/product.md §2)
  await page.clock.runFor(1500); // no redirect timer goes off
  await expect(page).toHaveURL(/\/admin$/);
  await expect(denied).toHaveCount(0);
  await expect(card).toHaveCount(0);
});

test('a role without access: Access Denied with the role name, then the redirect target', async ({
  page,
}) => {
  await signIn(page, DEMO.inventory);
  await page.goto('/admin/users');
  const denied = page.getByTestId('access-denied');
  // One assertion: the page shows only until the redirect, 1 s later.
  await expect(
    denied.filter({ hasText: 'inventory manager' }).getByRole('heading', { name: 'Access Denied' }),
  ).toBeVisible();
  await expectToast(page, 'Access Denied', "You don't have permission to access this page.", 'destructive');
  // admin-routes sends a denied staff member back to the admin panel
  await page.waitForURL((url) => url.pathname === '/admin', { timeout: 3000 });
  await expect(denied).toHaveCount(0);
});
