/**
 * The whole sign-in over real HTTP against the development identity provider: a browser (fetch +
 * a cookie jar) walks /api/login → the provider's page → the email form → /api/callback.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { UserEntity } from '@shop/db';
import { startTestApp, type TestApp } from '../../test/test-app';
import { CookieJar } from '../../test/cookie-jar';
import { follow, openSignInPage, send, signIn, submitEmail } from '../../test/sign-in';
import { SIGN_IN_FAILED_PATH } from './auth.routes';
import { DEV_IDENTITY_ISSUER } from './dev-provider/dev-provider';
import { sessionKey } from './session-store';

let shop: TestApp;

beforeAll(async () => {
  shop = await startTestApp({
    env: {
      ADMIN_EMAILS: 'Boss@Example.com, other-admin@example.com',
      // This file changes users, roles and sessions straight in the database, behind the api's back
      // (no announcement): with the auth cache off, each change applies at the next request. The
      // cache itself: modules/identity/auth-cache.test.ts, resilience/two-instances-auth.test.ts.
      AUTH_CACHE_MS: '0',
    },
  });
});
afterAll(async () => {
  await shop?.close();
});

const sessionRows = async () =>
  Number((await shop.dataSource.query('SELECT count(*) AS n FROM sessions'))[0].n);

/** Signs in up to the callback and returns the callback URL without requesting it. */
async function reachCallback(jar: CookieJar, email: string, returnTo?: string): Promise<URL> {
  const { pageUrl } = await openSignInPage(shop.baseUrl, jar, returnTo);
  const { hops } = await follow(
    shop.baseUrl,
    jar,
    pageUrl,
    {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ email }).toString(),
    },
    { stopAt: (next) => next.pathname === '/api/callback' },
  );
  const location = hops.at(-1)!.location!;
  const callback = new URL(location, shop.baseUrl);
  expect(callback.pathname).toBe('/api/callback');
  return callback;
}

