/**
 * What the session rules look like from outside (docs/architecture.md §4 "Sessions"): a copy of the
 * sessions table hands out no live session, an idle session ends (sooner for staff than for
 * shoppers), and over https the cookie is `__Host-` prefixed and Secure.
 */
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import Fastify from 'fastify';
import { Signer } from '@fastify/cookie';
import { startTestApp, testEnv, type TestApp } from '../../test/test-app';
import { signIn, type SignedIn } from '../../test/sign-in';
import { deriveSecret, installSessions } from './sessions';

let shop: TestApp;
beforeAll(async () => {
  shop = await startTestApp({
    listen: false,
    env: {
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

/** The session id inside a signed-in browser's cookie (`shop_sid=<id>.<signature>`). */
const sessionIdOf = (signedIn: SignedIn) =>
  decodeURIComponent(signedIn.cookie.slice('shop_sid='.length)).split('.')[0]!;

const me = (cookie: string) => shop.app.inject({ url: '/api/auth/user', headers: { cookie } });

/** Moves the session's last request `minutes` into the past. */
async function idleFor(signedIn: SignedIn, minutes: number): Promise<void> {
  const key = createHash('sha256').update(sessionIdOf(signedIn)).digest('hex');
  const [, count] = await shop.dataSource.query(
    `UPDATE sessions SET last_seen_at = now() AT TIME ZONE 'UTC' - make_interval(mins => $2) WHERE sid = $1`,
    [key, minutes],
  );
  expect(count).toBe(1);
}

describe('the sessions table holds no session id', () => {
  test('a stolen row, even signed with the server secret, does not authenticate', async () => {
    const victim = await signIn(shop.app, 'stolen-row@example.com');
    const rows: { sid: string }[] = await shop.dataSource.query(
      `SELECT sid FROM sessions WHERE sess::jsonb ->> 'userId' = $1`,
      [victim.user.id],
    );
    expect(rows).toHaveLength(1);
    const stolen = rows[0]!.sid;
    expect(stolen).not.toBe(sessionIdOf(victim));
    expect(stolen).toBe(createHash('sha256').update(sessionIdOf(victim)).digest('hex'));

    // The worst case: the attacker also knows SESSION_SECRET and signs the row's key as a cookie.
    const forged = new Signer(deriveSecret(shop.env, 'session-cookie'), 'sha256').sign(stolen);
    const response = await me(`shop_sid=${encodeURIComponent(forged)}`);
    expect(response.statusCode).toBe(401);
    // The real cookie still works.
    expect((await me(victim.cookie)).statusCode).toBe(200);
  });
});

describe('the idle timeout', () => {
  test('a shopper idle for longer than SESSION_IDLE_MINUTES_SHOPPER is signed out', async () => {
    const shopper = await signIn(shop.app, 'idle-shopper@example.com');
    await idleFor(shopper, shop.env.SESSION_IDLE_MINUTES_SHOPPER - 5);
    expect((await me(shopper.cookie)).statusCode).toBe(200);

    await idleFor(shopper, shop.env.SESSION_IDLE_MINUTES_SHOPPER + 1);
    const response = await me(shopper.cookie);
    expect(response.statusCode).toBe(401);
    // The row is gone and the browser is told to drop the cookie.
    const left = await shop.dataSource.query(`SELECT 1 FROM sessions WHERE user_id = $1`, [shopper.user.id]);
    expect(left).toHaveLength(0);
    expect(response.headers['set-cookie']?.toString()).toMatch(/shop_sid=;/);
    // And it stays signed out.
    expect((await me(shopper.cookie)).statusCode).toBe(401);
  });

  test('staff are signed out after SESSION_IDLE_MINUTES_STAFF (30), a shopper is not', async () => {
    expect(shop.env.SESSION_IDLE_MINUTES_STAFF).toBe(30);
    const staff = await signIn(shop.app, 'sales@example.com');
    const shopper = await signIn(shop.app, 'customer@example.com');
    await idleFor(staff, 31);
    await idleFor(shopper, 31);
    expect((await me(staff.cookie)).statusCode).toBe(401);
    expect((await me(shopper.cookie)).statusCode).toBe(200);
    // Over tRPC the same: the staff call is anonymous.
    const trpc = await shop.app.inject({ url: '/trpc/users.list', headers: { cookie: staff.cookie } });
    expect(trpc.statusCode).toBe(401);
  });

  test('a request moves the idle clock (at most once a minute)', async () => {
    const staff = await signIn(shop.app, 'inventory@example.com');
    const key = createHash('sha256').update(sessionIdOf(staff)).digest('hex');
    const idleMinutes = async () =>
      Number(
        (
          await shop.dataSource.query(
            `SELECT extract(epoch FROM (now() AT TIME ZONE 'UTC' - last_seen_at)) / 60 AS m FROM sessions WHERE sid = $1`,
            [key],
          )
        )[0].m,
      );
    await idleFor(staff, 20);
    expect((await me(staff.cookie)).statusCode).toBe(200);
    expect(await idleMinutes()).toBeLessThan(1);
    // 20 more minutes: 20 since the last request, not 40, so still signed in.
    await idleFor(staff, 20);
    expect((await me(staff.cookie)).statusCode).toBe(200);
  });
});

describe('over https (PUBLIC_URL https, behind a proxy)', () => {
  test('the cookie is __Host-shop_sid: Secure, Path=/, no Domain, HttpOnly, SameSite=Lax', async () => {
    const env = testEnv({ PUBLIC_URL: 'https://shop.example.com' });
    const app = Fastify({ trustProxy: true });
    try {
      await app.register(async (scope) => {
        await installSessions(scope, { env, dataSource: shop.dataSource });
        scope.post<{ Body: { userId: string } }>('/sign-in', async (req) => {
          req.session.set('userId', req.body.userId);
          return {};
        });
        scope.get('/who', async (req) => ({ userId: req.session.userId ?? null }));
      });
      const [someone] = await shop.dataSource.query(`SELECT id FROM users LIMIT 1`);
      const https = { 'x-forwarded-proto': 'https', host: 'shop.example.com' };
      const signedIn = await app.inject({
        method: 'POST',
        url: '/sign-in',
        headers: https,
        payload: { userId: someone.id },
      });
      const setCookie = [signedIn.headers['set-cookie']].flat().join('\n');
      expect(setCookie).toMatch(/^__Host-shop_sid=/);
      expect(setCookie).toMatch(/; Secure/);
      expect(setCookie).toMatch(/; Path=\//);
      expect(setCookie).toMatch(/; HttpOnly/);
      expect(setCookie).toMatch(/; SameSite=Lax/);
      expect(setCookie).not.toMatch(/Domain=/i);

      const cookie = setCookie.split(';')[0]!;
      const who = await app.inject({ url: '/who', headers: { ...https, cookie } });
      expect(who.json()).toEqual({ userId: someone.id });
      // The unprefixed name means nothing there.
      const plain = await app.inject({
        url: '/who',
        headers: { ...https, cookie: cookie.replace('__Host-shop_sid', 'shop_sid') },
      });
      expect(plain.json()).toEqual({ userId: null });
    } finally {
      await app.close();
    }
  });
});
