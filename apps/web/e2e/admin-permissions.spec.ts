/**
 * The Permissions screen (docs/product.md §2, §5, §8 Roles toasts) and what it decides: roles, permissions and
 * groups created and changed through the screen, a role deleted after the browser's confirmation,
 * and a custom role holding one group given to a user through Edit User — who then reaches exactly
 * the admin pages that group allows.
 */
import { expect, test, type Page } from './support/test';
import { DEMO, freshEmail, signIn } from './support/auth';
import { expectToast } from './support/toast';
import { sidebarItems, sql } from './admin-fixtures';
import { uniqueWord } from './support/unique';

const roleRow = (page: Page, name: string) =>
  page.locator(`[data-testid="role-row"][data-role-name="${name}"]`);

async function openPermissions(page: Page) {
  await page.goto('/admin');
  await page
    .getByRole('navigation', { name: 'Admin sections' })
    .getByRole('link', { name: 'Permissions' })
    .click();
  await expect(page).toHaveURL(/\/admin\/permissions$/);
  await expect(roleRow(page, 'admin')).toBeVisible();
}

/** Creates a role through the screen and gives it the named groups through Manage Permissions. */
async function createRole(page: Page, name: string, groups: string[]) {
  await page.getByRole('tab', { name: 'Roles' }).click();
  await page.getByRole('button', { name: 'Create Role' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create Role' });
  await dialog.getByLabel('Name').fill(name);
  await dialog.getByLabel('Description').fill('Made by the browser test');
  await dialog.getByRole('button', { name: 'Create Role' }).click();
  await expectToast(page, 'Role created successfully', name);
  await expect(roleRow(page, name)).toBeVisible();

  await roleRow(page, name).getByRole('button', { name: 'Permissions' }).click();
  const manage = page.getByRole('dialog', { name: `Manage Permissions: ${name}` });
  for (const group of groups) await manage.getByRole('checkbox', { name: group, exact: true }).check();
  await manage.getByRole('button', { name: 'Save Permissions' }).click();
  await expectToast(page, 'Role permissions updated successfully');
  await expect(manage).toHaveCount(0);
}

test('roles: search, create with a group, edit, and delete after the browser confirmation', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await signIn(page, DEMO.admin);
  await openPermissions(page);
  for (const name of ['admin', 'inventory_manager', 'sales_manager', 'customer']) {
    await expect(roleRow(page, name).getByTestId('status-badge')).toHaveText('Active');
  }
  await page.getByLabel('Search roles, permissions and groups').fill('sales');
  await expect(page.getByTestId('role-row')).toHaveCount(1);
  await expect(roleRow(page, 'sales_manager')).toBeVisible();
  await page.getByLabel('Search roles, permissions and groups').fill('');

  // The form's rule (docs/product.md §5) and a server refusal (a taken name).
  await page.getByRole('button', { name: 'Create Role' }).click();
  const create = page.getByRole('dialog', { name: 'Create Role' });
  await create.getByRole('button', { name: 'Create Role' }).click();
  await expect(create.getByText('Role name is required')).toBeVisible();
  await create.getByLabel('Name').fill('admin');
  await create.getByRole('button', { name: 'Create Role' }).click();
  await expectToast(page, 'Failed to create role', 'A role with this name already exists', 'destructive');
  await create.getByRole('button', { name: 'Cancel' }).click();

  const name = `Night shift ${uniqueWord()}`;
  await createRole(page, name, ['Inventory']);
  const [stored] = await sql<{ groups: string[] }>(
    `SELECT array_agg(g.name ORDER BY g.name) AS groups FROM roles r
     JOIN role_permission_groups rpg ON rpg.role_id = r.id JOIN permission_groups g ON g.id = rpg.permission_group_id
     WHERE r.name = $1`,
    [name],
  );
  expect(stored!.groups).toEqual(['Inventory']);

  // Manage Permissions shows the role's groups ticked.
  await roleRow(page, name).getByRole('button', { name: 'Permissions' }).click();
  const manage = page.getByRole('dialog', { name: `Manage Permissions: ${name}` });
  await expect(manage.getByRole('checkbox', { name: 'Inventory', exact: true })).toBeChecked();
  await expect(manage.getByRole('checkbox', { name: 'Order management', exact: true })).not.toBeChecked();
  await manage.getByRole('button', { name: 'Cancel' }).click();

  await roleRow(page, name).getByRole('button', { name: 'Edit' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Role' });
  await expect(edit.getByLabel('Name')).toHaveValue(name);
  await edit.getByLabel('Description').fill('Restocks at night');
  await edit.getByLabel('Active').uncheck();
  await edit.getByRole('button', { name: 'Update Role' }).click();
  await expectToast(page, 'Role updated successfully', name);
  await expect(roleRow(page, name)).toContainText('Restocks at night');
  await expect(roleRow(page, name).getByTestId('status-badge')).toHaveText('Inactive');

  // Dismissing the confirmation keeps the role; accepting it deletes it.
  const messages: string[] = [];
  page.once('dialog', (dialog) => {
    messages.push(dialog.message());
    void dialog.dismiss();
  });
  await roleRow(page, name).getByRole('button', { name: 'Delete' }).click();
  await expect.poll(() => messages).toEqual(['Are you sure you want to delete this role?']);
  await expect(roleRow(page, name)).toBeVisible();
  page.once('dialog', (dialog) => void dialog.accept());
  await roleRow(page, name).getByRole('button', { name: 'Delete' }).click();
  await expectToast(page, 'Role deleted successfully', name);
  await expect(roleRow(page, name)).toHaveCount(0);

  // A built-in role stays.
  page.once('dialog', (dialog) => void dialog.accept());
  await roleRow(page, 'customer').getByRole('button', { name: 'Delete' }).click();
  await expectToast(page, 'Failed to delete role', 'Built-in roles cannot be deleted', 'destructive');
});

test('permissions and groups: the tables, Create Permission and Create Group', async ({ page }) => {
  test.setTimeout(90_000);
  await signIn(page, DEMO.admin);
  await openPermissions(page);

  await page.getByRole('tab', { name: 'Permissions' }).click();
  const ordersRead = page.locator('[data-testid="permission-row"][data-permission-name="orders:read_all"]');
  await expect(ordersRead).toContainText('orders');
  await expect(ordersRead).toContainText('read_all');
  await expect(ordersRead.getByTestId('status-badge')).toHaveText('Active');

  const permission = `reports:export_${uniqueWord()}`;
  await page.getByRole('button', { name: 'Create Permission' }).click();
  const create = page.getByRole('dialog', { name: 'Create Permission' });
  await create.getByRole('button', { name: 'Create Permission' }).click();
  await expect(create.getByText('Permission name is required')).toBeVisible();
  await create.getByLabel('Name').fill(permission);
  await expect(create.getByLabel('Resource')).toHaveValue('reports');
  await create.getByLabel('Description').fill('Export the reports');
  await create.getByRole('button', { name: 'Create Permission' }).click();
  await expectToast(page, 'Permission created successfully', permission);
  await expect(
    page.locator(`[data-testid="permission-row"][data-permission-name="${permission}"]`),
  ).toBeVisible();

  await page.getByRole('tab', { name: 'Permission Groups' }).click();
  const inventory = page.locator('[data-testid="group-row"][data-group-name="Inventory"]');
  await expect(inventory.getByTestId('group-permissions')).toContainText('inventory:read');
  await expect(inventory.getByTestId('group-permissions')).toContainText('products:read_all');

  const group = `Reporting ${uniqueWord()}`;
  await page.getByRole('button', { name: 'Create Group' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create Group' });
  await dialog.getByRole('button', { name: 'Create Group' }).click();
  await expect(dialog.getByText('Group name is required')).toBeVisible();
  await dialog.getByLabel('Name').fill(group);
  await dialog.getByRole('checkbox', { name: permission, exact: true }).check();
  await dialog.getByRole('button', { name: 'Create Group' }).click();
  await expectToast(page, 'Permission group created successfully', group);
  const row = page.locator(`[data-testid="group-row"][data-group-name="${group}"]`);
  await expect(row.getByTestId('group-permissions')).toHaveText(permission);

  // Its permissions can be changed afterwards.
  await row.getByRole('button', { name: 'Edit Permissions' }).click();
  const edit = page.getByRole('dialog', { name: `Group Permissions: ${group}` });
  await edit.getByRole('checkbox', { name: 'orders:read_all', exact: true }).check();
  await edit.getByRole('button', { name: 'Save Permissions' }).click();
  await expectToast(page, 'Permission group updated successfully', group);
  await expect(row.getByTestId('group-permissions')).toContainText('orders:read_all');

  await page.getByLabel('Search roles, permissions and groups').fill(group);
  await expect(page.getByTestId('group-row')).toHaveCount(1);
});

test('a custom role with one group, given through Edit User, reaches exactly what that group allows', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000); // two browsers, three forms and four guarded pages
  await signIn(page, DEMO.admin);

  // The user, created as a customer.
  const email = freshEmail('clerk');
  await page.goto('/admin/users/create');
  const form = page.getByRole('form', { name: 'Create User' });
  await form.getByLabel('First Name').fill('Stella');
  await form.getByLabel('Last Name').fill('Stock');
  await form.getByLabel('Email').fill(email);
  await form.getByRole('button', { name: 'Create User' }).click();
  await expectToast(page, 'Success', 'User created successfully');

  // The role, holding only the Inventory group.
  const role = `Stock clerk ${uniqueWord()}`;
  await openPermissions(page);
  await createRole(page, role, ['Inventory']);

  // Edit User → Custom role.
  await page.goto('/admin/users');
  await page
    .locator(`[data-testid="user-row"][data-email="${email}"]`)
    .getByRole('link', { name: /Edit/ })
    .click();
  const edit = page.getByRole('form', { name: 'Edit User' });
  await edit.getByRole('combobox', { name: 'Custom role' }).click();
  await page.getByRole('option', { name: role, exact: true }).click();
  await edit.getByRole('button', { name: 'Update User' }).click();
  await expectToast(page, 'Success', 'User updated successfully');
  await expect(
    page.locator(`[data-testid="user-row"][data-email="${email}"]`).getByTestId('custom-role-badge'),
  ).toHaveText(role);

  // That user, in their own browser.
  const context = await browser.newContext({ baseURL: process.env.E2E_BASE_URL });
  const clerk = await context.newPage();
  try {
    await signIn(clerk, email);
    await clerk.goto('/admin/inventory');
    await expect(clerk.getByRole('heading', { name: 'Inventory Management' })).toBeVisible({
      timeout: 15_000,
    });
    await expect(clerk.getByTestId('inventory-row').first()).toBeVisible({ timeout: 20_000 });
    expect(await sidebarItems(clerk)).toEqual(['Products', 'Inventory']);

    for (const path of ['/admin/orders', '/admin/users', '/admin/permissions']) {
      await clerk.goto(path);
      const denied = clerk.getByTestId('access-denied');
      await expect(denied.getByRole('heading', { name: 'Access Denied' })).toBeVisible();
      await expect(denied).toContainText(role);
      await expectToast(
        clerk,
        'Access Denied',
        "You don't have permission to access this page.",
        'destructive',
      );
      await clerk.waitForURL((url) => url.pathname === '/admin', { timeout: 3000 });
    }
    // The overview needs admin:access, which the Inventory group does not hold.
    await expect(clerk.getByTestId('access-denied')).toBeVisible();

    // Taking the custom role away applies at the next load: a customer again, sent to the dashboard.
    await page.goto('/admin/users');
    await page
      .locator(`[data-testid="user-row"][data-email="${email}"]`)
      .getByRole('link', { name: /Edit/ })
      .click();
    await page
      .getByRole('form', { name: 'Edit User' })
      .getByRole('combobox', { name: 'Custom role' })
      .click();
    await page.getByRole('option', { name: 'None (the built-in role decides)' }).click();
    await page.getByRole('form', { name: 'Edit User' }).getByRole('button', { name: 'Update User' }).click();
    await expectToast(page, 'Success', 'User updated successfully');
    await clerk.goto('/admin/inventory');
    await expectToast(clerk, 'Redirecting', 'Taking you to your dashboard...');
    await clerk.waitForURL((url) => url.pathname === '/dashboard', { timeout: 3000 });
  } finally {
    await context.close();
  }
});
