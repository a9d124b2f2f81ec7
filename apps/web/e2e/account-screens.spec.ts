/**
 * The account screens (docs/product.md §2, §5, §8): /login, /signup, /forgot-password, /reset-password. They
 * authenticate nobody: the forms end at the login endpoint (intercepted here, so these tests follow
 * the web's navigation only; auth.spec.ts goes through the real provider), and the password flows
 * are simulated with a 2000 ms wait.
 */
import { expect, test, type Page } from './support/test';
import { dismissToasts, expectToast } from './support/toast';

/** Stands in for the login endpoint and records where the browser was sent. */
async function interceptLogin(page: Page): Promise<URL[]> {
  const visits: URL[] = [];
  await page.route('**/api/login**', async (route) => {
    visits.push(new URL(route.request().url()));
    await route.fulfill({
      status: 200,
      contentType: 'text/html',
      body: '<title>Login endpoint</title><h1>Login endpoint</h1>',
    });
  });
  return visits;
}

async function expectLoginEndpoint(page: Page, visits: URL[], returnTo?: string) {
  await expect(page).toHaveTitle('Login endpoint');
  expect(visits).toHaveLength(1);
  expect(visits[0]!.pathname).toBe('/api/login');
  expect(visits[0]!.searchParams.get('returnTo')).toBe(returnTo ?? null);
}