describe('signing in through the development provider', () => {
  test('login → sign-in page → email → callback → signed in as the seeded admin', async () => {
    const jar = new CookieJar();
    const before = await sessionRows();

    const login = await send(shop.baseUrl, jar, '/api/login');
    expect(login.status).toBe(302);
    const authorize = new URL(login.headers.get('location')!);
    expect(authorize.origin).toBe(shop.baseUrl);
    expect(authorize.pathname).toBe('/oidc/auth');
    expect(authorize.searchParams.get('redirect_uri')).toBe(`${shop.baseUrl}/api/callback`);
    expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authorize.searchParams.get('state')).toBeTruthy();
    expect(authorize.searchParams.get('nonce')).toBeTruthy();
    // The pending sign-in is a signed, HttpOnly cookie for the callback only; no session row.
    const loginCookie = login.headers.getSetCookie().find((c) => c.startsWith('shop_login='))!;
    expect(loginCookie).toMatch(/HttpOnly/i);
    expect(loginCookie).toMatch(/Path=\/api\/callback/);
    expect(loginCookie).toMatch(/SameSite=Lax/i);
    expect(login.headers.getSetCookie().some((c) => c.startsWith('shop_sid='))).toBe(false);
    expect(await sessionRows()).toBe(before);

    const { pageUrl, html } = await openSignInPage(shop.baseUrl, jar);
    expect(html).toContain('<title>Development sign-in</title>');
    expect(html).toMatch(/<h1>Development sign-in<\/h1>/);
    expect(html).toMatch(/<label for="email">Email<\/label>/);
    expect(html).toMatch(/<input id="email" name="email" type="email"/);
    expect(html).toMatch(/<button type="submit" class="primary">Sign in<\/button>/);
    for (const email of [
      'admin@example.com',
      'inventory@example.com',
      'sales@example.com',
      'customer@example.com',
    ]) {
      expect(html).toContain(`value="${email}"`);
    }
    const page = await send(shop.baseUrl, jar, pageUrl);
    const csp = page.headers.get('content-security-policy')!;
    expect(csp).toContain(`form-action 'self' ${shop.baseUrl}`);
    expect(csp).not.toContain('upgrade-insecure-requests');

    const { response, hops } = await submitEmail(shop.baseUrl, jar, pageUrl, 'admin@example.com');
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe('/');
    expect(hops.map((hop) => new URL(hop.url).pathname)).toContain('/api/callback');
    const sessionCookie = response.headers.getSetCookie().find((c) => c.startsWith('shop_sid='))!;
    expect(sessionCookie).toMatch(/HttpOnly/i);
    expect(sessionCookie).toMatch(/SameSite=Lax/i);
    expect(sessionCookie).not.toMatch(/Secure/i); // plain http: secure 'auto'

    const me = await send(shop.baseUrl, jar, '/api/auth/user');
    expect(me.status).toBe(200);
    expect(await me.json()).toMatchObject({
      email: 'admin@example.com',
      firstName: 'Ada',
      lastName: 'Admin',
      role: 'admin',
      profileImageUrl: null,
    });
    expect(await sessionRows()).toBe(before + 1);
    const row = await shop.dataSource.manager.findOneByOrFail(UserEntity, { email: 'admin@example.com' });
    expect(row).toMatchObject({ authIssuer: DEV_IDENTITY_ISSUER, authSubject: 'admin@example.com' });
  });

  test('a new email becomes a customer; the same email again is the same user', async () => {
    const first = await signIn(shop.baseUrl, 'Fresh.Shopper@Example.com');
    expect(first.user).toMatchObject({
      email: 'fresh.shopper@example.com',
      role: 'customer',
      firstName: null,
    });
    const again = await signIn(shop.baseUrl, 'fresh.shopper@example.com');
    expect(again.user.id).toBe(first.user.id);
    expect(again.cookie).not.toBe(first.cookie);
  });

  test('the demo staff accounts get their seeded roles', async () => {
    expect((await signIn(shop.baseUrl, 'inventory@example.com')).user.role).toBe('inventory_manager');
    expect((await signIn(shop.baseUrl, 'sales@example.com')).user.role).toBe('sales_manager');
    expect((await signIn(shop.baseUrl, 'customer@example.com')).user.role).toBe('customer');
  });

  test('an email in ADMIN_EMAILS becomes admin', async () => {
    const boss = await signIn(shop.baseUrl, 'boss@example.com');
    expect(boss.user.role).toBe('admin');
  });

  test('a user an admin created first is claimed by verified email at the first sign-in', async () => {
    const created = await shop.dataSource.manager.save(
      shop.dataSource.manager.create(UserEntity, {
        email: 'pre.created@example.com',
        firstName: 'Pre',
        lastName: 'Created',
        role: 'sales_manager',
      }),
    );
    const signedIn = await signIn(shop.baseUrl, 'pre.created@example.com');
    expect(signedIn.user).toMatchObject({
      id: created.id,
      role: 'sales_manager',
      firstName: 'Pre',
      lastName: 'Created',
    });
    const row = await shop.dataSource.manager.findOneByOrFail(UserEntity, { id: created.id });
    expect(row.authSubject).toBe('pre.created@example.com');
  });

  test('returnTo: a same-origin path is where the sign-in lands', async () => {
    const jar = new CookieJar();
    const callback = await reachCallback(jar, 'customer@example.com', '/orders?page=2');
    const response = await send(shop.baseUrl, jar, callback.href);
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe('/orders?page=2');
  });

  test.each([
    '//evil.com',
    'https://evil.com',
    '/\\evil.com',
    '/.//evil.com',
    'javascript:alert(1)',
    '/api/logout',
  ])('returnTo %s is ignored: no session at login, and the sign-in lands on /', async (returnTo) => {
    const jar = new CookieJar();
    const before = await sessionRows();
    const login = await send(shop.baseUrl, jar, `/api/login?returnTo=${encodeURIComponent(returnTo)}`);
    expect(login.status).toBe(302);
    expect(new URL(login.headers.get('location')!).origin).toBe(shop.baseUrl);
    expect(await sessionRows()).toBe(before);

    const callback = await reachCallback(jar, 'customer@example.com', returnTo);
    const response = await send(shop.baseUrl, jar, callback.href);
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe('/');
  });
});

