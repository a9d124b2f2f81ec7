/**
 * Sign in as anyone in a test, through the real sign-in flow (api → development identity
 * provider → callback), and get back the cookies of the signed-in browser.
 *
 * Over HTTP, against a listening server:
 *
 *   const shop = await startTestApp();                         // ./test-app.ts
 *   const admin = await signIn(shop.baseUrl, 'admin@example.com');
 *   await fetch(`${shop.baseUrl}/api/users`, { headers: { cookie: admin.cookie } });
 *   await fetch(`${shop.baseUrl}/api/user/addresses`, {          // writes need JSON
 *     method: 'POST', headers: { cookie: admin.cookie, 'content-type': 'application/json' }, body: '{…}' });
 *
 * In-process, without a socket (same flow through `app.inject`):
 *
 *   const shop = await startTestApp({ listen: false });
 *   const customer = await signIn(shop.app, 'someone-new@example.com');  // a new email → customer
 *   await shop.app.inject({ url: '/api/orders', headers: { cookie: customer.cookie } });
 *
 * The four demo accounts (admin@, inventory@, sales@, customer@example.com) have their seeded
 * roles; any other email becomes a new customer (or admin when listed in ADMIN_EMAILS). Each call
 * is a new browser (its own jar) unless you pass `{ jar }`. It takes ~6 requests, all local.
 * Each sign-in counts once against LOGIN_RATE_LIMIT_PER_MINUTE, which startTestApp sets high.
 */
import type { FastifyInstance } from 'fastify';
import type { CurrentUserDto } from '@shop/schema';
import { CookieJar } from './cookie-jar';

export interface SignedIn {
  /** The browser's cookies after signing in (session, provider cookies). */
  jar: CookieJar;
  /** `shop_sid=…`: the Cookie header for any api request. */
  cookie: string;
  /** What GET /api/auth/user answers for this session. */
  user: CurrentUserDto;
}

/** A base URL (`http://127.0.0.1:1234`) or the app itself (requests go through `app.inject`). */
export type Target = string | FastifyInstance;

export interface Hop {
  url: string;
  status: number;
  location: string | null;
}

const INJECT_ORIGIN = 'http://localhost';

export function baseUrlOf(target: Target): string {
  return typeof target === 'string' ? target.replace(/\/$/, '') : INJECT_ORIGIN;
}

/** One request with the jar's cookies, no redirect following; Set-Cookie goes into the jar. */
export async function send(
  target: Target,
  jar: CookieJar,
  url: string,
  init: RequestInit = {},
): Promise<Response> {
  const absolute = new URL(url, baseUrlOf(target)).href;
  const headers = new Headers(init.headers);
  const cookie = jar.header(absolute);
  if (cookie) headers.set('cookie', cookie);
  const response =
    typeof target === 'string'
      ? await fetch(absolute, { ...init, headers, redirect: 'manual' })
      : await injectAsFetch(target, absolute, { ...init, headers });
  jar.store(response, absolute);
  return response;
}

/**
 * The provider's self-submitting pages (e.g. when the browser switches from one signed-in account
 * to another, oidc-provider first ends the old provider session with a form that posts itself).
 * A browser runs the script; here the form is read and posted.
 */
function autoSubmitForm(html: string, pageUrl: URL): { action: URL; body: string } | null {
  if (!html.includes('document.forms[0].submit()')) return null;
  const form = html.match(/<form[^>]*method="post"[^>]*action="([^"]+)"[^>]*>([\s\S]*?)<\/form>/i);
  if (!form) return null;
  const fields = new URLSearchParams();
  for (const input of form[2]!.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"/g)) {
    fields.append(
      input[1]!,
      input[2]!
        .replace(/&quot;/g, '"')
        .replace(/&#39;/g, "'")
        .replace(/&lt;/g, '<')
        .replace(/&gt;/g, '>')
        .replace(/&amp;/g, '&'),
    );
  }
  return { action: new URL(form[1]!.replace(/&amp;/g, '&'), pageUrl), body: fields.toString() };
}

/**
 * Follows redirects (GET after each, as a browser does after 302/303) and the provider's
 * self-submitting forms while they stay on the test server, up to `limit` hops. Returns the last
 * response (body unread) and every hop.
 */
