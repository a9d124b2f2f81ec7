/**
 * A product's page as the server answers it (issue 33 item 13, product-pages.ts and http/spa.ts):
 * its own title, description, canonical address and Open Graph tags (name, price, picture), every
 * value escaped, so a link shared anywhere previews the product before the app runs; an unknown or
 * inactive product's page is a 404.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/test-app';
import { signIn } from '../../test/sign-in';

const INDEX =
  '<!doctype html><html lang="en"><head><meta charset="UTF-8" />' +
  '<meta name="description" content="Fresh produce, delivered." /><title>FreshCart Market</title></head>' +
  '<body><div id="root">spa-root</div></body></html>';
const webDist = mkdtempSync(join(tmpdir(), 'shop-product-pages-'));
/** The origin the requests come to (app.inject's Host); PUBLIC_URL would fix another (http/origin.ts). */
const ORIGIN = 'http://localhost';
let t: TestApp;
let admin: string;
let categoryId: string;

async function createProduct(fields: Record<string, unknown>): Promise<string> {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/products',
    headers: { cookie: admin, 'content-type': 'application/json' },
    payload: JSON.stringify({ price: '2.50', stock: 5, categoryId, imageUrl: null, ...fields }),
  });
  expect(response.statusCode, response.body).toBe(201);
  return (response.json() as { id: string }).id;
}

/** The head's tags as a visitor's browser or a link preview reads them. */
function headOf(body: string) {
  const head = /<head>(.*)<\/head>/s.exec(body)?.[1] ?? '';
  const property = (name: string) =>
    new RegExp(`<meta property="${name}" content="([^"]*)">`).exec(head)?.[1];
  return {
    title: /<title>([^<]*)<\/title>/.exec(head)?.[1],
    descriptions: [...head.matchAll(/<meta name="description" content="([^"]*)"/g)].map((m) => m[1]),
    canonical: /<link rel="canonical" href="([^"]*)">/.exec(head)?.[1],
    type: property('og:type'),
    ogTitle: property('og:title'),
    ogDescription: property('og:description'),
    url: property('og:url'),
    image: property('og:image'),
    amount: property('product:price:amount'),
    currency: property('product:price:currency'),
    raw: head,
  };
}

beforeAll(async () => {
  writeFileSync(join(webDist, 'index.html'), INDEX);
  t = await startTestApp({ listen: false, env: { WEB_DIST: webDist } });
  admin = (await signIn(t.app, 'admin@example.com')).cookie;
  [{ id: categoryId }] = await t.dataSource.query(
    `SELECT id FROM categories WHERE is_active ORDER BY name LIMIT 1`,
  );
});

afterAll(async () => {
  await t?.close();
  rmSync(webDist, { recursive: true, force: true });
});

describe("a product's page", () => {
  it('names the product: title, description, canonical address, Open Graph name, price and picture', async () => {
    const id = await createProduct({
      name: 'Heritage Plums',
      description: 'Sweet, juicy plums from a family orchard.',
      price: '3.40',
      imageUrl: '/products/gala-apples.svg',
    });
    const page = await t.app.inject({ url: `/products/${id}?utm_source=share` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('spa-root'); // the app still takes over
    const head = headOf(page.body);
    expect(head.title).toBe('Heritage Plums · FreshCart');
    expect(head.descriptions).toEqual(['Heritage Plums, $3.40. Sweet, juicy plums from a family orchard.']);
    expect(head.canonical).toBe(`${ORIGIN}/products/${id}`);
    expect(head).toMatchObject({
      type: 'product',
      ogTitle: 'Heritage Plums',
      ogDescription: 'Heritage Plums, $3.40. Sweet, juicy plums from a family orchard.',
      url: `${ORIGIN}/products/${id}`,
      image: `${ORIGIN}/products/gala-apples.svg`,
      amount: '3.40',
      currency: 'USD',
    });
  });

  it("says the price per kg of a product sold by weight, in the shop's currency", async () => {
    const id = await createProduct({
      name: 'Loose Cherries',
      description: 'By weight.',
      price: '9.90',
      soldBy: 'measure',
      measureUnit: 'kg',
      quantityStep: 250,
      minQuantity: 250,
      maxQuantity: 5000,
      stock: 10000,
    });
    await t.dataSource.query(`UPDATE shop_settings SET currency = 'EUR' WHERE id = 1`);
    try {
      const head = headOf((await t.app.inject({ url: `/products/${id}` })).body);
      expect(head.descriptions).toEqual(['Loose Cherries, €9.90 / kg. By weight.']);
      expect(head).toMatchObject({ amount: '9.90', currency: 'EUR' });
      expect(head.image).toBeUndefined(); // no picture, no og:image
    } finally {
      await t.dataSource.query(`UPDATE shop_settings SET currency = 'USD' WHERE id = 1`);
    }
  });

  it('escapes whatever the product says', async () => {
    const name = `Tom's "Best" </title><script>alert(1)</script>`;
    const id = await createProduct({ name, description: '"><img src=x onerror=alert(1)> & more' });
    const page = await t.app.inject({ url: `/products/${id}` });
    expect(page.statusCode).toBe(200);
    expect(page.body).not.toContain('<script>alert(1)');
    expect(page.body).not.toContain('<img src=x');
    const head = headOf(page.body);
    expect(head.title).toBe(
      'Tom&#39;s &#34;Best&#34; &#60;/title&#62;&#60;script&#62;alert(1)&#60;/script&#62; · FreshCart',
    );
    expect(head.ogTitle).toBe(
      'Tom&#39;s &#34;Best&#34; &#60;/title&#62;&#60;script&#62;alert(1)&#60;/script&#62;',
    );
    expect(head.ogDescription).toContain('&#34;&#62;&#60;img src=x onerror=alert(1)&#62; &#38; more');
  });

  it('cuts a long description at a word, for search results', async () => {
    const id = await createProduct({ name: 'Wordy Loaf', description: 'crusty '.repeat(60) });
    const [description] = headOf((await t.app.inject({ url: `/products/${id}` })).body).descriptions;
    expect(description!.length).toBeLessThanOrEqual(160);
    expect(description).toMatch(/^Wordy Loaf, \$2\.50\. crusty .*crusty…$/);
  });

  it('answers an unknown or inactive product with 404 and no product tags', async () => {
    const inactive = await createProduct({ name: 'Retired Relish', description: 'Gone.' });
    await t.dataSource.query(`UPDATE products SET is_active = false WHERE id = $1`, [inactive]);
    for (const url of [
      `/products/${inactive}`,
      '/products/00000000-0000-4000-8000-000000000000',
      '/products/not-a-uuid',
    ]) {
      const page = await t.app.inject({ url });
      expect(page.statusCode, url).toBe(404);
      const head = headOf(page.body);
      expect(head.title, url).toBe('Page Not Found · FreshCart');
      expect(head.type, url).toBeUndefined();
      expect(head.raw, url).not.toContain('Retired Relish');
    }
  });

  it('leaves the other pages their own head: the shop description, no product tags', async () => {
    const head = headOf((await t.app.inject({ url: '/' })).body);
    expect(head.descriptions).toEqual(['Fresh produce, delivered.']);
    expect(head.type).toBeUndefined();
  });
});