describe('a sign-in that must fail leaves the visitor signed out', () => {
  async function expectFailed(response: Response, jar: CookieJar) {
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe(SIGN_IN_FAILED_PATH);
    expect(response.headers.getSetCookie().some((c) => c.startsWith('shop_sid='))).toBe(false);
    expect((await send(shop.baseUrl, jar, '/api/auth/user')).status).toBe(401);
  }

  test('a wrong state', async () => {
    const jar = new CookieJar();
    const callback = await reachCallback(jar, 'customer@example.com');
    callback.searchParams.set('state', 'not-the-state-we-sent');
    const before = await sessionRows();
    await expectFailed(await send(shop.baseUrl, jar, callback.href), jar);
    expect(await sessionRows()).toBe(before);
  });

  test('a missing state parameter', async () => {
    const jar = new CookieJar();
    const callback = await reachCallback(jar, 'customer@example.com');
    callback.searchParams.delete('state');
    await expectFailed(await send(shop.baseUrl, jar, callback.href), jar);
  });

  test('no pending sign-in (login-state cookie missing), e.g. a callback link opened in another browser', async () => {
    const jar = new CookieJar();
    const callback = await reachCallback(jar, 'customer@example.com');
    jar.delete('shop_login');
    await expectFailed(await send(shop.baseUrl, jar, callback.href), jar);
  });

  test('a forged login-state cookie', async () => {
    const jar = new CookieJar();
    const callback = await reachCallback(jar, 'customer@example.com');
    const forged = Buffer.from(
      JSON.stringify({
        state: callback.searchParams.get('state'),
        nonce: 'n',
        codeVerifier: 'x'.repeat(43),
        returnTo: '/',
        expiresAt: Date.now() + 60_000,
      }),
    ).toString('base64url');
    jar.set('shop_login', `${forged}.not-a-signature`, '/api/callback');
    await expectFailed(await send(shop.baseUrl, jar, callback.href), jar);
  });

  test('a replayed authorization code', async () => {
    const jar = new CookieJar();
    const callback = await reachCallback(jar, 'customer@example.com');
    const saved = jar.clone(); // still holds the login-state cookie
    const first = await send(shop.baseUrl, jar, callback.href);
    expect(first.status).toBe(303);
    expect(first.headers.get('location')).toBe('/');

    const replayJar = saved.clone();
    await expectFailed(await send(shop.baseUrl, replayJar, callback.href), replayJar);
    // The login-state cookie is single use too: the first browser cannot replay it either.
    const again = await send(shop.baseUrl, jar, callback.href);
    expect(again.headers.get('location')).toBe(SIGN_IN_FAILED_PATH);
  });

  test('the visitor cancels at the provider', async () => {
    const jar = new CookieJar();
    const { pageUrl } = await openSignInPage(shop.baseUrl, jar);
    const { response } = await follow(
      shop.baseUrl,
      jar,
      `${pageUrl}/abort`,
      { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: '' },
      { stopAt: (next) => next.pathname !== '/api/callback' && !next.pathname.startsWith('/oidc/') },
    );
    await expectFailed(response, jar);
  });

  test('an invalid email shows the page again with a message', async () => {
    const jar = new CookieJar();
    const { pageUrl } = await openSignInPage(shop.baseUrl, jar);
    const response = await send(shop.baseUrl, jar, pageUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'email=not-an-email',
    });
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toContain('Development sign-in');
    expect(html).toContain('role="alert"');
    expect(html).toContain('value="not-an-email"');
  });

  test('the sign-in page without its interaction cookie says the sign-in expired', async () => {
    const jar = new CookieJar();
    const { pageUrl } = await openSignInPage(shop.baseUrl, jar);
    const response = await send(shop.baseUrl, new CookieJar(), pageUrl);
    expect(response.status).toBe(400);
    expect(await response.text()).toContain('This sign-in has expired');
  });
});

