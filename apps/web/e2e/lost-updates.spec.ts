/**
 * No lost updates from staff (issue 15) in the browser: an Edit Product dialog saved after an order
 * took stock leaves the stock alone; two staff editing one product at once — the second save is
 * refused with an inline explanation naming the changed field and a Reload that brings the first
 * one's values; the Update Stock dialog says when the stock moved and updates from the new level;
 * Edit User, Manage Permissions and Edit Role do the same for a user or role changed meanwhile.
 */
import { randomBytes } from 'node:crypto';
import { expect, test, type Browser, type Page } from './support/test';
import { DEMO, signIn } from './support/auth';
import { expectToast } from './support/toast';
import { sql, stockOf } from './admin-fixtures';

// Two or three signed-in browsers per test on a busy machine: more than the default 30 s.
test.describe.configure({ timeout: 120_000 });

interface TestProduct {
  id: string;
  name: string;
  price: string;
}

/** A product of the test's own in Bakery, stock 10, price 4.00. */
async function newProduct(): Promise<TestProduct> {
  const suffix = randomBytes(4).toString('hex').toUpperCase();
  const [product] = await sql<TestProduct>(
    `INSERT INTO products (name, description, price, unit, stock, category_id, sku, low_stock_threshold)
     VALUES ($1, 'Baked for the lost-update test', '4.00', 'each', 10,
             (SELECT id FROM categories WHERE name = 'Bakery'), $2, 2)
     RETURNING id, name, price`,
    [`E2E Rye ${suffix}`, `E2E-${suffix}`],
  );
  return product!;
}

/** A second browser (its own cookies): another person at another desk. */
async function anotherBrowser(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ baseURL: process.env.E2E_BASE_URL, serviceWorkers: 'block' });
  return context.newPage();
}

