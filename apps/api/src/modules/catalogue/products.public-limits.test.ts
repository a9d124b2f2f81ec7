/**
 * What the public may ask of the catalogue: an anonymous listing without a limit is one page (the
 * whole catalogue is for people who signed in, and anyone may page with limit and cursor), and
 * anonymous searches are limited per IP, each search of a tRPC batch counted.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { PRODUCT_PAGE_MAX } from '@shop/schema';
import { startTestApp, type TestApp } from '../../test/test-app';
import { signIn } from '../../test/sign-in';

let shop: TestApp | undefined;
afterEach(async () => {
  await shop?.close();
  shop = undefined;
});

async function addProducts(app: TestApp, count: number) {
  await app.dataSource.query(
    `INSERT INTO products (sku, name, description, category_id, price, unit, stock)
     SELECT 'PUB-' || n, 'Public item ' || lpad(n::text, 4, '0'), 'For the public-limits test',
            (SELECT id FROM categories ORDER BY name LIMIT 1), '1.00', 'each', 5
     FROM generate_series(1, $1) AS n`,
    [count],
  );
  const [{ active }] = await app.dataSource.query(
    `SELECT count(*)::int AS active FROM products WHERE is_active`,
  );
  return active as number;
}

describe('the anonymous product listing', () => {
  it('without a limit answers one page; signed in, the whole catalogue; anyone may page on', async () => {
    shop = await startTestApp({ listen: false });
    const active = await addProducts(shop, 150);
    const anonymous = await shop.app.inject({ url: '/api/products' });
    expect(anonymous.statusCode).toBe(200);
    const first = anonymous.json() as { id: string }[];
    expect(first).toHaveLength(PRODUCT_PAGE_MAX);

    const customer = await signIn(shop.app, 'customer@example.com');
    const everything = await shop.app.inject({ url: '/api/products', headers: { cookie: customer.cookie } });
    expect(everything.json()).toHaveLength(active);

    const paged = [...first];
    for (let page = first; page.length === PRODUCT_PAGE_MAX; paged.push(...page)) {
      const next = await shop.app.inject({ url: `/api/products?limit=100&cursor=${page.at(-1)!.id}` });
      page = next.json();
    }
    expect(new Set(paged.map((product) => product.id)).size).toBe(active);
    const trpc = await shop.app.inject({ url: '/trpc/products.list' });
    expect(trpc.json().result.data).toHaveLength(PRODUCT_PAGE_MAX);
  });
});

describe('anonymous search', () => {
  const search = (app: TestApp, count: number, headers: Record<string, string> = {}) => {
    const calls = Array.from({ length: count }, () => 'products.page').join(',');
    const input = Object.fromEntries(
      Array.from({ length: count }, (_, i) => [String(i), { search: `apple ${i}` }]),
    );
    return app.app
      .inject({ url: `/trpc/${calls}?batch=1&input=${encodeURIComponent(JSON.stringify(input))}`, headers })
      .then((response) =>
        (response.json() as { error?: { data: { httpStatus: number } } }[]).map(
          (answer) => answer.error?.data.httpStatus ?? 200,
        ),
      );
  };

  it('is limited per IP (SEARCH_RATE_LIMIT_PER_MINUTE), every search of a batch counted', async () => {
    shop = await startTestApp({ listen: false, env: { SEARCH_RATE_LIMIT_PER_MINUTE: '3' } });
    expect(await search(shop, 5)).toEqual([200, 200, 200, 429, 429]);
    const rest = await shop.app.inject({ url: '/api/products?search=pear' });
    expect(rest.statusCode).toBe(429);
    expect(rest.json()).toMatchObject({
      code: 'TOO_MANY_REQUESTS',
      message: expect.stringMatching(/^Too many searches/),
    });
    // Browsing without a search is not a search.
    expect((await shop.app.inject({ url: '/api/products?limit=5' })).statusCode).toBe(200);
    // Another visitor has their own counter.
    const other = await shop.app.inject({ url: '/api/products?search=pear', remoteAddress: '198.51.100.9' });
    expect(other.statusCode).toBe(200);
    // Signed-in shoppers are not limited here.
    const customer = await signIn(shop.app, 'customer@example.com');
    expect(await search(shop, 5, { cookie: customer.cookie })).toEqual([200, 200, 200, 200, 200]);
  });
});
