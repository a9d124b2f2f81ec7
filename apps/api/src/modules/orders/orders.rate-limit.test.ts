/**
 * The order limit counts what it limits: every order call — each one inside a tRPC batch, and
 * POST /api/orders — against one counter per shopper; it is configurable (0 = off); an API token
 * has its own counter and its own maximum. Through the real app (sign-in, sessions, tokens).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/test-app';
import { signIn, type SignedIn } from '../../test/sign-in';
import { cardOrder, makeProduct, orderCount, uniqueEmail } from '../../test/order-fixtures';

let shop: TestApp | undefined;
afterEach(async () => {
  await shop?.close();
  shop = undefined;
});

async function start(env: Record<string, string> = {}) {
  shop = await startTestApp({ listen: false, env });
  return shop;
}

/** One POST to /trpc carrying `count` orders.create calls (a tRPC batch, as the web's link sends it). */
async function orderBatch(app: TestApp, who: SignedIn, body: unknown, count: number) {
  const path = Array.from({ length: count }, () => 'orders.create').join(',');
  const input = Object.fromEntries(Array.from({ length: count }, (_, i) => [String(i), body]));
  const response = await app.app.inject({
    method: 'POST',
    url: `/trpc/${path}?batch=1`,
    headers: { cookie: who.cookie, 'content-type': 'application/json' },
    payload: JSON.stringify(input),
  });
  const answers = response.json() as Array<{ result?: unknown; error?: { data: { httpStatus: number } } }>;
  return {
    response,
    placed: answers.filter((answer) => answer.result).length,
    limited: answers.filter((answer) => answer.error?.data.httpStatus === 429).length,
  };
}

async function restOrder(app: TestApp, headers: Record<string, string>, body: unknown) {
  return app.app.inject({
    method: 'POST',
    url: '/api/orders',
    headers: { ...headers, 'content-type': 'application/json' },
    payload: JSON.stringify(body),
  });
}

describe('the order limit', () => {
  it('counts every call of a batch: of 20 orders in one request, 10 are placed and 10 refused', async () => {
    const app = await start();
    const me = await signIn(app.app, uniqueEmail('batch'));
    const product = await makeProduct(app.dataSource, { stock: 1000 });
    const { response, placed, limited } = await orderBatch(app, me, cardOrder([product]), 20);
    expect(placed).toBe(10);
    expect(limited).toBe(10);
    expect(await orderCount(app.dataSource, me.user.id)).toBe(10);
    expect(response.headers['retry-after']).toMatch(/^\d+$/);

    // The same counter for REST: the shopper is at the limit.
    const rest = await restOrder(app, { cookie: me.cookie }, cardOrder([product]));
    expect(rest.statusCode).toBe(429);
    expect(rest.json()).toMatchObject({
      code: 'TOO_MANY_REQUESTS',
      message: expect.stringMatching(/^Too many orders/),
    });
  });

  it('takes its maximum from ORDER_RATE_LIMIT_PER_MINUTE', async () => {
    const app = await start({ ORDER_RATE_LIMIT_PER_MINUTE: '3' });
    const me = await signIn(app.app, uniqueEmail('three'));
    const product = await makeProduct(app.dataSource, { stock: 1000 });
    const { placed, limited } = await orderBatch(app, me, cardOrder([product]), 5);
    expect([placed, limited]).toEqual([3, 2]);
  });

  it('is off with ORDER_RATE_LIMIT_PER_MINUTE=0 (a trusted deployment)', async () => {
    const app = await start({ ORDER_RATE_LIMIT_PER_MINUTE: '0' });
    const me = await signIn(app.app, uniqueEmail('unlimited'));
    const product = await makeProduct(app.dataSource, { stock: 1000 });
    const first = await orderBatch(app, me, cardOrder([product]), 20);
    const second = await orderBatch(app, me, cardOrder([product]), 20);
    expect(first.placed + second.placed).toBe(40);
    expect(await orderCount(app.dataSource, me.user.id)).toBe(40);
  });

  it('gives an API token its own counter and maximum (API_TOKEN_ORDER_RATE_LIMIT_PER_MINUTE)', async () => {
    const app = await start({ ORDER_RATE_LIMIT_PER_MINUTE: '2', API_TOKEN_ORDER_RATE_LIMIT_PER_MINUTE: '5' });
    const admin = await signIn(app.app, 'admin@example.com');
    const script = await signIn(app.app, uniqueEmail('script-owner'));
    const created = await app.app.inject({
      method: 'POST',
      url: '/api/admin/api-tokens',
      headers: { cookie: admin.cookie, 'content-type': 'application/json' },
      payload: JSON.stringify({
        userId: script.user.id,
        name: 'nightly restock script',
        scope: 'write',
        expiresAt: new Date(Date.now() + 30 * 86_400_000).toISOString(),
      }),
    });
    expect(created.statusCode).toBe(201);
    const bearer = { authorization: `Bearer ${created.json().token}` };
    const product = await makeProduct(app.dataSource, { stock: 1000 });

    // The user's browser session uses up its own 2 …
    expect((await restOrder(app, { cookie: script.cookie }, cardOrder([product]))).statusCode).toBe(201);
    expect((await restOrder(app, { cookie: script.cookie }, cardOrder([product]))).statusCode).toBe(201);
    expect((await restOrder(app, { cookie: script.cookie }, cardOrder([product]))).statusCode).toBe(429);
    // … and the token, acting as the same user, still has its 5.
    const byToken = [];
    for (let i = 0; i < 6; i++) byToken.push((await restOrder(app, bearer, cardOrder([product]))).statusCode);
    expect(byToken).toEqual([201, 201, 201, 201, 201, 429]);
    expect(await orderCount(app.dataSource, script.user.id)).toBe(7);
  });
});
