/**
 * The catalogue cache as visitors and staff observe it (issue 18): hits are byte-identical to the
 * miss that filled them, ETag/304, the caching headers, staff and anonymous views never cross,
 * a cookie-carrying request never gets a cached answer, and changes show within the bound — a
 * staff edit at once on the instance that made it, a stock change after an order likewise, and a
 * change nobody announced (a direct SQL update) after CATALOGUE_CACHE_MAX_AGE_MS at the latest.
 */
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/test-app';
import { signIn, type SignedIn } from '../../test/sign-in';
import { cardOrder, makeProduct } from '../../test/order-fixtures';
import { uniqueWord } from '../../test/unique-word';

const MAX_AGE_MS = 1000;
let shop: TestApp;
let admin: SignedIn;

beforeAll(async () => {
  shop = await startTestApp({ listen: false, env: { CATALOGUE_CACHE_MAX_AGE_MS: String(MAX_AGE_MS) } });
  admin = await signIn(shop.app, 'admin@example.com');
});
afterAll(async () => {
  await shop?.close();
});

const trpcUrl = (procedure: string, input: unknown) =>
  `/trpc/${procedure}?input=${encodeURIComponent(JSON.stringify(input))}`;

function get(url: string, headers: Record<string, string> = {}) {
  return shop.app.inject({ method: 'GET', url, headers });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The product's price as an anonymous visitor reads it through `url`'s answer. */
const priceIn = (body: string, id: string): string | undefined => {
  const parsed = JSON.parse(body) as unknown;
  const found = JSON.stringify(parsed).match(new RegExp(`"id":"${id}"[^}]*?"price":"([0-9.]+)"`));
  return found?.[1];
};

describe('anonymous catalogue answers', () => {
  it('a hit is byte-identical to the miss that filled it, with the same caching headers', async () => {
    const product = await makeProduct(shop.dataSource);
    for (const url of [
      trpcUrl('products.page', { limit: 5, search: product.name }),
      `/trpc/products.byId,categories.list?batch=1&input=${encodeURIComponent(JSON.stringify({ 0: { id: product.id }, 1: {} }))}`,
      `/api/products?limit=5&categoryId=${product.categoryId}`,
      `/api/products/${product.id}`,
      '/api/categories',
    ]) {
      const miss = await get(url);
      const hit = await get(url);
      expect(miss.statusCode, url).toBe(200);
      expect(hit.rawPayload.equals(miss.rawPayload), url).toBe(true);
      for (const name of ['content-type', 'etag', 'cache-control', 'vary']) {
        expect(hit.headers[name], `${url} ${name}`).toBe(miss.headers[name]);
      }
      expect(miss.headers.etag).toMatch(/^W\/".+"$/);
      expect(miss.headers['cache-control']).toMatch(/^public, max-age=1\b/);
      expect(String(miss.headers.vary)).toMatch(/Cookie, Authorization, Accept-Encoding/);
      expect(miss.headers['set-cookie']).toBeUndefined();
    }
  });

  it('keys by the input, whatever its order; the compressed forms hold the same bytes', async () => {
    const a = await get(trpcUrl('products.page', { limit: 3, cursor: null }));
    const b = await get(trpcUrl('products.page', { cursor: null, limit: 3 }));
    expect(a.statusCode).toBe(200);
    expect(b.rawPayload.equals(a.rawPayload)).toBe(true);
    const other = await get(trpcUrl('products.page', { limit: 4, cursor: null }));
    expect(JSON.parse(other.body).result.data.items).toHaveLength(4);
    // An invalid input is answered by tRPC (400) and never stored.
    const bad = await get(trpcUrl('products.page', { limit: 3, page: 1 }));
    expect(bad.statusCode).toBe(400);
    expect(bad.headers.etag).toBeUndefined();

    const br = await get('/api/products?limit=20', { 'accept-encoding': 'gzip, br' });
    const gzip = await get('/api/products?limit=20', { 'accept-encoding': 'gzip' });
    const plain = await get('/api/products?limit=20');
    expect(br.headers['content-encoding']).toBe('br');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(brotliDecompressSync(br.rawPayload).equals(plain.rawPayload)).toBe(true);
    expect(gunzipSync(gzip.rawPayload).equals(plain.rawPayload)).toBe(true);
    expect(br.headers.etag).toBe(plain.headers.etag);
  });

  it('answers 304 with no body to If-None-Match naming its ETag, and 200 to an old one', async () => {
    const url = '/api/products?limit=7';
    const first = await get(url);
    const again = await get(url, { 'if-none-match': String(first.headers.etag) });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers.etag).toBe(first.headers.etag);
    expect(again.headers['cache-control']).toBe(first.headers['cache-control']);
    const stale = await get(url, { 'if-none-match': 'W/"something-else"' });
    expect(stale.statusCode).toBe(200);
    expect(stale.rawPayload.equals(first.rawPayload)).toBe(true);
  });

  it('only the category list may be served stale while revalidating', async () => {
    expect((await get('/api/categories')).headers['cache-control']).toBe(
      'public, max-age=1, stale-while-revalidate=60',
    );
    expect((await get('/api/products?limit=2')).headers['cache-control']).toBe('public, max-age=1');
  });

  it('shows an unannounced change (a direct SQL update) within CATALOGUE_CACHE_MAX_AGE_MS, not before it is cached out', async () => {
    const product = await makeProduct(shop.dataSource, { price: '3.00' });
    const url = `/api/products/${product.id}`;
    expect(JSON.parse((await get(url)).body).price).toBe('3.00');
    const changedAt = Date.now();
    await shop.dataSource.query(`UPDATE products SET price = 3.50 WHERE id = $1`, [product.id]);
    // Nobody announced it: the cached answer stands (proof that it is served from the cache)…
    if (Date.now() - changedAt < MAX_AGE_MS / 2) expect(JSON.parse((await get(url)).body).price).toBe('3.00');
    // …until the bound.
    await sleep(MAX_AGE_MS + 50);
    expect(JSON.parse((await get(url)).body).price).toBe('3.50');
  });
});

