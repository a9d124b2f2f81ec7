/**
 * Signing in through the real development identity provider (docs/architecture.md §3) and what the shop then shows:
 * the home greeting, the shared header's avatar menu with the role badge, the Admin Panel link for
 * staff only, and logging out.
 */
import { expect, test, type Page } from './support/test';
import { DEMO, freshEmail, signInThroughPages } from './support/auth';
import { expectToast } from './support/toast';

const ACCOUNTS = [
  { email: DEMO.admin, firstName: 'Ada', fullName: 'Ada Admin', badge: 'Admin', staff: true },
  {
    email: DEMO.inventory,
    firstName: 'Ivan',
    fullName: 'Ivan Inventory',
    badge: 'Inventory Manager',
    staff: true,
  },
  { email: DEMO.sales, firstName: 'Sally', fullName: 'Sally Sales', badge: 'Sales Manager', staff: true },
  { email: DEMO.customer, firstName: 'Casey', fullName: 'Casey Customer', badge: 'Customer', staff: false },
] as const;

function header(page: Page) {
  return page.getByRole('banner');
}

async function openAccountMenu(page: Page) {
  await header(page).getByRole('button', { name: 'Account menu' }).click();
  const menu = page.getByRole('menu');
  await expect(menu).toBeVisible();
  return menu;
}

test.describe('signed out', () => {
  test('the home header offers Sign In to the login endpoint; the shared header offers Sign In and Get Started', async ({
    page,
  }) => {
    await page.goto('/');
    await expect(page.getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/api/login');
    await expect(page.getByText(/^Hello, /)).toHaveCount(0);

    await page.goto('/cart');
    await expect(header(page).getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/login');
    await expect(header(page).getByRole('link', { name: 'Get Started' })).toHaveAttribute(
      'href',
      '/api/login',
    );
    await expect(header(page).getByRole('link', { name: 'Products' })).toHaveAttribute('href', '/');
    await expect(header(page).getByRole('link', { name: 'Orders' })).toHaveAttribute('href', '/orders');
    await expect(header(page).getByRole('link', { name: 'Admin Panel' })).toHaveCount(0);
    await expect(header(page).getByPlaceholder('Search products...')).toBeVisible();
    await expect(header(page).getByRole('button', { name: 'Account menu' })).toHaveCount(0);
  });
});

for (const account of ACCOUNTS) {
  test(`${account.badge}: signs in through the development sign-in page`, async ({ page }) => {
    await signInThroughPages(page, account.email);
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByText(`Hello, ${account.firstName}!`)).toBeVisible();
    await expect(page.getByRole('link', { name: 'Logout' })).toHaveAttribute('href', '/api/logout');

    await page.goto('/cart');
    const adminLink = header(page).getByRole('link', { name: 'Admin Panel' });
    if (account.staff) await expect(adminLink).toHaveAttribute('href', '/admin');
    else await expect(adminLink).toHaveCount(0);
    await expect(header(page).getByRole('link', { name: 'Get Started' })).toHaveCount(0);

    const menu = await openAccountMenu(page);
    await expect(menu.getByText(account.fullName)).toBeVisible();
    await expect(menu.getByText(account.email)).toBeVisible();
    await expect(menu.getByTestId('role-badge')).toHaveText(account.badge);
    await expect(menu.getByRole('menuitem', { name: 'Dashboard' })).toHaveAttribute('href', '/dashboard');
    await expect(menu.getByRole('menuitem', { name: 'Profile & Addresses' })).toHaveAttribute(
      'href',
      '/profile',
    );
    await expect(menu.getByRole('menuitem', { name: 'My Orders' })).toHaveAttribute('href', '/orders');
    await expect(menu.getByRole('menuitem', { name: 'Log out' })).toHaveAttribute('href', '/api/logout');
    const adminItem = menu.getByRole('menuitem', { name: 'Admin Panel' });
    if (account.staff) await expect(adminItem).toHaveAttribute('href', '/admin');
    else await expect(adminItem).toHaveCount(0);
  });
}

test('a new email signs in as a customer', async ({ page }) => {
  const email = freshEmail('auth');
  await signInThroughPages(page, email);
  await expect(page.getByText(/^Hello, .+!$/)).toBeVisible();
  await page.goto('/cart');
  const menu = await openAccountMenu(page);
  await expect(menu.getByText(email)).toBeVisible();
  await expect(menu.getByTestId('role-badge')).toHaveText('Customer');
  await expect(header(page).getByRole('link', { name: 'Admin Panel' })).toHaveCount(0);
});

test('sign-in returns to the page it started from', async ({ page }) => {
  await signInThroughPages(page, DEMO.customer, '/cart');
  await expect(page).toHaveURL(/\/cart$/);
  await expect(header(page).getByRole('button', { name: 'Account menu' })).toBeVisible();
});

test('logging out from the avatar menu returns to / signed out', async ({ page }) => {
  await signInThroughPages(page, DEMO.customer);
  await page.goto('/cart');
  const menu = await openAccountMenu(page);
  await menu.getByRole('menuitem', { name: 'Log out' }).click();
  await page.waitForURL((url) => url.pathname === '/');
  await expect(page.getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/api/login');
  await expect(page.getByText(/^Hello, /)).toHaveCount(0);
  // The session is gone on the server too, not only on this page.
  await page.goto('/cart');
  await expect(header(page).getByRole('link', { name: 'Get Started' })).toBeVisible();
});

test('logging out from the home header returns to / signed out', async ({ page }) => {
  await signInThroughPages(page, DEMO.sales);
  await expect(page.getByText('Hello, Sally!')).toBeVisible();
  await page.getByRole('link', { name: 'Logout' }).click();
  await page.waitForURL((url) => url.pathname === '/');
  await expect(page.getByRole('link', { name: 'Sign In' })).toBeVisible();
  await expect(page.getByText('Hello, Sally!')).toHaveCount(0);
});

test('a sign-in that fails at the callback lands on /login with the Login Failed toast', async ({ page }) => {
  // A callback the shop never started (no pending sign-in): the api refuses it.
  await page.goto('/api/callback?code=forged&state=forged');
  await expect(page).toHaveURL(/\/login\?error=sign_in_failed$/);
  await expectToast(page, 'Login Failed', 'There was an error signing you in. Please try again.', 'destructive');
  await expect(page.getByRole('button', { name: 'Continue with Single Sign-On' })).toBeVisible();
});
