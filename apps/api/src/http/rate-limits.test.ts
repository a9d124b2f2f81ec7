/**
 * Limits that count the real client, and count it once for the whole shop:
 * - per-IP limits use the address TRUST_PROXY lets through: a client cannot pick its own IP with an
 *   X-Forwarded-For header, and behind a trusted proxy two shoppers are two counters;
 * - with REDIS_URL the counters are shared by every api instance: a shopper at the limit on one
 *   instance is at the limit on the other.
 */
import { DataSource } from 'typeorm';
import { afterAll, describe, expect, it } from 'vitest';
import { dataSourceOptions } from '@shop/db';
import { embeddedTestDatabase } from '@shop/db/testing';
import { buildApp } from '../app';
import { startTestApp, testEnv, type TestApp } from '../test/test-app';
import { signIn } from '../test/sign-in';
import { cardOrder, makeProduct, uniqueEmail } from '../test/order-fixtures';

const opened: TestApp[] = [];
afterAll(async () => {
  for (const shop of opened) await shop.close();
});
async function start(env: Record<string, string>) {
  const shop = await startTestApp({ listen: false, env });
  opened.push(shop);
  return shop;
}

/** GET /api/login from the socket address `remoteAddress`, with the headers a client or proxy sent. */
async function loginStatus(shop: TestApp, remoteAddress: string, forwardedFor?: string) {
  const response = await shop.app.inject({
    method: 'GET',
    url: '/api/login',
    remoteAddress,
    headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {},
  });
  return response.statusCode;
}

describe('per-IP limits and TRUST_PROXY', () => {
  it('without a trusted proxy, a forged X-Forwarded-For does not make a new client', async () => {
    const shop = await start({ LOGIN_RATE_LIMIT_PER_MINUTE: '2' });
    const statuses = [];
    for (const forged of ['1.1.1.1', '2.2.2.2', '3.3.3.3'])
      statuses.push(await loginStatus(shop, '203.0.113.7', forged));
    expect(statuses).toEqual([302, 302, 429]);
  });

  it('behind one trusted proxy (TRUST_PROXY=1): each shopper is counted by the address the proxy saw', async () => {
    const shop = await start({ LOGIN_RATE_LIMIT_PER_MINUTE: '2', TRUST_PROXY: '1' });
    const proxy = '10.0.0.2';
    // The proxy appends the address it saw; what the client wrote before it is not believed.
    const alice = (forged: string) => loginStatus(shop, proxy, `${forged}, 198.51.100.1`);
    expect([await alice('9.9.9.9'), await alice('8.8.8.8'), await alice('7.7.7.7')]).toEqual([302, 302, 429]);
    expect(await loginStatus(shop, proxy, '198.51.100.2')).toBe(302); // Bob has his own counter
  });

  it('with a list of proxy addresses, only those proxies are believed', async () => {
    const shop = await start({ LOGIN_RATE_LIMIT_PER_MINUTE: '1', TRUST_PROXY: '10.0.0.0/8' });
    expect(await loginStatus(shop, '10.0.0.2', '198.51.100.1')).toBe(302);
    expect(await loginStatus(shop, '10.0.0.2', '198.51.100.3')).toBe(302); // another shopper
    // Not a listed proxy: its header is ignored, and it is one client however it varies the header.
    expect(await loginStatus(shop, '203.0.113.9', '198.51.100.4')).toBe(302);
    expect(await loginStatus(shop, '203.0.113.9', '198.51.100.5')).toBe(429);
  });
});

// Two instances need two connections to one database: PostgreSQL only (the embedded one has one).
describe.skipIf(embeddedTestDatabase)('REDIS_URL', () => {
  it('shares the order counter between two api instances', async () => {
    const env = { ORDER_RATE_LIMIT_PER_MINUTE: '3', REDIS_URL: 'redis://127.0.0.1:6379' };
    const a = await start(env);
    // A second instance of the same shop: same database (its own pool), same configuration.
    const secondPool = new DataSource(dataSourceOptions(a.db.url, { poolSize: 2 }));
    await secondPool.initialize();
    const b = await buildApp({ env: testEnv(env), dataSource: secondPool });
    await b.ready();
    try {
      const shopper = await signIn(a.app, uniqueEmail('two-instances'));
      const product = await makeProduct(a.dataSource, { stock: 100 });
      const order = (instance: typeof b) =>
        instance
          .inject({
            method: 'POST',
            url: '/api/orders',
            headers: { cookie: shopper.cookie, 'content-type': 'application/json' },
            payload: JSON.stringify(cardOrder([product])),
          })
          .then((response) => response.statusCode);
      expect([await order(a.app), await order(b), await order(a.app), await order(b)]).toEqual([
        201, 201, 201, 429,
      ]);
    } finally {
      await b.close();
      await secondPool.destroy();
    }
  });
});