describe('sessions', () => {
  test('signing in again replaces the session id; the old cookie is signed out (no fixation)', async () => {
    const jar = new CookieJar();
    const first = await signIn(shop.baseUrl, 'customer@example.com', { jar });
    const oldCookie = first.cookie;

    const second = await signIn(shop.baseUrl, 'admin@example.com', { jar });
    expect(second.cookie).not.toBe(oldCookie);
    expect(second.user.role).toBe('admin');

    const replay = await fetch(`${shop.baseUrl}/api/auth/user`, { headers: { cookie: oldCookie } });
    expect(replay.status).toBe(401);
  });

  test('a session id planted before sign-in is not the one after', async () => {
    const jar = new CookieJar();
    jar.set('shop_sid', 'attacker-chosen-id.signature');
    const signedIn = await signIn(shop.baseUrl, 'customer@example.com', { jar });
    expect(signedIn.cookie).not.toContain('attacker-chosen-id');
  });

  test('logout destroys the session, replaying the old cookie gives 401, and the provider session ends', async () => {
    const jar = new CookieJar();
    const signedIn = await signIn(shop.baseUrl, 'customer@example.com', { jar });
    const rows = await sessionRows();

    // fetch() says it is a script (Sec-Fetch-Mode: cors), so it signs out the way a page's form would.
    const logout = await send(shop.baseUrl, jar, '/api/logout', {
      method: 'POST',
      headers: { origin: shop.baseUrl },
    });
    expect(logout.status).toBe(303);
    expect(logout.headers.getSetCookie().some((c) => /^shop_sid=;/.test(c))).toBe(true);
    expect(await sessionRows()).toBe(rows - 1);
    const replay = await fetch(`${shop.baseUrl}/api/auth/user`, { headers: { cookie: signedIn.cookie } });
    expect(replay.status).toBe(401);
    expect(await replay.json()).toEqual({ message: 'Unauthorized', code: 'UNAUTHORIZED' });

    // RP-initiated logout at the provider: its page posts itself, then the visitor lands on '/'.
    const endSession = new URL(logout.headers.get('location')!);
    expect(endSession.pathname).toBe('/oidc/session/end');
    expect(endSession.searchParams.get('post_logout_redirect_uri')).toBe(`${shop.baseUrl}/`);
    const logoutPage = await send(shop.baseUrl, jar, endSession.href);
    expect(logoutPage.status).toBe(200);
    const html = await logoutPage.text();
    const csp = logoutPage.headers.get('content-security-policy')!;
    expect(csp).toMatch(/script-src 'self' 'sha256-/); // the auto-submit script is allowed by hash
    const action = html.match(/action="([^"]+)"/)![1]!;
    const xsrf = html.match(/name="xsrf" value="([^"]+)"/)![1]!;
    const confirm = await send(shop.baseUrl, jar, action, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ xsrf, logout: 'yes' }).toString(),
    });
    expect(confirm.status).toBe(303);
    expect(confirm.headers.get('location')).toBe(`${shop.baseUrl}/`);

    expect(jar.get('_session')).toBeUndefined(); // the provider's session cookie is gone
  });

  test('logout when signed out just lands on the provider logout, no error', async () => {
    const response = await send(shop.baseUrl, new CookieJar(), '/api/logout', {
      method: 'POST',
      headers: { origin: shop.baseUrl },
    });
    expect(response.status).toBe(303);
  });

  test('anonymous requests create no session row', async () => {
    const before = await sessionRows();
    const jar = new CookieJar();
    for (const path of [
      '/api/products',
      '/api/categories',
      '/api/health',
      '/api/auth/user',
      '/api/login',
      '/api/login',
    ]) {
      const response = await send(shop.baseUrl, jar, path);
      expect(response.headers.getSetCookie().some((c) => c.startsWith('shop_sid='))).toBe(false);
    }
    await openSignInPage(shop.baseUrl, jar); // provider cookies only
    expect(jar.get('shop_sid')).toBeUndefined();
    expect(await sessionRows()).toBe(before);
  });

  test('a session whose user was deleted is anonymous', async () => {
    const signedIn = await signIn(shop.baseUrl, 'short-lived@example.com');
    await shop.dataSource.manager.delete(UserEntity, { id: signedIn.user.id });
    const response = await fetch(`${shop.baseUrl}/api/auth/user`, { headers: { cookie: signedIn.cookie } });
    expect(response.status).toBe(401);
  });

  test('a role change applies on the next request', async () => {
    const signedIn = await signIn(shop.baseUrl, 'promoted@example.com');
    expect(signedIn.user.role).toBe('customer');
    await shop.dataSource.manager.update(UserEntity, { id: signedIn.user.id }, { role: 'inventory_manager' });
    const response = await fetch(`${shop.baseUrl}/api/auth/user`, { headers: { cookie: signedIn.cookie } });
    expect(((await response.json()) as { role: string }).role).toBe('inventory_manager');
  });

  test('an expired session is ignored, then pruned', async () => {
    const { pruneExpiredSessions } = await import('./session-store');
    const signedIn = await signIn(shop.baseUrl, 'expiring@example.com');
    const sid = sessionKey(decodeURIComponent(signedIn.cookie.slice('shop_sid='.length)).split('.')[0]!);
    await shop.dataSource.query(
      `UPDATE sessions SET expire = now() AT TIME ZONE 'UTC' - interval '1 minute' WHERE sid = $1`,
      [sid],
    );
    const response = await fetch(`${shop.baseUrl}/api/auth/user`, { headers: { cookie: signedIn.cookie } });
    expect(response.status).toBe(401);
    expect(await pruneExpiredSessions(shop.dataSource)).toBeGreaterThanOrEqual(1);
    expect((await shop.dataSource.query('SELECT 1 FROM sessions WHERE sid = $1', [sid])).length).toBe(0);
  });

  test('the session row expires after SESSION_TTL_HOURS and holds only the user id', async () => {
    const signedIn = await signIn(shop.baseUrl, 'ttl@example.com');
    const sid = sessionKey(decodeURIComponent(signedIn.cookie.slice('shop_sid='.length)).split('.')[0]!);
    const [row] = await shop.dataSource.query(
      `SELECT sess, extract(epoch FROM (expire - now() AT TIME ZONE 'UTC')) AS seconds FROM sessions WHERE sid = $1`,
      [sid],
    );
    const hours = Number(row.seconds) / 3600;
    expect(hours).toBeGreaterThan(shop.env.SESSION_TTL_HOURS - 0.1);
    expect(hours).toBeLessThanOrEqual(shop.env.SESSION_TTL_HOURS);
    expect(Object.keys(row.sess).sort()).toEqual(['cookie', 'userId']);
    expect(row.sess.userId).toBe(signedIn.user.id);
  });
});

