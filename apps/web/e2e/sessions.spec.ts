/**
 * Sessions as two browsers see them (docs/architecture.md §4 "Sessions"): "Sign out everywhere"
 * from the account menu ends the other browser's session too, an admin can do the same for a user
 * from the user's page, and a session left idle too long shows the signed-out header.
 */
import { expect, scannedContext, test, type Browser, type Page } from './support/test';
import { DEMO, freshEmail, signIn } from './support/auth';
import { expectToast } from './support/toast';
import { sql } from './admin-fixtures';

const header = (page: Page) => page.getByRole('banner');

async function otherBrowser(browser: Browser): Promise<Page> {
  return (await scannedContext(browser)).newPage();
}

async function expectSignedIn(page: Page) {
  await page.goto('/cart');
  await expect(header(page).getByRole('button', { name: 'Account menu' })).toBeVisible();
}

async function expectSignedOut(page: Page) {
  await page.goto('/cart');
  await expect(header(page).getByRole('link', { name: 'Sign In' })).toBeVisible();
  await expect(header(page).getByRole('button', { name: 'Account menu' })).toHaveCount(0);
}

test('Sign out everywhere in the account menu signs out the other browser too', async ({ page, browser }) => {
  const email = freshEmail('everywhere');
  const phone = await otherBrowser(browser);
  try {
    await signIn(page, email, '/cart');
    await signIn(phone, email, '/cart');
    await expectSignedIn(phone);

    await header(page).getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Sign out everywhere' }).click();
    const dialog = page.getByRole('dialog', { name: 'Sign out everywhere?' });
    await expect(dialog).toContainText(
      'You will be signed out on every device and browser, this one included.',
    );
    await dialog.getByRole('button', { name: 'Sign out everywhere' }).click();
    await expectToast(page, 'Signed out everywhere', 'You have been signed out on every device.');
    await expect(page.getByRole('link', { name: 'Sign In' }).first()).toBeVisible();

    await expectSignedOut(page);
    await expectSignedOut(phone);
  } finally {
    await phone.context().close();
  }
});

test("an admin signs a user out everywhere from the user's page", async ({ page, browser }) => {
  const email = freshEmail('signed-out-by-admin');
  const shopper = await otherBrowser(browser);
  try {
    await signIn(shopper, email, '/cart');
    await expectSignedIn(shopper);
    const [user] = await sql<{ id: string }>('SELECT id FROM users WHERE email = $1', [email]);

    await signIn(page, DEMO.admin, `/admin/users/${user!.id}/edit`);
    await page.getByRole('button', { name: 'Sign out everywhere' }).click();
    const dialog = page.getByRole('dialog', { name: 'Sign out everywhere?' });
    await dialog.getByRole('button', { name: 'Sign out everywhere' }).click();
    await expectToast(page, 'Signed out everywhere', 'The user has been signed out on every device.');

    await expectSignedOut(shopper);
    // The admin is still signed in.
    await expectSignedIn(page);
  } finally {
    await shopper.context().close();
  }
});

test('a session idle for longer than the shopper limit shows the signed-out header', async ({ page }) => {
  const email = freshEmail('idle');
  await signIn(page, email, '/cart');
  await expectSignedIn(page);
  await sql(
    `UPDATE sessions SET last_seen_at = now() AT TIME ZONE 'UTC' - interval '25 hours'
     WHERE user_id = (SELECT id FROM users WHERE email = $1)`,
    [email],
  );
  // Made behind the api's back (no announcement): it applies once the api's cached copy of the
  // session is older than AUTH_CACHE_MS (2 s; apps/api/src/modules/auth/auth-cache.ts), which the
  // shopper sees on a page opened after that.
  await expect(async () => {
    await page.goto('/cart');
    await expect(header(page).getByRole('link', { name: 'Sign In' })).toBeVisible({ timeout: 500 });
  }).toPass({ timeout: 10_000 });
  await expectSignedOut(page);
});
