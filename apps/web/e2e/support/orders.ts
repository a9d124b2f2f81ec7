/**
 * Buying through the shop as a shopper does, for the specs that follow an order (my-orders-in-depth,
 * shopkeeper-journey): a line put in the browser's cart, the checkout, and an order's card on
 * My Orders.
 */
import { expect, type Page } from './test';
import { dismissToasts, expectToast } from './toast';

const CART_KEY = 'freshcart.cart';

export interface CartProduct {
  id: string;
  name: string;
  price: string;
}

export const dollars = (cents: number) => `$${(cents / 100).toFixed(2)}`;
export const cents = (price: string) => Math.round(Number(price) * 100);

/**
 * Puts one line in the browser's cart as the storefront would. The shop is loaded first and seen
 * drawn, so its cart (which saves itself once mounted) cannot overwrite what is put there.
 */
export async function putInCart(page: Page, product: CartProduct, quantity: number) {
  await page.goto('/');
  await expect(page.getByRole('heading', { name: /^Welcome to/ })).toBeVisible();
  // The cart has saved itself (its effect ran): nothing it does later overwrites the line.
  await page.waitForFunction((key) => window.localStorage.getItem(key) !== null, CART_KEY);
  await page.evaluate(([key, value]) => window.localStorage.setItem(key, value), [
    CART_KEY,
    JSON.stringify([
      { productId: product.id, name: product.name, price: product.price, imageUrl: null, quantity },
    ]),
  ] as const);
}

/** Places what the cart holds through the checkout, cash on delivery; answers the order's short id. */
export async function checkOut(page: Page, expectedTotal: string) {
  await page.goto('/checkout');
  await expect(page.getByTestId('summary-total')).toHaveText(expectedTotal);
  await page.getByRole('radio', { name: /Cash on Delivery/ }).check();
  await page.getByLabel('Shipping address').fill('5 Orchard Row, Springfield');
  await page.getByRole('button', { name: `Place Order - ${expectedTotal}` }).click();
  const toast = await expectToast(page, 'Order placed successfully!');
  const description = await toast.locator('.mantine-Notification-description').innerText();
  const shortId = /^Order #([0-9a-f]{8}) has been created/.exec(description)![1]!;
  await expect(page).toHaveURL(/\/orders$/);
  await dismissToasts(page);
  return shortId;
}

/** Buys `quantity` of the product through the cart and checkout, cash on delivery; answers the short id. */
export async function buyThroughCheckout(
  page: Page,
  product: CartProduct,
  quantity: number,
  expectedTotal: string,
) {
  await putInCart(page, product, quantity);
  return checkOut(page, expectedTotal);
}

export function orderCard(page: Page, shortId: string) {
  return page.getByTestId('order-card').filter({ hasText: `Order #${shortId}` });
}