export async function follow(
  target: Target,
  jar: CookieJar,
  url: string,
  init: RequestInit = {},
  options: { limit?: number; stopAt?: (url: URL) => boolean } = {},
): Promise<{ response: Response; hops: Hop[] }> {
  const base = new URL(baseUrlOf(target));
  const hops: Hop[] = [];
  let current = new URL(url, base);
  let response = await send(target, jar, current.href, init);
  for (let i = 0; i < (options.limit ?? 20); i++) {
    const location = response.headers.get('location');
    hops.push({ url: current.href, status: response.status, location });

    if (response.status === 200 && current.pathname.startsWith('/oidc/')) {
      const html = await response.text();
      const form = autoSubmitForm(html, current);
      if (!form || form.action.origin !== base.origin) {
        response = new Response(html, { status: response.status, headers: response.headers });
        break;
      }
      current = form.action;
      response = await send(target, jar, current.href, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: form.body,
      });
      continue;
    }

    if (response.status < 300 || response.status >= 400 || !location) break;
    const next = new URL(location, current);
    if (next.origin !== base.origin || options.stopAt?.(next)) break;
    await response.arrayBuffer();
    current = next;
    response = await send(target, jar, current.href);
  }
  return { response, hops };
}

/** Starts a sign-in and stops on the provider's sign-in page; returns the page's URL. */
export async function openSignInPage(
  target: Target,
  jar: CookieJar,
  returnTo?: string,
): Promise<{ pageUrl: string; html: string; hops: Hop[] }> {
  const login = returnTo ? `/api/login?returnTo=${encodeURIComponent(returnTo)}` : '/api/login';
  const { response, hops } = await follow(target, jar, login);
  const html = await response.text();
  const last = hops.at(-1)!;
  if (response.status !== 200 || !new URL(last.url).pathname.startsWith('/oidc/interaction/')) {
    throw new Error(
      `Expected the development sign-in page, got ${response.status} at ${last.url}: ${html.slice(0, 200)}`,
    );
  }
  return { pageUrl: last.url, html, hops };
}

/** Submits the sign-in page's email form and follows back to the shop (stops at the landing page). */
export async function submitEmail(
  target: Target,
  jar: CookieJar,
  pageUrl: string,
  email: string,
): Promise<{ response: Response; hops: Hop[] }> {
  return follow(
    target,
    jar,
    pageUrl,
    {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ email }).toString(),
    },
    // Stop once back from the callback: the landing page is the SPA, not the api's business.
    { stopAt: (next) => !next.pathname.startsWith('/oidc/') && next.pathname !== '/api/callback' },
  );
}

/** Signs in as `email` and returns the signed-in browser. Throws when the sign-in did not work. */
export async function signIn(
  target: Target,
  email: string,
  options: { jar?: CookieJar; returnTo?: string } = {},
): Promise<SignedIn> {
  const jar = options.jar ?? new CookieJar();
  const { pageUrl } = await openSignInPage(target, jar, options.returnTo);
  const { hops } = await submitEmail(target, jar, pageUrl, email);
  const me = await send(target, jar, '/api/auth/user');
  if (me.status !== 200) {
    throw new Error(
      `Sign-in as ${email} failed (GET /api/auth/user → ${me.status}); hops: ${JSON.stringify(hops)}`,
    );
  }
  const session = jar.get('shop_sid')!;
  return { jar, cookie: `shop_sid=${session}`, user: (await me.json()) as CurrentUserDto };
}

/** fetch() semantics over `app.inject`, so one helper serves both kinds of test. */
async function injectAsFetch(app: FastifyInstance, url: string, init: RequestInit): Promise<Response> {
  const target = new URL(url);
  const headers: Record<string, string> = {};
  new Headers(init.headers).forEach((value, name) => (headers[name] = value));
  headers.host ??= target.host;
  const result = await app.inject({
    method: (init.method ?? 'GET') as 'GET',
    url: `${target.pathname}${target.search}`,
    headers,
    ...(typeof init.body === 'string' && { payload: init.body }),
  });
  const responseHeaders = new Headers();
  for (const [name, value] of Object.entries(result.headers)) {
    if (value === undefined) continue;
    for (const item of Array.isArray(value) ? value : [value]) responseHeaders.append(name, String(item));
  }
  const noBody = result.statusCode === 204 || result.statusCode === 304;
  return new Response(noBody ? null : result.rawPayload, {
    status: result.statusCode,
    headers: responseHeaders,
  });
}
