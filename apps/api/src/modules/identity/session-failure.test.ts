/**
 * A session store that cannot be read is not a sign-out: the request answers 503 with a retry hint
 * (in the documented shape for /api, in tRPC's envelope for /trpc), the browser keeps its cookie,
 * no new session replaces the shopper's, and the next request once the store is back is signed in
 * as before. Files and health checks never read a session, so they keep answering meanwhile.
 *
 * The store fails for real: its table is renamed away for the length of one request.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/test-app';
import { signIn, type SignedIn } from '../../test/sign-in';

let shop: TestApp;
let shopper: SignedIn;
const webDist = mkdtempSync(join(tmpdir(), 'shop-web-'));

beforeAll(async () => {
  writeFileSync(join(webDist, 'index.html'), '<!doctype html><title>FreshCart</title>');
  writeFileSync(join(webDist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  // The auth cache off: every request asks the (failing) store, as it does once a cached copy is
  // older than AUTH_CACHE_MS (modules/identity/auth-cache.ts).
  shop = await startTestApp({ listen: false, env: { WEB_DIST: webDist, AUTH_CACHE_MS: '0' } });
  shopper = await signIn(shop.app, 'customer@example.com');
});
afterAll(async () => {
  await shop?.close();
  rmSync(webDist, { recursive: true, force: true });
});

const get = (url: string) => shop.app.inject({ method: 'GET', url, headers: { cookie: shopper.cookie } });

async function sessionRows(): Promise<string[]> {
  const rows: { sid: string }[] = await shop.dataSource.query(`SELECT sid FROM sessions ORDER BY sid`);
  return rows.map((row) => row.sid);
}

/** Runs `during` while the session store cannot be read, then puts the store back. */
async function withUnreadableStore<T>(during: () => Promise<T>): Promise<T> {
  await shop.dataSource.query(`ALTER TABLE sessions RENAME TO sessions_unreadable`);
  try {
    return await during();
  } finally {
    await shop.dataSource.query(`ALTER TABLE sessions_unreadable RENAME TO sessions`);
  }
}

describe('when the session store cannot be read', () => {
  it('answers 503 with Retry-After, keeps the cookie, and the shopper is still signed in afterwards', async () => {
    const before = await sessionRows();
    const [rest, trpc, order, health, file, page] = await withUnreadableStore(() =>
      Promise.all([
        get('/api/auth/user'),
        get('/trpc/auth.me'),
        shop.app.inject({
          method: 'POST',
          url: '/api/orders',
          headers: { cookie: shopper.cookie, 'content-type': 'application/json' },
          payload: '{"items":[]}',
        }),
        get('/api/health'),
        get('/favicon.svg'),
        get('/checkout'),
      ]),
    );

    expect(rest.statusCode).toBe(503);
    expect(rest.headers['retry-after']).toBe('1');
    expect(rest.json()).toEqual({
      message: 'The service is temporarily unavailable. Please try again.',
      code: 'SERVICE_UNAVAILABLE',
    });
    expect(trpc.statusCode).toBe(503);
    expect(trpc.json()).toMatchObject({ error: { data: { code: 'SERVICE_UNAVAILABLE', httpStatus: 503 } } });
    expect(order.statusCode).toBe(503);
    // Not a sign-out: no cookie is cleared or replaced.
    for (const answer of [rest, trpc, order]) expect(answer.headers['set-cookie']).toBeUndefined();
    // What never asks who is calling keeps working.
    expect(health.statusCode).toBe(200);
    expect(file.statusCode).toBe(200);
    expect(page.statusCode).toBe(200);

    // No session was created or lost meanwhile, and the same cookie is signed in again.
    expect(await sessionRows()).toEqual(before);
    const again = await get('/api/auth/user');
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ email: 'customer@example.com' });
  });
});
