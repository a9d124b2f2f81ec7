/**
 * The Audit Log (issue 17, item 10; docs/product.md §2 Audit Log): an admin changes a user's role in one
 * browser, and another admin's Audit Log — open in a second browser before the change — shows
 * 'user.role_changed' with the role before and after once the window regains focus; the filters
 * narrow the table, 'No audit events' when nothing matches; staff without `audit:read` are refused.
 */
import { expect, test, type Browser, type Page } from './support/test';
import { DEMO, freshEmail, signIn } from './support/auth';
import { expectToast } from './support/toast';
import { sql } from './admin-fixtures';

// Two signed-in browsers on a busy machine: more than the default 30 s.
test.describe.configure({ timeout: 120_000 });

/** A second browser (its own cookies): another admin at another desk. */
async function anotherBrowser(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ baseURL: process.env.E2E_BASE_URL, serviceWorkers: 'block' });
  return context.newPage();
}

/** What a browser does when its window is shown again: React Query refetches the screens that ask for it. */
async function regainFocus(page: Page) {
  await page.evaluate(() => window.dispatchEvent(new Event('visibilitychange')));
}

test("a role change made in one browser shows on another admin's Audit Log", async ({ page, browser }) => {
  const email = freshEmail('audited');
  const auditor = freshEmail('auditor');
  const [user] = await sql<{ id: string }>(
    `INSERT INTO users (email, first_name, last_name, role) VALUES ($1, 'Audrey', 'Audited', 'customer')
     RETURNING id`,
    [email],
  );
  await sql(
    `INSERT INTO users (email, first_name, last_name, role) VALUES ($1, 'Otto', 'Auditor', 'admin')`,
    [auditor],
  );

  // The second admin opens the Audit Log from the sidebar first: their own sign-in is the newest event.
  const other = await anotherBrowser(browser);
  await signIn(other, auditor);
  await other.goto('/admin');
  await other
    .getByRole('navigation', { name: 'Admin sections' })
    .getByRole('link', { name: 'Audit Log' })
    .click();
  await expect(other).toHaveURL(/\/admin\/audit-log$/);
  await expect(other.getByRole('heading', { name: 'Audit Log' })).toBeVisible();
  const newest = other.getByTestId('audit-row').first();
  await expect(newest).toHaveAttribute('data-action', 'auth.sign_in');
  await expect(newest.getByTestId('audit-actor')).toHaveText(auditor);
  const change = other.locator('[data-testid="audit-row"][data-action="user.role_changed"]').filter({
    hasText: email,
  });
  await expect(change).toHaveCount(0);

  // The first admin makes the user a sales manager.
  await signIn(page, DEMO.admin);
  await page.goto(`/admin/users/${user!.id}/edit`);
  const edit = page.getByRole('form', { name: 'Edit User' });
  await expect(edit.getByLabel('Email')).toHaveValue(email);
  await edit.getByRole('combobox', { name: 'Role', exact: true }).click();
  await page.getByRole('option', { name: 'Sales Manager', exact: true }).click();
  await edit.getByRole('button', { name: 'Update User' }).click();
  await expectToast(page, 'Success', 'User updated successfully');

  // Back at the other desk, the window is shown again: the change is there, before and after.
  await regainFocus(other);
  await expect(change).toHaveCount(1);
  await expect(change.getByTestId('audit-actor')).toHaveText(DEMO.admin);
  await expect(change.getByTestId('audit-target')).toHaveText(`user: ${email}`);
  await expect(change.getByTestId('audit-changes')).toHaveText('role: customer → sales_manager');

  // The filters: by action and actor, then a day with nothing in it.
  await other.getByRole('combobox', { name: 'Action' }).click();
  await other.getByRole('option', { name: 'user.role_changed', exact: true }).click();
  await other.getByLabel('Actor', { exact: true }).fill(DEMO.admin);
  await expect(other.getByTestId('audit-row').first()).toHaveAttribute('data-action', 'user.role_changed');
  await expect(change).toHaveCount(1);
  const shown = other.getByTestId('audit-row');
  for (const action of await shown.evaluateAll((rows) =>
    rows.map((row) => row.getAttribute('data-action')),
  )) {
    expect(action).toBe('user.role_changed');
  }
  await other.getByLabel('To', { exact: true }).fill('2001-01-01');
  await expect(other.getByTestId('audit-empty')).toHaveText('No audit events');
  await expect(other.getByTestId('audit-total')).toHaveText('0 events');
  await other.getByRole('button', { name: 'Clear filters' }).click();
  await expect(change).toHaveCount(1);
  await other.context().close();
});

test('staff without audit:read get no Audit Log', async ({ page }) => {
  await signIn(page, DEMO.sales);
  await page.goto('/admin');
  const sidebar = page.getByRole('navigation', { name: 'Admin sections' });
  await expect(sidebar.getByRole('link', { name: 'Orders' })).toBeVisible();
  await expect(sidebar.getByRole('link', { name: 'Audit Log' })).toHaveCount(0);
  await page.goto('/admin/audit-log');
  await expect(page.getByTestId('access-denied')).toContainText('sales manager');
  await expect(page.getByTestId('audit-row')).toHaveCount(0);
});