describe('a profile email change does not change who signs in', () => {
  async function changeEmail(cookie: string, email: string) {
    const response = await fetch(`${shop.baseUrl}/api/user/profile`, {
      method: 'PATCH',
      headers: { cookie, 'content-type': 'application/json' },
      body: JSON.stringify({ email }),
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ pendingEmail: email.toLowerCase() });
  }

  test('a shopper who types an ADMIN_EMAILS address stays a customer with their email; its owner signs in', async () => {
    const shopper = await signIn(shop.baseUrl, 'email-changer@example.com');
    await changeEmail(shopper.cookie, 'Other-Admin@example.com');

    const again = await signIn(shop.baseUrl, 'email-changer@example.com');
    expect(again.user).toMatchObject({
      id: shopper.user.id,
      email: 'email-changer@example.com',
      role: 'customer',
    });

    // The address waits for its link (issue 32), so its real owner, verified by the provider, signs
    // in to an account of their own instead of being refused.
    const owner = await signIn(shop.baseUrl, 'other-admin@example.com');
    expect(owner.user.id).not.toBe(shopper.user.id);
    expect(owner.user.email).toBe('other-admin@example.com');
    const row = await shop.dataSource.manager.findOneByOrFail(UserEntity, { id: shopper.user.id });
    expect(row).toMatchObject({ role: 'customer', authSubject: 'email-changer@example.com' });
  });

  test('a shopper who confirms a new email signs in to the same account, with the new email kept', async () => {
    const shopper = await signIn(shop.baseUrl, 'changer-two@example.com');
    await changeEmail(shopper.cookie, 'changer-two-new@example.com');
    const [mail] = await shop.dataSource.query(
      `SELECT text FROM sent_emails WHERE kind = 'email_change' AND recipient = 'changer-two-new@example.com'`,
    );
    const token = /confirm-email=([A-Za-z0-9_-]+)/.exec(mail.text)![1];
    const confirmed = await fetch(`${shop.baseUrl}/trpc/profile.confirmEmail`, {
      method: 'POST',
      headers: { cookie: shopper.cookie, 'content-type': 'application/json' },
      body: JSON.stringify({ token }),
    });
    expect(confirmed.status).toBe(200);
    const again = await signIn(shop.baseUrl, 'changer-two@example.com');
    expect(again.user.id).toBe(shopper.user.id);
    expect(again.user.email).toBe('changer-two-new@example.com');
  });
});

test('signed out, GET /api/auth/user is 401 in the documented shape', async () => {
  const response = await fetch(`${shop.baseUrl}/api/auth/user`);
  expect(response.status).toBe(401);
  expect(await response.json()).toEqual({ message: 'Unauthorized', code: 'UNAUTHORIZED' });
});
