/**
 * Signing in for the browser tests, through the real development identity provider.
 *
 * - `signInThroughPages`: as a shopper does it, Sign In → the 'Development sign-in' page → type the
 *   email → Sign in → back in the shop. The specs that test signing in use it (auth.spec.ts).
 * - `signIn`: the same OpenID Connect flow driven with the browser context's own HTTP client (its
 *   cookies are the page's), without drawing the provider's page; a demo account's session is made
 *   once per worker and its cookies reused (a storage state), so most specs pay nothing for it.
 *   Then the page opens `returnTo`, signed in.
 */
import { expect, type BrowserContext, type Cookie, type Page } from '@playwright/test';
import { uniqueWord } from './unique';

export const DEMO = {
  admin: 'admin@example.com',
  inventory: 'inventory@example.com',
  sales: 'sales@example.com',
  customer: 'customer@example.com',
} as const;

const DEMO_EMAILS = new Set<string>(Object.values(DEMO));

/** The shop's session cookie: `shop_sid`, `__Host-shop_sid` over https (apps/api/src/modules/auth/sessions.ts). */
const SESSION_COOKIE = /^(?:__Host-)?shop_sid$/;

/** Per worker: the shop's cookies of each demo account's session, by shop origin and email, made on first use. */
const demoSessions = new Map<string, Cookie[]>();

/**
 * Drops the shop's session cookie from `context` before a sign-in: the shop ends the session a
 * sign-in starts from (a new id at sign-in), and that may be a demo account's saved one.
 */
async function leaveSession(context: BrowserContext) {
  await context.clearCookies({ name: SESSION_COOKIE });
}

export async function signInThroughPages(page: Page, email: string, returnTo = '/') {
  await leaveSession(page.context());
  await page.goto(`/api/login?returnTo=${encodeURIComponent(returnTo)}`);
  await expect(page).toHaveTitle(/Development sign-in/);
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/oidc') && !url.pathname.startsWith('/api/'));
}

/** The HTML entities the provider's page escapes in a form's action. */
const unescapeHtml = (text: string) =>
  text.replace(/&amp;/g, '&').replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>');

/**
 * The sign-in flow over HTTP in `context`: /api/login → the provider's sign-in page → its form
 * posted with `email` → /api/callback, which sets the shop's session cookie in the context.
 */
async function signInOverHttp(context: BrowserContext, email: string) {
  await leaveSession(context);
  const login = await context.request.get('/api/login?returnTo=%2F');
  const html = await login.text();
  expect(html, 'the development sign-in page').toContain('Development sign-in');
  const action = /<form method="post" action="([^"]+)" novalidate>/.exec(html)?.[1];
  if (!action) throw new Error(`No sign-in form at ${login.url()}`);
  const done = await context.request.post(new URL(unescapeHtml(action), login.url()).href, { form: { email } });
  expect(done.ok(), `signing in ${email} ended with ${done.status()} at ${done.url()}`).toBe(true);
  expect(new URL(done.url()).pathname, `signing in ${email}`).toBe('/');
}

/** The shop's session cookie in `context` (not the identity provider's own). */
async function sessionCookies(context: BrowserContext): Promise<Cookie[]> {
  return (await context.cookies()).filter((cookie) => SESSION_COOKIE.test(cookie.name));
}

/**
 * The origin the context's relative URLs go to: the worker's shop, or another api a spec started.
 * Cookies do not tell ports apart, so a saved session is only ever given back to its own shop.
 */
async function shopOrigin(context: BrowserContext): Promise<string> {
  return new URL((await context.request.get('/api/health')).url()).origin;
}

export async function signIn(page: Page, email: string, returnTo = '/') {
  const context = page.context();
  const key = DEMO_EMAILS.has(email) ? `${await shopOrigin(context)} ${email}` : undefined;
  const saved = key && demoSessions.get(key);
  if (saved) {
    await context.addCookies(saved);
  } else {
    await signInOverHttp(context, email);
    if (key) demoSessions.set(key, await sessionCookies(context));
  }
  await page.goto(returnTo);
}

/** A unique email for a fresh customer, so tests never share one. */
export function freshEmail(prefix = 'shopper'): string {
  return `${prefix}-${uniqueWord()}@example.com`;
}
