/**
 * User management as an admin (docs/product.md §2 User Management / Create User / Edit User, §5, §8 Users
 * toasts): the cards and table against the database, a user created, edited and deleted, the
 * form's messages, 'User not found', and the server refusing an admin's own deletion.
 */
import { expect, test, type Page } from './support/test';
import { DEMO, signIn } from './support/auth';
import { expectToast } from './support/toast';
import { sql, statValue } from './admin-fixtures';
import { uniqueWord } from './support/unique';

function rowOf(page: Page, email: string) {
  return page.locator(`[data-testid="user-row"][data-email="${email}"]`);
}

async function openUsers(page: Page) {
  await signIn(page, DEMO.admin);
  await page.goto('/admin');
  await page.getByRole('navigation', { name: 'Admin sections' }).getByRole('link', { name: 'Users' }).click();
  await expect(page).toHaveURL(/\/admin\/users$/);
  await expect(page.getByRole('heading', { name: 'User Management' })).toBeVisible();
  await expect(page.getByTestId('user-row').first()).toBeVisible();
}

test('the list: cards and rows as the database has them, dates like Mar 05, 2024', async ({ page }) => {
  await openUsers(page);
  const [counts] = await sql<{ total: number; admins: number; managers: number; customers: number }>(
    `SELECT count(*)::int AS total,
            count(*) FILTER (WHERE role = 'admin')::int AS admins,
            count(*) FILTER (WHERE role IN ('sales_manager', 'inventory_manager'))::int AS managers,
            count(*) FILTER (WHERE role = 'customer')::int AS customers
     FROM users`,
  );
  await expect(statValue(page, 'Total Users')).toHaveText(String(counts!.total));
  await expect(statValue(page, 'Admins')).toHaveText(String(counts!.admins));
  await expect(statValue(page, 'Managers')).toHaveText(String(counts!.managers));
  await expect(statValue(page, 'Customers')).toHaveText(String(counts!.customers));
  // A page of the newest 50, and the number of users under the table.
  await expect(page.getByTestId('user-row')).toHaveCount(Math.min(counts!.total, 50));
  await expect(page.getByTestId('users-total')).toHaveText(`${counts!.total} users`);

  // The demo accounts are the oldest: the search finds them on any page.
  await page.getByPlaceholder('Search users...').fill('@example.com');
  const admin = rowOf(page, DEMO.admin);
  await expect(admin.getByTestId('user-name')).toHaveText('Ada Admin');
  await expect(admin.getByTestId('role-badge')).toHaveText('Admin');
  await expect(admin.getByTestId('user-created')).toHaveText(
    /^(Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) \d{2}, \d{4}$/,
  );
  await expect(rowOf(page, DEMO.inventory).getByTestId('role-badge')).toHaveText('Inventory Manager');

  await page.getByRole('link', { name: 'Back to Admin' }).click();
  await expect(page).toHaveURL(/\/admin$/);
});