describe('staff and anonymous views never cross', () => {
  it("an inactive product and stock details reach staff only; staff's answers are never stored or served from the cache", async () => {
    const hidden = await makeProduct(shop.dataSource, { isActive: false, name: `Hidden ${uniqueWord()}` });
    const url = trpcUrl('products.page', { limit: 20, search: hidden.name });
    // Staff first: their answer must not be what the visitor then gets.
    const staff = await get(url, { cookie: admin.cookie });
    const anonymous = await get(url);
    const staffAgain = await get(url, { cookie: admin.cookie });
    expect(JSON.parse(anonymous.body).result.data.items).toEqual([]);
    expect(anonymous.headers.etag).toBeDefined();
    // The staff list of the same call: the admin view, private.
    for (const answer of [staff, staffAgain]) {
      expect(answer.headers['cache-control']).toMatch(/no-store/);
      expect(answer.headers.etag).toBeUndefined();
    }
    const staffList = await get(trpcUrl('products.list', { search: hidden.name }), { cookie: admin.cookie });
    expect(JSON.parse(staffList.body).result.data[0]).toMatchObject({ id: hidden.id, isActive: false });
    const anonList = await get(trpcUrl('products.list', { search: hidden.name }));
    expect(JSON.parse(anonList.body).result.data).toEqual([]);
    const staffListAgain = await get(trpcUrl('products.list', { search: hidden.name }), {
      cookie: admin.cookie,
    });
    expect(JSON.parse(staffListAgain.body).result.data[0]).toMatchObject({ id: hidden.id, sku: hidden.sku });
  });

  it('a request with a session cookie, even a stale one, or an Authorization header is never served from the cache', async () => {
    const product = await makeProduct(shop.dataSource, { price: '4.00' });
    const url = `/api/products/${product.id}`;
    await get(url); // cached
    await shop.dataSource.query(`UPDATE products SET price = 4.25 WHERE id = $1`, [product.id]);
    const stale = await get(url, { cookie: 'shop_sid=not-a-session; theme=dark' });
    expect(stale.statusCode).toBe(200);
    expect(JSON.parse(stale.body).price).toBe('4.25');
    expect(stale.headers.etag).toBeUndefined();
    const token = await get(url, { authorization: 'Bearer shop_not_a_token' });
    expect(token.statusCode).toBe(401);
    // A cookie that is not the session's does not count as signed in: the cached answer.
    const other = await get(url, { cookie: 'theme=dark' });
    expect(JSON.parse(other.body).price).toBe('4.00');
  });
});

