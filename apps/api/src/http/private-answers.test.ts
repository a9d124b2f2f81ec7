/**
 * Answers that depend on the signed-in user carry `Cache-Control: no-store` (REST and tRPC), so no
 * browser or proxy cache keeps them for the next person; the catalogue as anonymous visitors see
 * it does not, and says it varies by credentials.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { embeddedTestDatabase } from '@shop/db/testing';
import { startTestApp, type TestApp } from '../test/test-app';
import { signIn, type SignedIn } from '../test/sign-in';

let shop: TestApp;
let customer: SignedIn;
let admin: SignedIn;

beforeAll(async () => {
  shop = await startTestApp({ listen: false });
  customer = await signIn(shop.app, 'customer@example.com');
  admin = await signIn(shop.app, 'admin@example.com');
});
afterAll(async () => {
  await shop?.close();
});

async function cacheControl(method: 'GET' | 'PATCH', url: string, who?: SignedIn, body?: unknown) {
  const response = await shop.app.inject({
    method,
    url,
    headers: {
      ...(who && { cookie: who.cookie }),
      ...(body !== undefined && { 'content-type': 'application/json' }),
    },
    ...(body !== undefined && { payload: JSON.stringify(body) }),
  });
  expect(response.statusCode, url).toBeLessThan(500);
  return { cacheControl: response.headers['cache-control'], vary: response.headers['vary'] };
}

describe('Cache-Control on answers that depend on who asks', () => {
  it.each([
    ['GET', '/api/auth/user'],
    ['GET', '/api/orders'],
    ['GET', '/api/user/addresses'],
    ['GET', '/trpc/auth.me'],
    ['GET', '/trpc/orders.mine'],
    ['GET', '/trpc/addresses.list'],
    ['GET', '/trpc/auth.me,products.page?batch=1&input={}'],
  ] as const)('%s %s signed in → no-store', async (method, url) => {
    expect((await cacheControl(method, url, customer)).cacheControl).toBe('no-store');
  });

  it('the profile update answers no-store', async () => {
    const answer = await cacheControl('PATCH', '/api/user/profile', customer, { phone: '555-0100' });
    expect(answer.cacheControl).toBe('no-store');
  });

  it('signed out, the user-dependent calls answer no-store too (their 401 depends on the cookie)', async () => {
    expect((await cacheControl('GET', '/api/auth/user')).cacheControl).toBe('no-store');
    expect((await cacheControl('GET', '/api/orders')).cacheControl).toBe('no-store');
  });

  it('the catalogue asked by a signed-in caller is theirs (staff see stock details): no-store', async () => {
    expect((await cacheControl('GET', '/api/products', admin)).cacheControl).toBe('no-store');
    expect((await cacheControl('GET', '/trpc/products.page?input={}', customer)).cacheControl).toBe(
      'no-store',
    );
  });

  it.each([
    '/api/products',
    '/api/products?limit=5',
    '/api/categories',
    '/trpc/products.page?input={}',
    '/trpc/categories.list',
    '/trpc/products.page,categories.list?batch=1&input={}',
  ])('anonymous %s is not no-store, and varies by Cookie and Authorization', async (url) => {
    const answer = await cacheControl('GET', url);
    expect(answer.cacheControl).toBeUndefined();
    expect(answer.vary).toMatch(/Cookie, Authorization/);
  });
});

// Live events are off with the embedded database (docs/product.md §7).
describe.skipIf(embeddedTestDatabase)('a signed-in event stream (server-sent events)', () => {
  it('answers no-store, not only the stream’s own no-cache', async () => {
    const live = await startTestApp();
    try {
      const shopper = await signIn(live.baseUrl, 'customer@example.com');
      const hangUp = new AbortController();
      const response = await fetch(`${live.baseUrl}/trpc/orderEvents.mine`, {
        headers: { accept: 'text/event-stream', cookie: shopper.cookie },
        signal: hangUp.signal,
      });
      hangUp.abort();
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toMatch(/text\/event-stream/);
      expect(response.headers.get('cache-control')).toMatch(/no-store/);
    } finally {
      await live.close();
    }
  });
});
