/**
 * A hidden (inactive) category hides its products from the storefront (issue 19; the rule is
 * catalogue/on-sale.ts): the listing, its count, the search, a category's page and one product, over
 * REST and tRPC, for visitors and customers alike; such a product cannot be ordered. Staff still see
 * it in the admin views. Hiding and showing the category again takes effect at once, also with the
 * catalogue cache on (the category write invalidates it).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/test-app';
import { signIn } from '../../test/sign-in';

let t: TestApp;
let inventory: string;
let customer: string;

beforeAll(async () => {
  // The cache on (a minute): a hidden category must not be served from it.
  t = await startTestApp({ listen: false, env: { CATALOGUE_CACHE_MAX_AGE_MS: '60000' } });
  inventory = (await signIn(t.app, 'inventory@example.com')).cookie;
  customer = (await signIn(t.app, 'customer@example.com')).cookie;
}, 60_000);
afterAll(async () => {
  await t?.close();
});

const input = (value: unknown) => encodeURIComponent(JSON.stringify(value));

async function call(cookie: string | null, method: string, url: string, body?: unknown) {
  const response = await t.app.inject({
    method: method as 'GET',
    url,
    headers: { ...(cookie && { cookie }), ...(body !== undefined && { 'content-type': 'application/json' }) },
    ...(body !== undefined && { payload: JSON.stringify(body) }),
  });
  return { status: response.statusCode, body: response.body ? response.json() : null };
}

/** What a visitor (null) or a customer sees of the product, through every storefront door. */
async function storefront(cookie: string | null, product: { id: string; name: string }, categoryId: string) {
  const ids = (list: { id: string }[]) => list.map((p) => p.id);
  const listed = await call(cookie, 'GET', '/api/products?limit=100&search=Hideable');
  const inCategory = await call(cookie, 'GET', `/api/products?categoryId=${categoryId}`);
  const one = await call(cookie, 'GET', `/api/products/${product.id}`);
  const trpcOne = await call(cookie, 'GET', `/trpc/products.byId?input=${input({ id: product.id })}`);
  const page = await call(cookie, 'GET', `/trpc/products.page?input=${input({ search: product.name })}`);
  const categoryPage = await call(cookie, 'GET', `/trpc/products.page?input=${input({ categoryId })}`);
  return {
    listed: ids(listed.body).includes(product.id),
    inCategory: ids(inCategory.body).includes(product.id),
    one: one.status,
    trpcOne: trpcOne.status,
    pageTotal: page.body.result.data.total,
    categoryTotal: categoryPage.body.result.data.total,
  };
}

const VISIBLE = { listed: true, inCategory: true, one: 200, trpcOne: 200, pageTotal: 1, categoryTotal: 1 };
const HIDDEN = { listed: false, inCategory: false, one: 404, trpcOne: 404, pageTotal: 0, categoryTotal: 0 };

describe('a hidden category', () => {
  it('hides its products from visitors and customers everywhere, not from staff, until shown again', async () => {
    const category = (
      await call(inventory, 'POST', '/api/categories', {
        name: `Hideable ${Math.random()
          .toString(36)
          .replace(/[^a-z]/g, '')}`,
      })
    ).body;
    const product = (
      await call(inventory, 'POST', '/api/products', {
        name: `Hideable jam ${Math.random()
          .toString(36)
          .replace(/[^a-z]/g, '')}`,
        description: 'In a category that will be hidden',
        price: '3.20',
        stock: 5,
        categoryId: category.id,
      })
    ).body;

    // Seen (and so cached for visitors) before the category is hidden.
    expect(await storefront(null, product, category.id)).toEqual(VISIBLE);
    expect(await storefront(customer, product, category.id)).toEqual(VISIBLE);

    const hidden = await call(inventory, 'PATCH', `/api/categories/${category.id}`, { isActive: false });
    expect(hidden.status).toBe(200);
    expect(await storefront(null, product, category.id)).toEqual(HIDDEN);
    expect(await storefront(customer, product, category.id)).toEqual(HIDDEN);

    // Staff still see it, in the admin views.
    const staffView = await call(inventory, 'GET', `/api/products/${product.id}`);
    expect(staffView).toMatchObject({ status: 200, body: { id: product.id, isActive: true } });
    const adminPage = await call(
      inventory,
      'GET',
      `/trpc/products.adminPage?input=${input({ categoryId: category.id })}`,
    );
    expect(adminPage.body.result.data.items.map((p: { id: string }) => p.id)).toEqual([product.id]);

    // Nobody can order it meanwhile: 409, nothing written.
    const order = await call(customer, 'POST', '/api/orders', {
      items: [{ productId: product.id, quantity: 1, price: '3.20' }],
      total: '3.20',
      paymentMethod: 'cash_on_delivery',
      shippingAddress: '1 Test Street, Springfield, IL 62701, US',
    });
    expect(order.status).toBe(409);
    expect(order.body).toMatchObject({ details: { reason: 'PRODUCT_UNAVAILABLE' } });
    const [{ stock }] = await t.db.dataSource.query(`SELECT stock FROM products WHERE id = $1`, [product.id]);
    expect(stock).toBe(5);

    const shown = await call(inventory, 'PATCH', `/api/categories/${category.id}`, { isActive: true });
    expect(shown.status).toBe(200);
    expect(await storefront(null, product, category.id)).toEqual(VISIBLE);
    expect(await storefront(customer, product, category.id)).toEqual(VISIBLE);
  });
});
