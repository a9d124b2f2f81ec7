/**
 * The per-instance auth cache (auth-cache.ts): what it keeps, for how long, and that every change
 * made through the api is honoured at the caller's next request on the same instance (at COMMIT,
 * before the change's own answer). Across instances: resilience/two-instances-auth.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/test-app';
import { signIn, type SignedIn } from '../../test/sign-in';
import { AuthCache, type CachedSession } from './auth-cache';

const session = (userId: string, expireMs = Date.now() + 60_000): CachedSession => ({
  sess: { userId },
  lastSeenAt: Date.now(),
  expireMs,
  userId,
});

describe('AuthCache', () => {
  it('keeps an entry for ttlMs at most, and never a session past its expiry', () => {
    const cache = new AuthCache(1000);
    cache.putSession('k', session('u1'), cache.epoch);
    cache.putUser('u1', { id: 'u1' }, cache.epoch);
    expect(cache.getSession('k')).toBeDefined();
    expect(cache.getUser('u1')).toEqual({ id: 'u1' });
    expect(cache.getSession('k', Date.now() + 1001)).toBeUndefined();
    expect(cache.getUser('u1', Date.now() + 1001)).toBeUndefined();

    cache.putSession('expiring', session('u2', Date.now() + 10), cache.epoch);
    expect(cache.getSession('expiring', Date.now() + 11)).toBeUndefined();
  });

  it('does not cache a read that began before an invalidation', () => {
    const cache = new AuthCache(1000);
    const epoch = cache.epoch;
    cache.forget(['u1']);
    cache.putUser('u1', { role: 'admin' }, epoch);
    cache.putSession('k', session('u1'), epoch);
    expect(cache.getUser('u1')).toBeUndefined();
    expect(cache.getSession('k')).toBeUndefined();
  });

  it("forgets a user's row and every session of theirs, or everything", () => {
    const cache = new AuthCache(1000);
    cache.putSession('a1', session('a'), cache.epoch);
    cache.putSession('a2', session('a'), cache.epoch);
    cache.putSession('b1', session('b'), cache.epoch);
    cache.putUser('a', {}, cache.epoch);
    cache.putUser('b', {}, cache.epoch);
    cache.forget(['a']);
    expect(cache.size).toEqual({ sessions: 1, users: 1 });
    expect(cache.getSession('b1')).toBeDefined();
    cache.forget(null);
    expect(cache.size).toEqual({ sessions: 0, users: 0 });
  });

  it('holds at most maxEntries, dropping the oldest first', () => {
    const cache = new AuthCache(1000, 3);
    for (const id of ['u1', 'u2', 'u3', 'u4']) cache.putUser(id, { id }, cache.epoch);
    expect(cache.size.users).toBe(3);
    expect(cache.getUser('u1')).toBeUndefined();
    expect(cache.getUser('u4')).toEqual({ id: 'u4' });
  });

  it('keeps nothing when off (ttlMs 0)', () => {
    const cache = new AuthCache(0);
    cache.putUser('u1', {}, cache.epoch);
    cache.putSession('k', session('u1'), cache.epoch);
    expect(cache.size).toEqual({ sessions: 0, users: 0 });
  });
});

describe('the auth cache in the api (one instance)', () => {
  let shop: TestApp;
  let admin: SignedIn;

  beforeAll(async () => {
    // A minute: whatever applies at the next request below does so because it was announced.
    shop = await startTestApp({ env: { AUTH_CACHE_MS: '60000' } });
    admin = await signIn(shop.baseUrl, 'admin@example.com');
  });
  afterAll(async () => {
    await shop?.close();
  });

  const me = (who: SignedIn) => fetch(`${shop.baseUrl}/api/auth/user`, { headers: { cookie: who.cookie } });
  const asAdmin = (method: string, path: string, body?: unknown) =>
    fetch(`${shop.baseUrl}${path}`, {
      method,
      headers: {
        cookie: admin.cookie,
        origin: shop.baseUrl,
        ...(body !== undefined && { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });

  it('serves a signed-in request from the cache: a change behind the api’s back is not read', async () => {
    const shopper = await signIn(shop.baseUrl, 'cached-reader@example.com');
    expect((await me(shopper)).status).toBe(200);
    await shop.dataSource.query(`UPDATE users SET first_name = 'Behind' WHERE id = $1`, [shopper.user.id]);
    expect(((await (await me(shopper)).json()) as { firstName: string | null }).firstName).not.toBe('Behind');
  });

  it('a role change through the api applies at the next request', async () => {
    const staff = await signIn(shop.baseUrl, 'cached-promoted@example.com');
    const lowStock = () =>
      fetch(`${shop.baseUrl}/api/products/low-stock`, { headers: { cookie: staff.cookie } });
    expect((await lowStock()).status).toBe(403);
    expect((await asAdmin('PUT', `/api/users/${staff.user.id}`, { role: 'inventory_manager' })).status).toBe(
      200,
    );
    expect((await lowStock()).status).toBe(200);
    expect((await asAdmin('PUT', `/api/users/${staff.user.id}`, { role: 'customer' })).status).toBe(200);
    expect((await lowStock()).status).toBe(403);
  });

  it('a user deleted, or signed out everywhere, by an admin is anonymous at the next request', async () => {
    const signedOut = await signIn(shop.baseUrl, 'cached-signed-out@example.com');
    expect((await me(signedOut)).status).toBe(200);
    expect((await asAdmin('DELETE', `/api/users/${signedOut.user.id}/sessions`)).status).toBe(200);
    expect((await me(signedOut)).status).toBe(401);

    const deleted = await signIn(shop.baseUrl, 'cached-deleted@example.com');
    expect((await me(deleted)).status).toBe(200);
    expect((await asAdmin('DELETE', `/api/users/${deleted.user.id}`)).status).toBe(200);
    expect((await me(deleted)).status).toBe(401);
  });

  it('signing out ends the session at once, and a profile edit shows at once', async () => {
    const shopper = await signIn(shop.baseUrl, 'cached-editor@example.com');
    const edit = await fetch(`${shop.baseUrl}/api/user/profile`, {
      method: 'PATCH',
      headers: { cookie: shopper.cookie, origin: shop.baseUrl, 'content-type': 'application/json' },
      body: JSON.stringify({ firstName: 'Edited' }),
    });
    expect(edit.status).toBe(200);
    expect(((await (await me(shopper)).json()) as { firstName: string }).firstName).toBe('Edited');

    const logout = await fetch(`${shop.baseUrl}/api/logout`, {
      method: 'POST',
      headers: { cookie: shopper.cookie, origin: shop.baseUrl },
      redirect: 'manual',
    });
    expect(logout.status).toBeGreaterThanOrEqual(300);
    expect((await me(shopper)).status).toBe(401);
  });
});