/** Signs in as staff and opens Edit Product on `product` from the admin panel's Products section. */
async function openEdit(page: Page, email: string, product: TestProduct) {
  await signIn(page, email);
  await page.goto('/admin?section=products');
  const section = page.getByTestId('admin-products');
  await section.getByPlaceholder('Search products...').fill(product.name);
  const row = section.locator(`[data-testid="product-row"][data-product-id="${product.id}"]`);
  await row.getByRole('button', { name: `Edit ${product.name}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit Product' });
  await expect(dialog.getByLabel('Name')).toHaveValue(product.name);
  return { dialog, row };
}

/** A real order of the demo customer, placed through POST /api/orders in a browser of its own. */
async function customerOrders(browser: Browser, product: TestProduct, quantity: number) {
  const customer = await anotherBrowser(browser);
  await signIn(customer, DEMO.customer);
  const placed = await customer.request.post('/api/orders', {
    data: {
      items: [{ productId: product.id, quantity, price: product.price }],
      total: (Number(product.price) * quantity).toFixed(2),
      paymentMethod: 'cash_on_delivery',
      shippingAddress: '3 Rye Road, Springfield',
    },
  });
  expect(placed.status()).toBe(201);
  await customer.context().close();
}

test('an edit saved after an order took stock leaves the stock the order left', async ({ page, browser }) => {
  const product = await newProduct();
  const { dialog, row } = await openEdit(page, DEMO.admin, product);
  await expect(dialog.getByRole('spinbutton', { name: 'Stock', exact: true })).toHaveValue('10');

  await customerOrders(browser, product, 3);
  expect(await stockOf(product.id)).toBe(7);

  await dialog.getByLabel('Price').fill('4.40');
  await dialog.getByRole('button', { name: 'Update Product' }).click();
  await expectToast(page, 'Success', 'Product updated successfully');
  await expect(dialog).toBeHidden();
  await expect(row.getByTestId('product-stock')).toHaveText('7');
  await expect(row).toContainText('$4.40');
  const [stored] = await sql<{ price: string; stock: number }>(
    `SELECT price, stock FROM products WHERE id = $1`,
    [product.id],
  );
  expect(stored).toEqual({ price: '4.40', stock: 7 });
});

test('two staff editing one product: the second is told what changed, reloads and saves', async ({
  page,
  browser,
}) => {
  const product = await newProduct();
  const first = await openEdit(page, DEMO.admin, product);
  const secondPage = await anotherBrowser(browser);
  const second = await openEdit(secondPage, DEMO.inventory, product);

  await first.dialog.getByLabel('Price').fill('5.25');
  await first.dialog.getByRole('button', { name: 'Update Product' }).click();
  await expectToast(page, 'Success', 'Product updated successfully');

  await second.dialog.getByLabel('Description').fill('Described by the second editor');
  await second.dialog.getByRole('button', { name: 'Update Product' }).click();
  // The spec's failure toast, and the inline explanation that lets the user recover.
  await expectToast(secondPage, 'Error', 'Failed to update product', 'destructive');
  const conflict = second.dialog.getByTestId('edit-conflict');
  await expect(conflict).toContainText('Someone else changed this product while you were editing: Price.');
  await expect(second.dialog).toBeVisible();
  const [unchanged] = await sql<{ description: string }>(`SELECT description FROM products WHERE id = $1`, [
    product.id,
  ]);
  expect(unchanged!.description).toBe('Baked for the lost-update test');

  await conflict.getByRole('button', { name: 'Reload' }).click();
  await expect(conflict).toBeHidden();
  await expect(second.dialog.getByLabel('Price')).toHaveValue('5.25');
  await expect(second.dialog.getByLabel('Description')).toHaveValue('Baked for the lost-update test');

  await second.dialog.getByLabel('Description').fill('Described by the second editor');
  await second.dialog.getByRole('button', { name: 'Update Product' }).click();
  await expectToast(secondPage, 'Success', 'Product updated successfully');
  await expect(second.dialog).toBeHidden();
  const [stored] = await sql<{ price: string; description: string; stock: number }>(
    `SELECT price, description, stock FROM products WHERE id = $1`,
    [product.id],
  );
  expect(stored).toEqual({ price: '5.25', description: 'Described by the second editor', stock: 10 });
  await secondPage.context().close();
});

test('Update Stock says the stock moved while it was open and updates from the new level', async ({
  page,
  browser,
}) => {
  const product = await newProduct();
  await signIn(page, DEMO.inventory);
  await page.goto('/admin/inventory');
  await page.getByLabel('Search inventory').fill(product.name);
  const row = page.locator(`[data-testid="inventory-row"][data-product-id="${product.id}"]`);
  await row.getByRole('button', { name: 'Update Stock' }).click();
  const dialog = page.getByRole('dialog', { name: 'Update Stock' });
  await expect(dialog.getByTestId('stock-dialog-current')).toHaveText('10');

  await customerOrders(browser, product, 3);

  await dialog.getByLabel('New Stock Level').fill('25');
  await dialog.getByRole('button', { name: 'Update Stock' }).click();
  await expectToast(
    page,
    'Failed to update stock',
    'Stock changed to 7 while you were editing.',
    'destructive',
  );
  await expect(dialog.getByTestId('stock-conflict')).toContainText(
    'Stock changed to 7 while you were editing.',
  );
  await expect(dialog.getByTestId('stock-dialog-current')).toHaveText('7');
  expect(await stockOf(product.id)).toBe(7);

  await dialog.getByRole('button', { name: 'Update Stock' }).click();
  await expectToast(page, 'Stock updated successfully', `${product.name}: 7 → 25`);
  await expect(row.getByTestId('inventory-stock')).toHaveText('25');
  expect(await stockOf(product.id)).toBe(25);
});

test('Edit User: a change saved meanwhile is named, and Reload brings it in', async ({ page, browser }) => {
  const suffix = randomBytes(4).toString('hex');
  const [user] = await sql<{ id: string }>(
    `INSERT INTO users (email, first_name, last_name, role) VALUES ($1, 'Lena', 'Lost', 'customer') RETURNING id`,
    [`lost-update-${suffix}@example.com`],
  );
  await signIn(page, DEMO.admin);
  await page.goto(`/admin/users/${user!.id}/edit`);
  const form = page.getByRole('form', { name: 'Edit User' });
  await expect(form.getByLabel('Last Name')).toHaveValue('Lost');

  // Another admin's save in between (a script's call without a version: the last write wins there).
  const other = await anotherBrowser(browser);
  await signIn(other, DEMO.admin);
  expect((await other.request.put(`/api/users/${user!.id}`, { data: { lastName: 'Found' } })).status()).toBe(
    200,
  );
  await other.context().close();

  await form.getByLabel('Phone').fill('+1 555 0199');
  await form.getByRole('button', { name: 'Update User' }).click();
  await expectToast(page, 'Error', 'Failed to update user', 'destructive');
  const conflict = form.getByTestId('edit-conflict');
  await expect(conflict).toContainText('Someone else changed this user while you were editing: Last Name.');

  await conflict.getByRole('button', { name: 'Reload' }).click();
  await expect(form.getByLabel('Last Name')).toHaveValue('Found');
  await form.getByLabel('Phone').fill('+1 555 0199');
  await form.getByRole('button', { name: 'Update User' }).click();
  await expectToast(page, 'Success', 'User updated successfully');
  await expect(page).toHaveURL(/\/admin\/users$/);
  const [stored] = await sql<{ last_name: string; phone: string }>(
    `SELECT last_name, phone FROM users WHERE id = $1`,
    [user!.id],
  );
  expect(stored).toEqual({ last_name: 'Found', phone: '+1 555 0199' });
});

test('Manage Permissions and Edit Role: a role changed meanwhile is named, and Reload brings it in', async ({
  page,
  browser,
}) => {
  const name = `Lost update role ${randomBytes(4).toString('hex')}`;
  const [role] = await sql<{ id: string }>(
    `INSERT INTO roles (name, description) VALUES ($1, 'As loaded') RETURNING id`,
    [name],
  );
  const [inventory] = await sql<{ id: string }>(`SELECT id FROM permission_groups WHERE name = 'Inventory'`);
  await signIn(page, DEMO.admin);
  await page.goto('/admin/permissions');
  const row = page.locator(`[data-testid="role-row"][data-role-name="${name}"]`);
  await row.getByRole('button', { name: 'Permissions' }).click();
  const manage = page.getByRole('dialog', { name: `Manage Permissions: ${name}` });
  await expect(manage.getByRole('checkbox', { name: 'Inventory', exact: true })).not.toBeChecked();

  const other = await anotherBrowser(browser);
  await signIn(other, DEMO.admin);
  const edited = await other.request.patch(`/api/admin/roles/${role!.id}`, {
    data: { description: 'Changed meanwhile' },
  });
  expect(edited.status()).toBe(200);

  await manage.getByRole('checkbox', { name: 'Order management', exact: true }).check();
  await manage.getByRole('button', { name: 'Save Permissions' }).click();
  await expectToast(page, 'Failed to update role permissions', undefined, 'destructive');
  const conflict = manage.getByTestId('edit-conflict');
  await expect(conflict).toContainText('Someone else changed this role while you were editing: Description.');
  await conflict.getByRole('button', { name: 'Reload' }).click();
  await expect(manage.getByRole('checkbox', { name: 'Order management', exact: true })).not.toBeChecked();
  await manage.getByRole('checkbox', { name: 'Order management', exact: true }).check();
  await manage.getByRole('button', { name: 'Save Permissions' }).click();
  await expectToast(page, 'Role permissions updated successfully');

  // Edit Role opened, then someone else assigns a group: the role was saved, none of the form's fields changed.
  await row.getByRole('button', { name: 'Edit' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Role' });
  await expect(edit.getByLabel('Description')).toHaveValue('Changed meanwhile');
  const assigned = await other.request.put(`/api/admin/roles/${role!.id}/permission-groups`, {
    data: { permissionGroupIds: [inventory!.id] },
  });
  expect(assigned.status()).toBe(200);
  await other.context().close();

  await edit.getByLabel('Description').fill('Night restocking');
  await edit.getByRole('button', { name: 'Update Role' }).click();
  await expect(edit.getByTestId('edit-conflict')).toContainText(
    'Someone else saved this role while you were editing.',
  );
  await edit.getByTestId('edit-conflict').getByRole('button', { name: 'Reload' }).click();
  await edit.getByLabel('Description').fill('Night restocking');
  await edit.getByRole('button', { name: 'Update Role' }).click();
  await expectToast(page, 'Role updated successfully', name);
  const [stored] = await sql<{ description: string; groups: string[] }>(
    `SELECT r.description, array_agg(g.name ORDER BY g.name) AS groups FROM roles r
     JOIN role_permission_groups rpg ON rpg.role_id = r.id JOIN permission_groups g ON g.id = rpg.permission_group_id
     WHERE r.id = $1 GROUP BY r.description`,
    [role!.id],
  );
  expect(stored).toEqual({ description: 'Night restocking', groups: ['Inventory'] });
});
