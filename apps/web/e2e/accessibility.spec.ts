/**
 * Every screen and dialog, as each kind of visitor sees it, checked by axe-core for WCAG 2.2 AA
 * (docs/accessibility.md): 0 critical and 0 serious violations. The keyboard-only walk through a
 * purchase lives in keyboard.spec.ts.
 */
import { expect, test, type Page } from './support/test';
import { DEMO, signIn } from './support/auth';
import { expectNoAxeViolations } from './support/axe';
import { placeOrder } from './admin-fixtures';

test.describe.configure({ timeout: 120_000 });

async function visit(page: Page, path: string, ready: (page: Page) => Promise<void>) {
  await page.goto(path);
  await ready(page);
  await expectNoAxeViolations(page, path);
}

const heading = (page: Page) => expect(page.getByRole('heading', { level: 1 })).toBeVisible();

async function dialog(page: Page, open: () => Promise<void>, name: string) {
  await open();
  await expect(page.getByRole('dialog')).toBeVisible();
  await expectNoAxeViolations(page, `${page.url()} with the dialog ${name}`);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
}

test('signed out: storefront, a search, a category, cart, the 404 page', async ({ page }) => {
  await visit(page, '/', async (p) => {
    await expect(p.getByTestId('product-card').first()).toBeVisible();
  });
  await visit(page, '/?q=tea', heading);
  await page.goto('/');
  await page.getByTestId('category-card').first().click();
  await expectNoAxeViolations(page, 'a category');
  await page
    .getByRole('button', { name: /to cart/i })
    .first()
    .click();
  await expectNoAxeViolations(page, 'the storefront with a product in the cart');
  await visit(page, '/cart', heading);
  await visit(page, '/no-such-page', heading);
});

test('a customer: dashboard, checkout with bank transfer, orders, profile', async ({ page }) => {
  await signIn(page, DEMO.customer);
  await page.goto('/');
  await page
    .getByRole('button', { name: /to cart/i })
    .first()
    .click();
  await visit(page, '/cart', heading);
  await visit(page, '/checkout', heading);
  await page.getByRole('radio', { name: /Bank Transfer/ }).check();
  await expectNoAxeViolations(page, 'checkout with bank transfer');
  await page.getByRole('button', { name: 'Place Order' }).click();
  await expectNoAxeViolations(page, 'checkout with every field refused');
  await visit(page, '/dashboard', heading);
  await visit(page, '/orders', heading);
  await visit(page, '/profile', heading);
  await dialog(page, () => page.getByRole('button', { name: 'Edit Profile' }).click(), 'Edit Profile');
});

test("an admin: every admin screen and its dialogs, a user's edit page", async ({ page }) => {
  // Eleven screens and seven dialogs, each judged by axe (the product dialog alone holds the food
  // facts and the sold-by fields): twice the others' time.
  test.setTimeout(240_000);
  const order = await placeOrder();
  await signIn(page, DEMO.admin);
  const screens = [
    '/admin',
    '/admin?section=products',
    '/admin/inventory',
    '/admin/orders',
    '/admin/picking',
    '/admin/users',
    '/admin/users/create',
    '/admin/permissions',
    '/admin/api-tokens',
    '/admin/audit-log',
    '/admin/delivery',
  ];
  for (const path of screens) await visit(page, path, heading);
  await page.goto('/admin?section=products');
  await dialog(page, () => page.getByRole('button', { name: 'Add Product' }).click(), 'Add Product');
  const products = page.getByRole('table', { name: 'Products' });
  await dialog(
    page,
    () =>
      products
        .getByRole('button', { name: /^Edit / })
        .first()
        .click(),
    'Edit Product',
  );
  await dialog(
    page,
    () =>
      products
        .getByRole('button', { name: /^Delete / })
        .first()
        .click(),
    'Delete Product',
  );
  await visit(page, '/admin/inventory', heading);
  await dialog(
    page,
    () => page.getByRole('button', { name: 'Update Stock' }).first().click(),
    'Update Stock',
  );
  await visit(page, '/admin/orders', heading);
  await dialog(
    page,
    () => page.getByRole('button', { name: `View order ${order.id.slice(0, 8)}` }).click(),
    'the order',
  );
  await visit(page, '/admin/delivery', heading);
  await dialog(page, () => page.getByRole('button', { name: 'Add zone' }).click(), 'Add zone');
  await dialog(page, () => page.getByRole('button', { name: /^Edit slot / }).first().click(), 'Edit slot');
  await visit(page, '/admin/users', heading);
  await page
    .getByRole('table', { name: 'Users' })
    .getByRole('link', { name: /^Edit / })
    .first()
    .click();
  await expect(page).toHaveURL(/\/admin\/users\/[^/]+\/edit$/);
  await heading(page);
  await expectNoAxeViolations(page, "a user's edit page");
});

for (const [role, email, path] of [
  ['an inventory manager', DEMO.inventory, '/admin/inventory'],
  ['a sales manager', DEMO.sales, '/admin/orders'],
] as const) {
  test(`${role}: the admin area`, async ({ page }) => {
    await signIn(page, email);
    await visit(page, '/admin', heading);
    await visit(page, path, heading);
  });
}
