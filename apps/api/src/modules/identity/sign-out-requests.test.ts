/**
 * Signing out is a top-level navigation or a same-origin POST, nothing else (docs/architecture.md
 * §4 "Sessions"): a picture, a frame or a script that requests /api/logout leaves the shopper signed
 * in. Real HTTP requests carry the Fetch Metadata headers a browser would send.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startTestApp, type TestApp } from '../../test/test-app';
import { signIn, type SignedIn } from '../../test/sign-in';

let shop: TestApp;

beforeAll(async () => {
  shop = await startTestApp();
});
afterAll(async () => {
  await shop?.close();
});

const stillSignedIn = async (who: SignedIn) =>
  (await fetch(`${shop.baseUrl}/api/auth/user`, { headers: { cookie: who.cookie } })).status === 200;

/** Through inject: fetch() would write its own Sec-Fetch-Mode over the one a browser sends. */
async function logout(who: SignedIn, init: { method?: 'GET' | 'POST'; headers?: Record<string, string> }) {
  const response = await shop.app.inject({
    method: init.method ?? 'GET',
    url: '/api/logout',
    headers: { host: new URL(shop.baseUrl).host, cookie: who.cookie, ...init.headers },
  });
  return {
    status: response.statusCode,
    setCookie: response.headers['set-cookie'],
    json: () => response.json<unknown>(),
  };
}

const fetchMetadata = (dest: string, mode: string, site = 'same-origin') => ({
  'sec-fetch-dest': dest,
  'sec-fetch-mode': mode,
  'sec-fetch-site': site,
});

describe('GET /api/logout', () => {
  test.each([
    ['an <img> on a product card', fetchMetadata('image', 'no-cors')],
    ['a script’s fetch()', fetchMetadata('empty', 'cors')],
    ['a frame', fetchMetadata('iframe', 'navigate')],
    ['a link on another site', fetchMetadata('document', 'navigate', 'cross-site')],
  ])('%s is refused (403) and the shopper stays signed in', async (_what, headers) => {
    const shopper = await signIn(shop.baseUrl, 'customer@example.com');
    const response = await logout(shopper, { headers });
    expect(response.status).toBe(403);
    expect(response.json()).toEqual({
      message: 'Sign out from the shop’s own pages',
      code: 'FORBIDDEN',
    });
    expect(response.setCookie).toBeUndefined();
    expect(await stillSignedIn(shopper)).toBe(true);
  });

  test.each([
    ['the header’s Logout link', fetchMetadata('document', 'navigate')],
    ['the address typed in', fetchMetadata('document', 'navigate', 'none')],
  ])('%s signs out', async (_what, headers) => {
    const shopper = await signIn(shop.baseUrl, 'customer@example.com');
    const response = await logout(shopper, { headers });
    expect(response.status).toBe(303);
    expect(await stillSignedIn(shopper)).toBe(false);
  });
});

describe('POST /api/logout', () => {
  test('from another origin is refused (403) and the shopper stays signed in', async () => {
    const shopper = await signIn(shop.baseUrl, 'customer@example.com');
    const response = await logout(shopper, {
      method: 'POST',
      headers: { origin: 'https://evil.example', ...fetchMetadata('document', 'navigate', 'cross-site') },
    });
    expect(response.status).toBe(403);
    expect(await stillSignedIn(shopper)).toBe(true);
  });

  test('without a sign of where it came from is refused (403)', async () => {
    const shopper = await signIn(shop.baseUrl, 'customer@example.com');
    const response = await logout(shopper, { method: 'POST' });
    expect(response.status).toBe(403);
    expect(await stillSignedIn(shopper)).toBe(true);
  });

  test('from the shop itself signs out', async () => {
    const shopper = await signIn(shop.baseUrl, 'customer@example.com');
    const response = await logout(shopper, {
      method: 'POST',
      headers: { origin: shop.baseUrl, ...fetchMetadata('empty', 'cors') },
    });
    expect(response.status).toBe(303);
    expect(await stillSignedIn(shopper)).toBe(false);
  });
});