test('create, edit and delete a user, with the form messages and toasts', async ({ page }) => {
  test.setTimeout(90_000);
  await openUsers(page);
  await page.getByRole('link', { name: 'Create User' }).click();
  await expect(page).toHaveURL(/\/admin\/users\/create$/);
  const form = page.getByRole('form', { name: 'Create User' });
  await expect(form.getByRole('combobox', { name: 'Role', exact: true })).toHaveValue('Customer');
  await expect(form.getByTestId('role-description')).toHaveText('Standard shopping account');

  await form.getByRole('button', { name: 'Create User' }).click();
  await expect(form.getByText('First name is required')).toBeVisible();
  await expect(form.getByText('Last name is required')).toBeVisible();
  await expect(form.getByText('Invalid email address')).toBeVisible();

  const email = `e2e-user-${uniqueWord()}@example.com`;
  await form.getByLabel('First Name').fill('Petra');
  await form.getByLabel('Last Name').fill('Picker');
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Phone').fill('+1 555 0199');
  await form.getByRole('combobox', { name: 'Role', exact: true }).click();
  await page.getByRole('option', { name: 'Sales Manager', exact: true }).click();
  await expect(form.getByTestId('role-description')).toHaveText(
    'Manages orders, customers and sales analytics',
  );
  await form.getByRole('button', { name: 'Create User' }).click();
  await expectToast(page, 'Success', 'User created successfully');
  await expect(page).toHaveURL(/\/admin\/users$/);
  const row = rowOf(page, email);
  await expect(row.getByTestId('user-name')).toHaveText('Petra Picker');
  await expect(row.getByTestId('role-badge')).toHaveText('Sales Manager');
  const [stored] = await sql<{ id: string; role: string; phone: string }>(
    `SELECT id, role, phone FROM users WHERE email = $1`,
    [email],
  );
  expect(stored).toMatchObject({ role: 'sales_manager', phone: '+1 555 0199' });

  // A taken email: the server's 409 shows beside the field, with the failure toast.
  await page.getByRole('link', { name: 'Create User' }).click();
  const again = page.getByRole('form', { name: 'Create User' });
  await again.getByLabel('First Name').fill('Dup');
  await again.getByLabel('Last Name').fill('Licate');
  await again.getByLabel('Email').fill(email);
  await again.getByRole('button', { name: 'Create User' }).click();
  await expectToast(page, 'Error', 'Failed to create user', 'destructive');
  await expect(again.getByText('Email already in use')).toBeVisible();
  await again.getByRole('button', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(/\/admin\/users$/);

  await rowOf(page, email).getByRole('link', { name: /Edit/ }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/users/${stored!.id}/edit$`));
  const edit = page.getByRole('form', { name: 'Edit User' });
  await expect(edit.getByLabel('First Name')).toHaveValue('Petra');
  await expect(edit.getByLabel('Email')).toHaveValue(email);
  await expect(edit.getByRole('combobox', { name: 'Role', exact: true })).toHaveValue('Sales Manager');
  await edit.getByLabel('Last Name').fill('Packer');
  await edit.getByRole('combobox', { name: 'Role', exact: true }).click();
  await page.getByRole('option', { name: 'Inventory Manager', exact: true }).click();
  await edit.getByRole('button', { name: 'Update User' }).click();
  await expectToast(page, 'Success', 'User updated successfully');
  await expect(page).toHaveURL(/\/admin\/users$/);
  await expect(rowOf(page, email).getByTestId('user-name')).toHaveText('Petra Packer');
  await expect(rowOf(page, email).getByTestId('role-badge')).toHaveText('Inventory Manager');

  await rowOf(page, email)
    .getByRole('button', { name: /Delete/ })
    .click();
  const dialog = page.getByRole('dialog', { name: 'Delete user?' });
  await expect(dialog).toContainText('This action cannot be undone');
  await expect(dialog).toContainText('All orders and addresses of this user will be removed');
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expectToast(page, 'Success', 'User deleted successfully');
  await expect(rowOf(page, email)).toHaveCount(0);
  expect(await sql(`SELECT 1 FROM users WHERE email = $1`, [email])).toEqual([]);
});

test("Edit User shows 'User not found' for a user that does not exist", async ({ page }) => {
  await signIn(page, DEMO.admin);
  await page.goto('/admin/users/6f1c3b2e-0000-4000-8000-000000000000/edit');
  await expect(page.getByTestId('user-not-found')).toContainText('User not found');
});

test('an admin cannot delete their own account: the toast and the reason', async ({ page }) => {
  await openUsers(page);
  await page.getByPlaceholder('Search users...').fill(DEMO.admin);
  await rowOf(page, DEMO.admin)
    .getByRole('button', { name: /Delete/ })
    .click();
  const dialog = page.getByRole('dialog', { name: 'Delete user?' });
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expectToast(page, 'Error', 'Failed to delete user', 'destructive');
  await expect(dialog.getByTestId('delete-user-error')).toHaveText('You cannot delete your own account');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(rowOf(page, DEMO.admin)).toBeVisible();
});