describe('changes reach visitors', () => {
  it("a staff member's price change shows at once on the instance that made it", async () => {
    const product = await makeProduct(shop.dataSource, { price: '5.00' });
    const pageUrl = trpcUrl('products.page', { limit: 20, search: product.name });
    expect(priceIn((await get(pageUrl)).body, product.id)).toBe('5.00');
    expect(JSON.parse((await get(`/api/products/${product.id}`)).body).price).toBe('5.00');

    const current = JSON.parse((await get(`/api/products/${product.id}`, { cookie: admin.cookie })).body);
    const put = await shop.app.inject({
      method: 'PUT',
      url: `/api/products/${product.id}`,
      headers: { cookie: admin.cookie, 'content-type': 'application/json' },
      payload: JSON.stringify({
        name: current.name,
        description: current.description,
        price: '5.75',
        categoryId: current.categoryId,
        version: current.version,
      }),
    });
    expect(put.statusCode).toBe(200);
    expect(priceIn((await get(pageUrl)).body, product.id)).toBe('5.75');
    expect(JSON.parse((await get(`/api/products/${product.id}`)).body).price).toBe('5.75');
  });

  it("a staff member's category rename shows at once in the cached category list", async () => {
    const created = await shop.app.inject({
      method: 'POST',
      url: '/api/categories',
      headers: { cookie: admin.cookie, 'content-type': 'application/json' },
      // Letters only: a long run of digits in free text may read as a card number and be refused.
      payload: JSON.stringify({
        name: `Pantry ${Math.random()
          .toString(36)
          .replace(/[^a-z]/g, '')
          .slice(0, 6)}`,
      }),
    });
    expect(created.statusCode).toBe(201);
    const category = created.json() as { id: string; name: string };
    const names = async () =>
      ((await get('/api/categories')).json() as { name: string }[]).map((c) => c.name);
    expect(await names()).toContain(category.name);
    const renamed = `${category.name} & Spices`;
    const patch = await shop.app.inject({
      method: 'PATCH',
      url: `/api/categories/${category.id}`,
      headers: { cookie: admin.cookie, 'content-type': 'application/json' },
      payload: JSON.stringify({ name: renamed }),
    });
    expect(patch.statusCode).toBe(200);
    expect(await names()).toContain(renamed);
    expect(await names()).not.toContain(category.name);
  });

  it('under concurrent reads, no read that starts after a price change has committed sees the old price', async () => {
    const product = await makeProduct(shop.dataSource, { price: '7.00' });
    // Its own category (fixtures), not a search: the anonymous search limit would refuse this many.
    const url = trpcUrl('products.page', { limit: 20, categoryId: product.categoryId });
    const current = JSON.parse((await get(`/api/products/${product.id}`, { cookie: admin.cookie })).body);
    let committedAt = Infinity;
    let stop = false;
    const stale: number[] = [];
    const reader = async () => {
      while (!stop) {
        const startedAt = performance.now();
        const answer = await get(url);
        expect(answer.statusCode).toBe(200);
        if (startedAt > committedAt && priceIn(answer.body, product.id) !== '7.10') {
          stale.push(startedAt - committedAt);
        }
        // A hit answers without I/O: let timers and the write run between reads.
        await new Promise((resolve) => setImmediate(resolve));
      }
    };
    const readers = Array.from({ length: 8 }, reader);
    await sleep(50);
    const put = await shop.app.inject({
      method: 'PUT',
      url: `/api/products/${product.id}`,
      headers: { cookie: admin.cookie, 'content-type': 'application/json' },
      payload: JSON.stringify({
        name: current.name,
        description: current.description,
        price: '7.10',
        categoryId: current.categoryId,
        version: current.version,
      }),
    });
    committedAt = performance.now();
    expect(put.statusCode).toBe(200);
    await sleep(100);
    stop = true;
    await Promise.all(readers);
    expect(stale).toEqual([]);
    expect(priceIn((await get(url)).body, product.id)).toBe('7.10');
  });

  it('a stock change after an order shows at once, on the listing and the product', async () => {
    const product = await makeProduct(shop.dataSource, { stock: 30 });
    const url = `/api/products/${product.id}`;
    const listUrl = trpcUrl('products.list', { search: product.name });
    expect(JSON.parse((await get(url)).body).stock).toBe(30);
    expect(JSON.parse((await get(listUrl)).body).result.data[0].stock).toBe(30);
    const shopper = await signIn(shop.app, `cache-${uniqueWord()}@example.com`);
    const order = await shop.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: { cookie: shopper.cookie, 'content-type': 'application/json' },
      payload: JSON.stringify(cardOrder([product], 3)),
    });
    expect(order.statusCode).toBe(201);
    expect(JSON.parse((await get(url)).body).stock).toBe(27);
    expect(JSON.parse((await get(listUrl)).body).result.data[0].stock).toBe(27);
  });

  it('a deleted product leaves the cached listing at once', async () => {
    const product = await makeProduct(shop.dataSource);
    const url = trpcUrl('products.list', { search: product.name });
    expect(JSON.parse((await get(url)).body).result.data).toHaveLength(1);
    const deleted = await shop.app.inject({
      method: 'DELETE',
      url: `/api/products/${product.id}`,
      headers: { cookie: admin.cookie },
    });
    expect(deleted.statusCode).toBe(200);
    expect(JSON.parse((await get(url)).body).result.data).toEqual([]);
    expect((await get(`/api/products/${product.id}`)).statusCode).toBe(404);
  });
});
