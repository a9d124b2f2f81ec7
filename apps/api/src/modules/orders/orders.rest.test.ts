/**
 * /api/orders over HTTP as a signed-in browser (the real sign-in flow, app.inject): status codes,
 * the documented error body, the Idempotency-Key header, who sees what, and the rate limit.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/test-app';
import { signIn, type SignedIn } from '../../test/sign-in';
import { expectNoInternals } from '../../test/expect-no-internals';
import { cardOrder, makeProduct, orderCount, stockOf, uniqueEmail } from '../../test/order-fixtures';
import { uniqueWord } from '../../test/unique-word';

let shop: TestApp;

beforeAll(async () => {
  shop = await startTestApp({ listen: false });
});
afterAll(async () => {
  await shop?.close();
});

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';

async function call(
  who: SignedIn | null,
  method: Method,
  url: string,
  body?: unknown,
  headers: Record<string, string> = {},
) {
  const response = await shop.app.inject({
    method,
    url,
    headers: {
      ...(who && { cookie: who.cookie }),
      ...(body !== undefined && { 'content-type': 'application/json' }),
      ...headers,
    },
    ...(body !== undefined && { payload: JSON.stringify(body) }),
  });
  expectNoInternals(response.body);
  return response;
}

const customer = () => signIn(shop.app, uniqueEmail('rest'));

describe('POST /api/orders', () => {
  it('answers 401 Unauthorized when signed out', async () => {
    const product = await makeProduct(shop.dataSource);
    const response = await call(null, 'POST', '/api/orders', cardOrder([product]));
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ message: 'Unauthorized', code: 'UNAUTHORIZED' });
  });

  it('places an order: 201 with the order and its items', async () => {
    const me = await customer();
    const product = await makeProduct(shop.dataSource, { price: '3.20', stock: 4 });
    const response = await call(me, 'POST', '/api/orders', cardOrder([product], 2));
    expect(response.statusCode).toBe(201);
    const order = response.json();
    expect(order).toMatchObject({
      userId: me.user.id,
      status: 'pending',
      total: '6.40',
      paymentStatus: 'pending',
      cardLastFour: '4242',
      items: [{ productId: product.id, quantity: 2, price: '3.20', product: { name: product.name } }],
    });
    expect(order.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(order).not.toHaveProperty('idempotencyKey');
    expect(await stockOf(shop.dataSource, product.id)).toBe(2);
  });

  it('answers 409 with details for a changed price, and for short stock', async () => {
    const me = await customer();
    const product = await makeProduct(shop.dataSource, { name: 'Olive Oil', price: '9.99', stock: 2 });
    const stale = await call(me, 'POST', '/api/orders', cardOrder([{ id: product.id, price: '8.99' }]));
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toEqual({
      message: expect.stringMatching(/^Prices have changed/),
      code: 'CONFLICT',
      details: {
        reason: 'PRICE_CHANGED',
        prices: [{ productId: product.id, price: '9.99' }],
        total: '9.99',
        deliveryFee: '0.00',
        tax: '0.00',
      },
    });

    const short = await call(me, 'POST', '/api/orders', cardOrder([product], 3));
    expect(short.statusCode).toBe(409);
    expect(short.json()).toMatchObject({
      code: 'CONFLICT',
      message: 'Not enough stock for Olive Oil (only 2 left)',
      details: {
        reason: 'INSUFFICIENT_STOCK',
        products: [{ productId: product.id, available: 2, requested: 3 }],
      },
    });
    expect(await orderCount(shop.dataSource, me.user.id)).toBe(0);
  });

  it('answers 400 naming the card field, in the documented shape', async () => {
    const me = await customer();
    const product = await makeProduct(shop.dataSource);
    const response = await call(me, 'POST', '/api/orders', { ...cardOrder([product]), cvv: '123' });
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(Object.keys(body).sort()).toEqual(['code', 'issues', 'message']);
    expect(body.code).toBe('BAD_REQUEST');
    expect(body.issues).toEqual([{ path: 'cvv', message: expect.stringContaining('last 4 digits') }]);
    expect(body.message).toMatch(/^Invalid input: cvv:/);
  });

  it('refuses a body that is not JSON with 415', async () => {
    const me = await customer();
    const response = await call(me, 'POST', '/api/orders', undefined, { 'content-type': 'text/plain' });
    expect(response.statusCode).toBe(415);
  });

  describe('Idempotency-Key header', () => {
    it('a retried placement answers the first order; the key with another body is 422', async () => {
      const me = await customer();
      const product = await makeProduct(shop.dataSource, { stock: 10 });
      const key = { 'idempotency-key': crypto.randomUUID() };
      const first = await call(me, 'POST', '/api/orders', cardOrder([product]), key);
      const again = await call(me, 'POST', '/api/orders', cardOrder([product]), key);
      expect(first.statusCode).toBe(201);
      expect(again.statusCode).toBe(201);
      expect(again.json().id).toBe(first.json().id);
      expect(await stockOf(shop.dataSource, product.id)).toBe(9);

      const reused = await call(me, 'POST', '/api/orders', cardOrder([product], 2), key);
      expect(reused.statusCode).toBe(422);
      expect(reused.json()).toEqual({
        message: 'This Idempotency-Key was already used for a different order',
        code: 'UNPROCESSABLE_CONTENT',
      });
      expect(await orderCount(shop.dataSource, me.user.id)).toBe(1);
    });

    it('concurrent retries over HTTP make one order', async () => {
      const me = await customer();
      const product = await makeProduct(shop.dataSource, { stock: 10 });
      const key = { 'idempotency-key': crypto.randomUUID() };
      const responses = await Promise.all(
        Array.from({ length: 5 }, () => call(me, 'POST', '/api/orders', cardOrder([product], 2), key)),
      );
      expect(responses.map((r) => r.statusCode)).toEqual([201, 201, 201, 201, 201]);
      expect(new Set(responses.map((r) => r.json().id)).size).toBe(1);
      expect(await stockOf(shop.dataSource, product.id)).toBe(8);
    });

    it('takes a key made of a millisecond timestamp (13 digits), which is no card number', async () => {
      const me = await customer();
      const product = await makeProduct(shop.dataSource, { stock: 10 });
      const key = { 'idempotency-key': `checkout-${uniqueWord()}` };
      const response = await call(me, 'POST', '/api/orders', cardOrder([product]), key);
      expect(response.statusCode).toBe(201);
      expect(await stockOf(shop.dataSource, product.id)).toBe(9);
    });

    it('refuses a header that contradicts the body’s idempotencyKey', async () => {
      const me = await customer();
      const product = await makeProduct(shop.dataSource);
      const response = await call(
        me,
        'POST',
        '/api/orders',
        { ...cardOrder([product]), idempotencyKey: 'a' },
        { 'idempotency-key': 'b' },
      );
      expect(response.statusCode).toBe(400);
      expect(response.json().issues).toEqual([{ path: 'idempotencyKey', message: expect.any(String) }]);
    });
  });
});

describe('GET /api/orders and /api/orders/:id', () => {
  let alice: SignedIn;
  let bob: SignedIn;
  let aliceOrder: string;
  let bobOrder: string;

  beforeAll(async () => {
    alice = await customer();
    bob = await customer();
    const product = await makeProduct(shop.dataSource, { stock: 100 });
    aliceOrder = (await call(alice, 'POST', '/api/orders', cardOrder([product]))).json().id;
    bobOrder = (await call(bob, 'POST', '/api/orders', cardOrder([product]))).json().id;
  });

  it('a customer lists their own orders only', async () => {
    const response = await call(alice, 'GET', '/api/orders');
    expect(response.statusCode).toBe(200);
    expect(response.json().map((o: { id: string }) => o.id)).toEqual([aliceOrder]);
  });

  it('admin and sales_manager list everybody’s orders; inventory_manager only their own', async () => {
    for (const email of ['admin@example.com', 'sales@example.com']) {
      const staff = await signIn(shop.app, email);
      const ids = (await call(staff, 'GET', '/api/orders')).json().map((o: { id: string }) => o.id);
      expect(ids).toEqual(expect.arrayContaining([aliceOrder, bobOrder]));
    }
    const inventory = await signIn(shop.app, 'inventory@example.com');
    expect((await call(inventory, 'GET', '/api/orders')).json()).toEqual([]);
  });

  it('GET /api/orders/:id: the owner and sales see it; another customer gets 404', async () => {
    const own = await call(alice, 'GET', `/api/orders/${aliceOrder}`);
    expect(own.statusCode).toBe(200);
    expect(own.json().items).toHaveLength(1);
    const sales = await signIn(shop.app, 'sales@example.com');
    expect((await call(sales, 'GET', `/api/orders/${aliceOrder}`)).statusCode).toBe(200);
    const other = await call(bob, 'GET', `/api/orders/${aliceOrder}`);
    expect(other.statusCode).toBe(404);
    expect(other.json()).toEqual({ message: 'Order not found', code: 'NOT_FOUND' });
    expect((await call(alice, 'GET', '/api/orders/nope')).statusCode).toBe(400);
    expect((await call(null, 'GET', '/api/orders')).statusCode).toBe(401);
  });

  it('pages with ?limit=&offset=, newest first; staff get the newest 100 without them', async () => {
    const admin = await signIn(shop.app, 'admin@example.com');
    const [{ n }] = await shop.dataSource.query(`SELECT count(*)::int AS n FROM orders`);
    const all = (await call(admin, 'GET', '/api/orders')).json();
    expect(all).toHaveLength(Math.min(n, 100));
    expect(all[0].id).toBe(bobOrder); // placed last
    const first = await call(admin, 'GET', '/api/orders?limit=1');
    expect(first.json().map((o: { id: string }) => o.id)).toEqual([bobOrder]);
    const second = await call(admin, 'GET', '/api/orders?limit=1&offset=1');
    expect(second.json().map((o: { id: string }) => o.id)).toEqual([aliceOrder]);
    expect((await call(alice, 'GET', '/api/orders?limit=1&offset=1')).json()).toEqual([]);

    const tooMany = await call(admin, 'GET', '/api/orders?limit=501');
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().issues).toEqual([{ path: 'limit', message: expect.any(String) }]);
    expect((await call(alice, 'GET', '/api/orders?page=2')).statusCode).toBe(400);
  });

  it('says how many there are and where the next page is: X-Total-Count and Link rel="next"', async () => {
    // 120 older orders of a customer of this test, so staff see more than the default 100.
    const carol = await customer();
    await shop.dataSource.query(
      `INSERT INTO orders (user_id, total, shipping_address, created_at, updated_at)
       SELECT $1, '1.00', 'Somewhere 1', now() - n * interval '1 minute', now() - n * interval '1 minute'
       FROM generate_series(1, 120) AS n`,
      [carol.user.id],
    );
    const [{ n: total }] = await shop.dataSource.query(`SELECT count(*)::int AS n FROM orders`);
    const admin = await signIn(shop.app, 'admin@example.com');

    const newest = await call(admin, 'GET', '/api/orders');
    expect(newest.json()).toHaveLength(100);
    expect(newest.headers['x-total-count']).toBe(String(total));
    expect(newest.headers.link).toBe('</api/orders?limit=100&offset=100>; rel="next"');
    const rest = await call(admin, 'GET', '/api/orders?limit=100&offset=100');
    expect(rest.json()).toHaveLength(total - 100);
    expect(rest.headers['x-total-count']).toBe(String(total));
    expect(rest.headers.link).toBeUndefined();

    // A customer gets all of their own without asking, so no next page; with a limit, pages.
    const own = await call(carol, 'GET', '/api/orders');
    expect(own.json()).toHaveLength(120);
    expect(own.headers['x-total-count']).toBe('120');
    expect(own.headers.link).toBeUndefined();
    const page = await call(carol, 'GET', '/api/orders?limit=50&offset=50');
    expect(page.json()).toHaveLength(50);
    expect(page.headers['x-total-count']).toBe('120');
    expect(page.headers.link).toBe('</api/orders?limit=50&offset=100>; rel="next"');
    const beyond = await call(carol, 'GET', '/api/orders?limit=50&offset=500');
    expect(beyond.json()).toEqual([]);
    expect(beyond.headers['x-total-count']).toBe('120');
    expect(beyond.headers.link).toBeUndefined();
  });

  it('tRPC orders.mine answers what GET /api/orders answers a customer', async () => {
    const rest = (await call(alice, 'GET', '/api/orders')).json();
    const trpc = await call(alice, 'GET', '/trpc/orders.mine');
    expect(trpc.json()).toEqual({ result: { data: rest } });
  });
});

describe('the order placement rate limit', () => {
  it('answers 429 after 10 placements a minute, over REST and tRPC alike, per user', async () => {
    const me = await customer();
    for (let i = 0; i < 10; i++) {
      expect((await call(me, 'POST', '/api/orders', { items: [] })).statusCode).toBe(400);
    }
    const limited = await call(me, 'POST', '/api/orders', { items: [] });
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ code: 'TOO_MANY_REQUESTS' });
    expect(limited.headers['retry-after']).toBeDefined();

    const trpc = await call(me, 'POST', '/trpc/orders.create?batch=1', { 0: { items: [] } });
    expect(trpc.statusCode).toBe(429);
    expect(trpc.json()).toEqual([
      { error: expect.objectContaining({ data: { code: 'TOO_MANY_REQUESTS', httpStatus: 429 } }) },
    ]);

    // reads are not limited, and another shopper still places orders
    expect((await call(me, 'GET', '/api/orders')).statusCode).toBe(200);
    const other = await customer();
    expect((await call(other, 'POST', '/api/orders', { items: [] })).statusCode).toBe(400);
  });
});
