/**
 * The picture rule (docs/architecture.md §4 "Pictures", packages/schema picture-rule.ts) through the
 * real app: every input that takes a picture address (a product over REST and tRPC, the CSV import)
 * refuses an api address, another scheme or an unlisted host with a field message; the CSP lets
 * the browser load nothing else.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/test-app';
import { signIn } from '../../test/sign-in';

let shop: TestApp;
let admin: string;
let inventory: string;
let categoryId: string;
let productId: string;

const ALLOWED = 'https://cdn.freshcart.example/apples.png';
const MESSAGE =
  'Image URL must be one of the shop’s pictures (/products/…) or an https:// address on cdn.freshcart.example';

const REFUSED = [
  '/api/logout',
  '/trpc/auth.me',
  '/oidc/session/end',
  '/products/../api/logout',
  '/products/%2e%2e/api/logout',
  '//evil.example/track.png',
  'http://cdn.freshcart.example/apples.png',
  'https://tracker.example/pixel.gif',
  'https://user:pass@cdn.freshcart.example/a.png',
  'javascript:alert(1)',
  'data:image/svg+xml,<svg/>',
  'api/logout',
];

const tag = () => Math.random().toString(36).slice(2, 8);
const body = (imageUrl: string | null) => ({
  name: `Picture test ${tag()}`,
  description: 'Checks the picture rule',
  price: '2.50',
  stock: 3,
  categoryId,
  imageUrl,
});

async function send(cookie: string, method: 'POST' | 'PUT', url: string, payload: unknown) {
  const response = await shop.app.inject({
    method,
    url,
    headers: { cookie, 'content-type': 'application/json' },
    payload: JSON.stringify(payload),
  });
  return { status: response.statusCode, body: response.json() };
}

beforeAll(async () => {
  shop = await startTestApp({ listen: false, env: { IMAGE_HOSTS: 'cdn.freshcart.example' } });
  admin = (await signIn(shop.app, 'admin@example.com')).cookie;
  inventory = (await signIn(shop.app, 'inventory@example.com')).cookie;
  [{ id: categoryId }] = await shop.dataSource.query(`SELECT id FROM categories ORDER BY name LIMIT 1`);
  const created = await send(admin, 'POST', '/api/products', body('/products/gala-apples.svg'));
  expect(created.status).toBe(201);
  productId = created.body.id;
});
afterAll(async () => {
  await shop?.close();
});

describe('a product picture', () => {
  it.each(REFUSED)('%s is refused on create and update (400, field imageUrl)', async (imageUrl) => {
    const created = await send(admin, 'POST', '/api/products', body(imageUrl));
    expect(created.status).toBe(400);
    expect(created.body.issues).toEqual([{ path: 'imageUrl', message: MESSAGE }]);

    const updated = await send(inventory, 'PUT', `/api/products/${productId}`, body(imageUrl));
    expect(updated.status).toBe(400);
    expect(updated.body.issues).toEqual([{ path: 'imageUrl', message: MESSAGE }]);

    const trpc = await send(admin, 'POST', '/trpc/products.create', body(imageUrl));
    expect(trpc.status).toBe(400);
    expect(JSON.stringify(trpc.body)).toContain(MESSAGE);
  });

  it.each(['/products/gala-apples.svg', ALLOWED, '', null])('%j is accepted', async (imageUrl) => {
    const created = await send(admin, 'POST', '/api/products', body(imageUrl));
    expect(created.status).toBe(201);
    expect(created.body.imageUrl).toBe(imageUrl || null);
  });

  it('is checked in a CSV import, by row', async () => {
    const header =
      'sku,name,description,category,price,unit,stock,low_stock_threshold,is_organic,is_gluten_free,is_active,image_url';
    const line = (sku: string, image: string) =>
      `${sku},Imported ${sku},From a file,Pantry,1.00,each,1,0,false,false,true,${image}`;
    const sku = `PIC-${tag()}`;
    const response = await shop.app.inject({
      method: 'POST',
      url: '/api/products/import',
      headers: { cookie: admin, 'content-type': 'text/csv' },
      payload: [header, line(`${sku}-1`, ALLOWED), line(`${sku}-2`, '/api/logout'), ''].join('\n'),
    });
    expect(response.statusCode).toBe(400);
    expect(JSON.stringify(response.json())).toContain(MESSAGE);
    const [{ count }] = await shop.dataSource.query(
      `SELECT count(*)::int AS count FROM products WHERE sku LIKE $1`,
      [`${sku}%`],
    );
    expect(count).toBe(0);
  });
});

describe('the Content-Security-Policy', () => {
  it('lets pages load pictures from the shop, data: and the image hosts only', async () => {
    const response = await shop.app.inject({ method: 'GET', url: '/api/health' });
    const imgSrc = String(response.headers['content-security-policy'])
      .split(';')
      .find((directive) => directive.startsWith('img-src'));
    expect(imgSrc).toBe("img-src 'self' data: https://cdn.freshcart.example");
  });
});
