/**
 * Development only answers its own names (issue 32, DNS rebinding): without PUBLIC_URL a request
 * whose Host is not localhost, 127.0.0.1, [::1] or HOST's is refused (403) before anything runs,
 * the development sign-in included; with PUBLIC_URL the proxy decides the names.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../test/test-app';
import { HOST_GUARD_MESSAGE, localHostNames } from './host-guard';

const opened: TestApp[] = [];
afterAll(async () => {
  for (const shop of opened) await shop.close();
});
async function start(env: Record<string, string> = {}) {
  const shop = await startTestApp({ listen: false, env });
  opened.push(shop);
  return shop;
}

const get = (shop: TestApp, url: string, host: string) =>
  shop.app.inject({ method: 'GET', url, headers: { host } });

describe('without PUBLIC_URL', () => {
  it('refuses a rebound name on every path: the catalogue, the sign-in, the provider, tRPC writes', async () => {
    const shop = await start();
    for (const url of [
      '/api/health',
      '/api/products',
      '/api/login',
      '/oidc/.well-known/openid-configuration',
    ]) {
      const response = await get(shop, url, 'attacker.example:3000');
      expect(response.statusCode, url).toBe(403);
      expect(response.json(), url).toEqual({ message: HOST_GUARD_MESSAGE, code: 'FORBIDDEN' });
    }
    const write = await shop.app.inject({
      method: 'POST',
      url: '/trpc/orders.create',
      headers: { host: 'attacker.example', 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(write.statusCode).toBe(403);
    // Not a host at all: 400.
    expect((await get(shop, '/api/health', 'bad host!')).statusCode).toBe(400);
  });

  it('answers localhost, 127.0.0.1 and [::1] on any port', async () => {
    const shop = await start();
    for (const host of ['localhost', 'localhost:3000', '127.0.0.1:5173', '[::1]:3000', 'LOCALHOST:80']) {
      expect((await get(shop, '/api/health', host)).statusCode, host).toBe(200);
    }
    // The development sign-in still works on localhost.
    expect((await get(shop, '/api/login', 'localhost:3000')).statusCode).toBe(302);
  });

  it("answers HOST's own name too", async () => {
    const shop = await start({ HOST: 'shop.lan' });
    expect((await get(shop, '/api/health', 'shop.lan:3000')).statusCode).toBe(200);
    expect((await get(shop, '/api/health', 'other.lan:3000')).statusCode).toBe(403);
    expect([...localHostNames({ HOST: '0.0.0.0' })]).toEqual(['localhost', '127.0.0.1', '[::1]']);
    expect(localHostNames({ HOST: 'fd00::5' }).has('[fd00::5]')).toBe(true);
  });
});

it('with PUBLIC_URL the guard is off (the deployment names the shop)', async () => {
  const shop = await start({ PUBLIC_URL: 'https://shop.example.com' });
  expect((await get(shop, '/api/health', 'internal-name:3000')).statusCode).toBe(200);
});
