/**
 * "Sign out everywhere" as two browsers see it (docs/architecture.md §4 "Sessions"): the account
 * menu's call ends the caller's sessions in every browser, an admin's ends a user's, and each is in
 * the audit log.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startTestApp, type TestApp } from '../../test/test-app';
import { signIn } from '../../test/sign-in';

let shop: TestApp;
beforeAll(async () => {
  shop = await startTestApp({ listen: false });
});
afterAll(async () => {
  await shop?.close();
});

const status = async (cookie: string) =>
  (await shop.app.inject({ url: '/api/auth/user', headers: { cookie } })).statusCode;

function write(cookie: string, method: 'POST' | 'DELETE', url: string) {
  return shop.app.inject({
    method,
    url,
    headers: { cookie, ...(method === 'POST' && { 'content-type': 'application/json' }) },
    ...(method === 'POST' && { payload: '{}' }),
  });
}

const auditEvents = (targetId: string) =>
  shop.dataSource.query(
    `SELECT actor_email, target_id, details FROM audit_events
     WHERE action = 'auth.sign_out_everywhere' AND target_id = $1`,
    [targetId],
  );

describe('sign out everywhere, for oneself', () => {
  test('over tRPC: the other browser is signed out too, other users are not', async () => {
    const laptop = await signIn(shop.app, 'two-browsers@example.com');
    const phone = await signIn(shop.app, 'two-browsers@example.com');
    const someoneElse = await signIn(shop.app, 'bystander@example.com');

    const response = await write(laptop.cookie, 'POST', '/trpc/auth.signOutEverywhere');
    expect(response.statusCode).toBe(200);
    expect(response.json().result.data).toEqual({
      endedSessions: 2,
      message: 'You have been signed out on every device.',
    });
    // This browser is told to drop its cookie.
    expect(String(response.headers['set-cookie'])).toMatch(/shop_sid=;/);

    expect(await status(phone.cookie)).toBe(401);
    expect(await status(laptop.cookie)).toBe(401);
    expect(await status(someoneElse.cookie)).toBe(200);

    const [event] = await auditEvents(laptop.user.id);
    expect(event).toMatchObject({ actor_email: 'two-browsers@example.com', details: { endedSessions: 2 } });
  });

  test('over REST: DELETE /api/auth/sessions', async () => {
    const first = await signIn(shop.app, 'rest-everywhere@example.com');
    const second = await signIn(shop.app, 'rest-everywhere@example.com');
    const response = await write(first.cookie, 'DELETE', '/api/auth/sessions');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ endedSessions: 2 });
    expect(await status(second.cookie)).toBe(401);
    expect(await status(first.cookie)).toBe(401);
  });

  test('signed out, it answers 401', async () => {
    const response = await shop.app.inject({
      method: 'POST',
      url: '/trpc/auth.signOutEverywhere',
      headers: { 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(response.statusCode).toBe(401);
  });
});

describe('sign out everywhere, by an admin for a user', () => {
  test("ends every session of the user, not the admin's", async () => {
    const admin = await signIn(shop.app, 'admin@example.com');
    const shopper = await signIn(shop.app, 'signed-out-by-admin@example.com');
    const shopperElsewhere = await signIn(shop.app, 'signed-out-by-admin@example.com');

    const response = await write(admin.cookie, 'DELETE', `/api/users/${shopper.user.id}/sessions`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      endedSessions: 2,
      message: 'The user has been signed out on every device.',
    });
    expect(await status(shopper.cookie)).toBe(401);
    expect(await status(shopperElsewhere.cookie)).toBe(401);
    expect(await status(admin.cookie)).toBe(200);

    const [event] = await auditEvents(shopper.user.id);
    expect(event).toMatchObject({ actor_email: 'admin@example.com', details: { endedSessions: 2 } });
  });

  test('staff without users:update are refused, and the sessions live on', async () => {
    const sales = await signIn(shop.app, 'sales@example.com');
    const shopper = await signIn(shop.app, 'not-signed-out@example.com');
    const response = await write(sales.cookie, 'POST', '/trpc/users.signOutEverywhere');
    expect(response.statusCode).toBe(403);
    const rest = await write(sales.cookie, 'DELETE', `/api/users/${shopper.user.id}/sessions`);
    expect(rest.statusCode).toBe(403);
    expect(await status(shopper.cookie)).toBe(200);
  });

  test('an unknown user answers 404', async () => {
    const admin = await signIn(shop.app, 'admin@example.com');
    const response = await write(
      admin.cookie,
      'DELETE',
      '/api/users/6f1c3b2e-0000-4000-8000-000000000000/sessions',
    );
    expect(response.statusCode).toBe(404);
  });
});
