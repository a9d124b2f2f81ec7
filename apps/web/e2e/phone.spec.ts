/**
 * A phone (docs/accessibility.md, "Phones"): 375 px wide, the storefront and the admin's orders fit
 * the screen, and an anonymous visit makes no failing request.
 */
import { placeOrder } from './admin-fixtures';
import { DEMO, signIn } from './support/auth';
import { expect, test, type Page } from './support/test';

test.use({ viewport: { width: 375, height: 740 } });

/** Nothing wider than the screen: no sideways scroll of the page. */
async function expectNoSidewaysScroll(page: Page) {
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(375);
}

test('an anonymous visit to the storefront, the cart and the checkout makes no failing request', async ({
  page,
}) => {
  const failed: string[] = [];
  page.on('response', (response) => {
    if (response.status() >= 400) failed.push(`${response.status()} ${response.url()}`);
  });
  await page.goto('/');
  await expect(page.getByTestId('product-card').first()).toBeVisible();
  await expectNoSidewaysScroll(page);
  await page.goto('/cart');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.goto('/checkout');
  // Signed out, the checkout sends the visitor to sign in (docs/product.md §4).
  await expect(page).toHaveTitle(/Development sign-in/);
  expect(failed).toEqual([]);
});

test("the admin's orders at 375 px: each order a card with its status, total, View and Update", async ({
  page,
}) => {
  const order = await placeOrder();
  await signIn(page, DEMO.admin, '/admin/orders');
  await page.goto('/admin/orders');
  const card = page.locator(`[data-testid="order-row"][data-order-id="${order.id}"]`);
  await card.scrollIntoViewIfNeeded();
  await expect(card).toContainText(`#${order.id.slice(0, 8)}`);
  await expect(card).toContainText('Pending');
  await expect(card).toContainText('$');
  await expectNoSidewaysScroll(page);
  const view = card.getByRole('button', { name: `View order ${order.id.slice(0, 8)}` });
  const update = card.getByRole('button', { name: 'Update' });
  for (const control of [view, update]) {
    await expect(control).toBeInViewport();
  }
  await view.click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await page.keyboard.press('Escape');
  await update.click();
  await expect(page.getByRole('dialog')).toBeVisible();
});
