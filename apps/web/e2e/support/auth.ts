/**
 * Signing in through the real development identity provider, as a shopper would: Sign In → the
 * 'Development sign-in' page → type the email → Sign in → back in the shop.
 */
import { expect, type Page } from '@playwright/test';
import { uniqueWord } from './unique';

export const DEMO = {
  admin: 'admin@example.com',
  inventory: 'inventory@example.com',
  sales: 'sales@example.com',
  customer: 'customer@example.com',
} as const;

export async function signIn(page: Page, email: string, returnTo = '/') {
  await page.goto(`/api/login?returnTo=${encodeURIComponent(returnTo)}`);
  await expect(page).toHaveTitle(/Development sign-in/);
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/oidc') && !url.pathname.startsWith('/api/'));
}

/** A unique email for a fresh customer, so tests never share one. */
export function freshEmail(prefix = 'shopper'): string {
  return `${prefix}-${uniqueWord()}@example.com`;
}
