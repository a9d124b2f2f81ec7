/**
 * The caps that keep one request from costing too much: the body size (1 MB → 413 in the
 * documented error shape), the tRPC batch size (MAX_BATCH_SIZE → 4xx) and the product page size
 * (limit ≤ 100 → else 400); and that paging keeps the listing's order and its no-parameter answer.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRODUCT_PAGE_MAX } from '@shop/schema';
import { BODY_LIMIT_BYTES, MAX_BATCH_SIZE } from '../app';
import { startTestApp, type TestApp } from '../test/test-app';
import { signIn, type SignedIn } from '../test/sign-in';

let shop: TestApp;
let shopper: SignedIn;

beforeAll(async () => {
  shop = await startTestApp({ listen: false });
  shopper = await signIn(shop.app, 'caps-shopper@example.com');
});
afterAll(async () => {
  await shop?.close();
});

const json = { 'content-type': 'application/json' };

describe('body size', () => {
  const huge = JSON.stringify({ notes: 'x'.repeat(BODY_LIMIT_BYTES + 10) });

  it.each(['/api/orders', '/api/user/addresses', '/api/products'])(
    'POST %s over 1 MB → 413 in our error format',
    async (url) => {
      const response = await shop.app.inject({
        method: 'POST',
        url,
        headers: { ...json, cookie: shopper.cookie },
        payload: huge,
      });
      expect(response.statusCode).toBe(413);
      expect(response.json()).toEqual({ message: expect.any(String), code: 'PAYLOAD_TOO_LARGE' });
      expect(response.headers['content-security-policy']).toBeDefined();
    },
  );

  it('a tRPC mutation over 1 MB → 413 as well', async () => {
    const response = await shop.app.inject({
      method: 'POST',
      url: '/trpc/orders.create',
      headers: { ...json, cookie: shopper.cookie },
      payload: huge,
    });
    expect(response.statusCode).toBe(413);
    expect(JSON.stringify(response.json())).toContain('PAYLOAD_TOO_LARGE');
  });

  it('just under the limit is read (and refused for what it says, not its size)', async () => {
    const body = JSON.stringify({ notes: 'x'.repeat(BODY_LIMIT_BYTES - 100) });
    const response = await shop.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: { ...json, cookie: shopper.cookie },
      payload: body,
    });
    expect(response.statusCode).toBe(400);
  });
});

describe('tRPC batch size', () => {
  const batch = (n: number) =>
    `/trpc/${Array.from({ length: n }, () => 'categories.list').join(',')}?batch=1&input=${encodeURIComponent('{}')}`;

  it(`a batch of ${MAX_BATCH_SIZE} is answered`, async () => {
    const response = await shop.app.inject({ method: 'GET', url: batch(MAX_BATCH_SIZE) });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toHaveLength(MAX_BATCH_SIZE);
  });

  it(`a batch of ${MAX_BATCH_SIZE + 1} is refused with a 4xx before any procedure runs`, async () => {
    const response = await shop.app.inject({ method: 'GET', url: batch(MAX_BATCH_SIZE + 1) });
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(response.statusCode).toBeLessThan(500);
  });

  it('a POST batch over the limit is refused too', async () => {
    const n = MAX_BATCH_SIZE + 5;
    const response = await shop.app.inject({
      method: 'POST',
      url: `/trpc/${Array.from({ length: n }, () => 'orders.create').join(',')}?batch=1`,
      headers: { ...json, cookie: shopper.cookie },
      payload: JSON.stringify(Object.fromEntries(Array.from({ length: n }, (_, i) => [i, { items: [] }]))),
    });
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(response.statusCode).toBeLessThan(500);
  });
});

describe('product page size', () => {
  it.each(['101', '1000', '0', '-1', '2.5', 'abc', ''])(
    'GET /api/products?limit=%s → 400 naming limit',
    async (limit) => {
      const response = await shop.app.inject({ method: 'GET', url: `/api/products?limit=${limit}` });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        code: 'BAD_REQUEST',
        issues: [expect.objectContaining({ path: 'limit' })],
      });
    },
  );

  it('tRPC products.list with limit 101 → 400', async () => {
    const input = encodeURIComponent(JSON.stringify({ limit: PRODUCT_PAGE_MAX + 1 }));
    const response = await shop.app.inject({ method: 'GET', url: `/trpc/products.list?input=${input}` });
    expect(response.statusCode).toBe(400);
  });

  it('cursor and offset together → 400', async () => {
    const response = await shop.app.inject({
      method: 'GET',
      url: `/api/products?limit=2&offset=2&cursor=${crypto.randomUUID()}`,
    });
    expect(response.statusCode).toBe(400);
  });

  it('pages walk the listing in its order, by offset and by cursor; no parameters still answer everything', async () => {
    const all = (await shop.app.inject({ method: 'GET', url: '/api/products' })).json() as { id: string }[];
    expect(all.length).toBeGreaterThan(10);
    const first = (await shop.app.inject({ method: 'GET', url: '/api/products?limit=100' })).json() as {
      id: string;
    }[];
    expect(first.map((p) => p.id)).toEqual(all.slice(0, 100).map((p) => p.id));

    const byOffset: string[] = [];
    const byCursor: string[] = [];
    let cursor = '';
    for (let page = 0; page * 7 < all.length; page++) {
      const a = await shop.app.inject({ method: 'GET', url: `/api/products?limit=7&offset=${page * 7}` });
      byOffset.push(...(a.json() as { id: string }[]).map((p) => p.id));
      const input = encodeURIComponent(JSON.stringify({ limit: 7, ...(cursor && { cursor }) }));
      const b = await shop.app.inject({ method: 'GET', url: `/trpc/products.list?input=${input}` });
      const items = (b.json() as { result: { data: { id: string }[] } }).result.data;
      byCursor.push(...items.map((p) => p.id));
      cursor = items.at(-1)?.id ?? cursor;
    }
    expect(byOffset).toEqual(all.map((p) => p.id));
    expect(byCursor).toEqual(all.map((p) => p.id));
  });
});
