/**
 * A keyboard-only shopper (docs/accessibility.md): skip link, search, Add to Cart announced, the
 * cart, checkout with its refused fields marked, the order placed and read — with the document
 * title and focus following every navigation. Only Tab, Shift+Tab, Enter, Space and typing.
 */
import { expect, test, type Locator, type Page } from './support/test';
import { DEMO, signIn } from './support/auth';

test.describe.configure({ timeout: 120_000 });

/** Presses Tab until `target` has focus (as a keyboard user would), at most 80 times. */
async function tabTo(page: Page, target: Locator) {
  for (let i = 0; i < 80; i++) {
    if (await target.evaluate((element) => element === document.activeElement).catch(() => false)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`Tab never reached ${target.toString()}`);
}

async function expectHeadingFocused(page: Page, text: string | RegExp) {
  const heading = page.getByRole('heading', { level: 1 });
  await expect(heading).toHaveText(text);
  await expect(heading).toBeFocused();
}

test('search, add to cart, check out and read the order with the keyboard alone', async ({ page }) => {
  await signIn(page, DEMO.customer, '/');
  await expect(page).toHaveTitle('Fresh food, beverages and produce · FreshCart');
  // The server names the page before its script has drawn it: wait for what the shopper sees.
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

  // The first Tab stop is the skip link; it leads into the main content.
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to main content' });
  await expect(skip).toBeFocused();
  await expect(skip).toBeVisible();

  // Search from the storefront's own search box.
  const search = page.getByRole('main').getByRole('textbox').first();
  await tabTo(page, search);
  await page.keyboard.type('a');
  const addButtons = page.getByRole('button', { name: /^Add to Cart: / });
  await expect(addButtons.first()).toBeVisible();

  // Add to Cart names its product and is announced.
  const add = addButtons.first();
  const productName = (await add.getAttribute('aria-label'))!.replace('Add to Cart: ', '');
  const price = await page
    .getByTestId('product-card')
    .filter({ has: page.getByRole('button', { name: `Add to Cart: ${productName}`, exact: true }) })
    .getByTestId('product-price')
    .innerText();
  const twice = `$${((Math.round(Number(price.replace('$', '')) * 100) * 2) / 100).toFixed(2)}`;
  await tabTo(page, add);
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('cart-announcement')).toHaveText(
    `${productName}: 1 in cart. 1 item in cart.`,
  );
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('cart-announcement')).toHaveText(
    `${productName}: 2 in cart. 2 items in cart.`,
  );

  // To the cart: the title and focus follow.
  await tabTo(page, page.getByRole('link', { name: /^Cart \(/ }).first());
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/cart$/);
  await expect(page).toHaveTitle('Cart · FreshCart');
  await expectHeadingFocused(page, /Shopping Cart|Cart/);

  await tabTo(
    page,
    page
      .getByRole('link', { name: /Proceed to Checkout/ })
      .or(page.getByRole('button', { name: /Proceed to Checkout/ })),
  );
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/checkout$/);
  await expect(page).toHaveTitle('Checkout · FreshCart');
  await expectHeadingFocused(page, 'Checkout');

  // Bank transfer without its details: the toast, and the fields marked invalid with focus on the first.
  const bank = page.getByRole('radio', { name: /Bank Transfer/ });
  await tabTo(page, page.getByRole('radio', { checked: true }).first());
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  await expect(bank).toBeChecked();
  const placeOrder = page.getByRole('button', { name: /Place Order/ });
  await tabTo(page, placeOrder);
  await page.keyboard.press('Enter');
  const bankName = page.getByRole('textbox', { name: 'Bank Name' });
  await expect(bankName).toHaveAttribute('aria-invalid', 'true');
  await expect(bankName).toBeFocused();
  const described = await bankName.getAttribute('aria-describedby');
  expect(described).toBeTruthy();
  await expect(page.locator(`[id="${described!.split(' ').find((id) => id.includes('error'))}"]`)).toHaveText(
    'Required',
  );

  await page.keyboard.type('Hudson Savings');
  await expect(bankName).not.toHaveAttribute('aria-invalid', 'true');
  await page.keyboard.press('Tab');
  await page.keyboard.type('000123456789');

  // A shipping address: the saved default, or typed.
  const custom = page.getByRole('textbox', { name: 'Shipping address' });
  if (await custom.isVisible()) {
    await tabTo(page, custom);
    await page.keyboard.type('5 Keyboard Lane, Albany, NY 12207, US');
  }
  await tabTo(page, placeOrder);
  await page.keyboard.press('Enter');

  // The order, read on My Orders: title and focus follow.
  await expect(page).toHaveURL(/\/orders$/);
  await expect(page).toHaveTitle('My Orders · FreshCart');
  await expectHeadingFocused(page, /Orders/);
  const order = page.getByTestId('order-card').first();
  await expect(order).toContainText('Pending');
  await expect(order).toContainText(twice);
});