test.describe('login', () => {
  test('continue with the identity provider goes to the login endpoint', async ({ page }) => {
    const visits = await interceptLogin(page);
    await page.goto('/login');
    await expect(page.getByRole('heading', { name: 'Welcome back' })).toBeVisible();
    await page.getByRole('button', { name: /^Continue with/ }).click();
    await expectLoginEndpoint(page, visits);
  });

  test('the email form redirects to the login endpoint; the typed values are not sent', async ({ page }) => {
    const visits = await interceptLogin(page);
    await page.goto('/login');
    await page.getByLabel('Email').fill('someone@example.com');
    await page.getByLabel(/^Password/).fill('secret-password');
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await expectLoginEndpoint(page, visits);
    expect(visits[0]!.search).not.toContain('someone');
    expect(visits[0]!.search).not.toContain('secret');
  });

  test('a returnTo path is kept for the provider; a foreign URL is dropped', async ({ page }) => {
    const visits = await interceptLogin(page);
    await page.goto('/login?returnTo=%2Forders');
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await expectLoginEndpoint(page, visits, '/orders');

    visits.length = 0;
    await page.goto('/login?returnTo=%2F%2Fevil.example%2F');
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await expectLoginEndpoint(page, visits);
  });

  test('the password can be shown and hidden', async ({ page }) => {
    await page.goto('/login');
    const password = page.getByLabel(/^Password/);
    await password.fill('hunter22');
    await expect(password).toHaveAttribute('type', 'password');
    await page.getByRole('button', { name: 'Show password' }).click();
    await expect(password).toHaveAttribute('type', 'text');
    await page.getByRole('button', { name: 'Hide password' }).click();
    await expect(password).toHaveAttribute('type', 'password');
  });

  test('links lead to forgot password and sign up, and the header is the shared one', async ({ page }) => {
    await page.goto('/login');
    await expect(page.getByPlaceholder('Search products...')).toBeVisible();
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await expect(page).toHaveURL(/\/forgot-password$/);
    await page.getByRole('link', { name: 'Back to Sign In' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await page.getByRole('link', { name: 'Sign up' }).click();
    await expect(page).toHaveURL(/\/signup$/);
    await page.getByRole('link', { name: 'Sign in', exact: true }).click();
    await expect(page).toHaveURL(/\/login$/);
  });
});

test.describe('sign up', () => {
  test('validates in the spec order, then goes to the login endpoint', async ({ page }) => {
    const visits = await interceptLogin(page);
    await page.goto('/signup');
    const submit = page.getByRole('button', { name: 'Create Account' });

    // 1. every required field filled (phone is optional)
    await submit.click();
    await expectToast(page, 'Missing Information', 'Please fill in all required fields.', 'destructive');
    await dismissToasts(page);
    await page.getByLabel('First Name').fill('Sam');
    await page.getByLabel('Last Name').fill('Shopper');
    await page.getByLabel(/^Password/).fill('longenough');
    await submit.click();
    await expectToast(page, 'Missing Information', 'Please fill in all required fields.', 'destructive');
    await page.getByLabel('Email').fill('sam@example.com');

    // 2. passwords match (checked before the length, so a short mismatch is a mismatch)
    await page.getByLabel(/^Password/).fill('short');
    await page.getByLabel('Confirm Password').fill('different');
    await submit.click();
    await expectToast(page, 'Password Mismatch', 'Passwords do not match. Please try again.', 'destructive');

    // 3. at least 8 characters (checked before the terms box)
    await page.getByLabel('Confirm Password').fill('short');
    await submit.click();
    await expectToast(page, 'Weak Password', 'Password must be at least 8 characters long.', 'destructive');

    // 4. terms accepted
    await page.getByLabel(/^Password/).fill('longenough');
    await page.getByLabel('Confirm Password').fill('longenough');
    await submit.click();
    await expectToast(
      page,
      'Terms Required',
      'Please agree to the terms and conditions to continue.',
      'destructive',
    );
    expect(visits).toHaveLength(0);

    await page.getByLabel('I agree to the Terms of Service and Privacy Policy').check();
    await submit.click();
    await expectLoginEndpoint(page, visits);
  });

  test('whitespace-only names count as missing', async ({ page }) => {
    await page.goto('/signup');
    await page.getByLabel('First Name').fill('   ');
    await page.getByLabel('Last Name').fill('Shopper');
    await page.getByLabel('Email').fill('sam@example.com');
    await page.getByLabel(/^Password/).fill('longenough');
    await page.getByLabel('Confirm Password').fill('longenough');
    await page.getByLabel('I agree to the Terms of Service and Privacy Policy').check();
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expectToast(page, 'Missing Information', 'Please fill in all required fields.', 'destructive');
    await expect(page).toHaveURL(/\/signup$/);
  });
});

test.describe('forgot password', () => {
  test('requires an email, simulates a 2 s send, then confirms', async ({ page }) => {
    await page.goto('/forgot-password');
    const send = page.getByRole('button', { name: 'Send Reset Link' });
    await send.click();
    await expectToast(page, 'Email Required', 'Please enter your email address.', 'destructive');

    await page.getByLabel('Email').fill('forgetful@example.com');
    const started = Date.now();
    await send.click();
    await expect(send).toHaveAttribute('data-loading', 'true');
    const confirmation = page.getByRole('heading', { name: 'Check your email' });
    await expect(confirmation).toBeVisible({ timeout: 5000 });
    expect(Date.now() - started).toBeGreaterThanOrEqual(1900);
    await expect(page.getByText('forgetful@example.com')).toBeVisible();
    await expectToast(page, 'Reset Email Sent');

    await page.getByRole('button', { name: 'Send another email' }).click();
    await expect(page.getByLabel('Email')).toBeVisible();
    await send.click();
    await expect(confirmation).toBeVisible({ timeout: 5000 });
    await page.getByRole('link', { name: 'Back to Sign In' }).click();
    await expect(page).toHaveURL(/\/login$/);
  });
});

test.describe('reset password', () => {
  test('without a token: Invalid Link, then /forgot-password', async ({ page }) => {
    await page.goto('/reset-password');
    await expect(page.getByRole('heading', { name: 'Invalid reset link' })).toBeVisible();
    await expectToast(
      page,
      'Invalid Link',
      'This password reset link is invalid or has expired.',
      'destructive',
    );
    await expect(page).toHaveURL(/\/forgot-password$/);
    await expect(page.getByRole('heading', { name: 'Forgot your password?' })).toBeVisible();
  });

  test('validates in the spec order, simulates a 2 s update, then Password Updated', async ({ page }) => {
    await page.goto('/reset-password?token=abc123');
    const password = page.getByLabel(/^New Password/);
    const confirm = page.getByLabel('Confirm New Password');
    const submit = page.getByRole('button', { name: 'Update Password' });
    const rules = page.getByRole('list', { name: 'Password requirements' }).getByRole('listitem');
    await expect(rules).toHaveText([
      'At least 8 characters',
      'One uppercase letter',
      'One lowercase letter',
      'One number',
    ]);

    // 1. both fields filled
    await submit.click();
    await expectToast(page, 'Missing Information', 'Please fill in both password fields.', 'destructive');
    await dismissToasts(page);
    await password.fill('Abcdefg1');
    await submit.click();
    await expectToast(page, 'Missing Information', 'Please fill in both password fields.', 'destructive');

    // 2. they match (before the strength rules)
    await password.fill('ab');
    await confirm.fill('cd');
    await submit.click();
    await expectToast(page, 'Password Mismatch', 'Passwords do not match. Please try again.', 'destructive');

    // 3. at least 8 characters (before the character classes)
    await password.fill('ab');
    await confirm.fill('ab');
    await submit.click();
    await expectToast(page, 'Weak Password', 'Password must be at least 8 characters long.', 'destructive');

    // 4. an uppercase letter, a lowercase letter and a digit
    for (const weak of ['alllowercase1', 'ALLUPPERCASE1', 'NoDigitsHere']) {
      await password.fill(weak);
      await confirm.fill(weak);
      await submit.click();
      await expectToast(
        page,
        'Weak Password',
        'Password must contain at least one uppercase letter, one lowercase letter, and one number.',
        'destructive',
      );
      await dismissToasts(page);
    }

    await password.fill('GoodPass1');
    await confirm.fill('GoodPass1');
    await expect(page.locator('li[data-met="true"]')).toHaveCount(4);
    const started = Date.now();
    await submit.click();
    await expect(submit).toHaveAttribute('data-loading', 'true');
    await expect(page.getByRole('heading', { name: 'Password Updated' })).toBeVisible({ timeout: 5000 });
    expect(Date.now() - started).toBeGreaterThanOrEqual(1900);
    await expectToast(page, 'Password Reset Successful');
    await page.getByRole('link', { name: 'Continue to Sign In' }).click();
    await expect(page).toHaveURL(/\/login$/);
  });
});
