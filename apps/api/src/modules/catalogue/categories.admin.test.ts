/**
 * Admin → Categories (issue 19 item 1) through the REST adapter: staff create, rename, describe,
 * picture, order, hide and delete categories; shoppers see the active ones in that order; a
 * category with products is only deleted by moving them; stale edits and stale orders are refused.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { embeddedTestDatabase } from '@shop/db/testing';
import type { AdminCategoryDto } from '@shop/schema';
import { startTestApp, type TestApp } from '../../test/test-app';
import { signIn } from '../../test/sign-in';

let t: TestApp;
let admin: string;
let inventory: string;
let sales: string;

beforeAll(async () => {
  t = await startTestApp({ listen: false });
  admin = (await signIn(t.app, 'admin@example.com')).cookie;
  inventory = (await signIn(t.app, 'inventory@example.com')).cookie;
  sales = (await signIn(t.app, 'sales@example.com')).cookie;
}, 60_000);
afterAll(async () => {
  await t?.close();
});

const tag = () => Math.random().toString(36).slice(2, 8);

async function call(cookie: string | null, method: string, url: string, body?: unknown) {
  const response = await t.app.inject({
    method: method as 'GET',
    url,
    headers: { ...(cookie && { cookie }), ...(body !== undefined && { 'content-type': 'application/json' }) },
    ...(body !== undefined && { payload: JSON.stringify(body) }),
  });
  return { status: response.statusCode, body: response.body ? response.json() : null };
}

async function createCategory(fields: Record<string, unknown> = {}): Promise<AdminCategoryDto> {
  const created = await call(inventory, 'POST', '/api/categories', { name: `Shelf ${tag()}`, ...fields });
  expect(created.status).toBe(201);
  return created.body;
}

async function createProductIn(categoryId: string): Promise<{ id: string }> {
  const created = await call(inventory, 'POST', '/api/products', {
    name: `Product ${tag()}`,
    description: 'In a category of the test',
    price: '2.50',
    stock: 5,
    categoryId,
  });
  expect(created.status).toBe(201);
  return created.body;
}

const shopperNames = async () =>
  ((await call(null, 'GET', '/api/categories')).body as { name: string }[]).map((c) => c.name);

describe('Admin → Categories', () => {
  it('an inventory manager creates a category that shoppers then see, with its description and picture', async () => {
    const category = await createCategory({
      description: 'Jams and honey',
      imageUrl: '/products/almonds.svg',
    });
    expect(category).toMatchObject({
      description: 'Jams and honey',
      imageUrl: '/products/almonds.svg',
      isActive: true,
      productCount: 0,
      version: 1,
    });
    expect(await shopperNames()).toContain(category.name);
    const cards = await t.app.inject({ method: 'GET', url: '/trpc/categories.storefront' });
    expect(cards.json().result.data).toContainEqual(
      expect.objectContaining({ id: category.id, imageUrl: '/products/almonds.svg' }),
    );
  });

  it('refuses a blank name, a taken name and a picture outside the picture rule, writing nothing', async () => {
    const blank = await call(admin, 'POST', '/api/categories', { name: '  ' });
    expect(blank.status).toBe(400);
    expect(blank.body.issues).toContainEqual({ path: 'name', message: 'Name is required' });
    const taken = await call(admin, 'POST', '/api/categories', { name: 'Bakery' });
    expect(taken.status).toBe(409);
    expect(taken.body.message).toBe('A category named Bakery already exists');
    const name = `Elsewhere ${tag()}`;
    const picture = await call(admin, 'POST', '/api/categories', {
      name,
      imageUrl: 'http://tracker.example/pixel.gif',
    });
    expect(picture.status).toBe(400);
    expect(picture.body.issues[0].path).toBe('imageUrl');
    expect(await shopperNames()).not.toContain(name);
  });

  it('renames and describes a category; an edit from an older version is refused with the current one', async () => {
    const category = await createCategory();
    const renamed = await call(admin, 'PATCH', `/api/categories/${category.id}`, {
      name: `${category.name} & Co`,
      description: 'Renamed',
      version: category.version,
    });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ name: `${category.name} & Co`, description: 'Renamed', version: 2 });

    const stale = await call(admin, 'PATCH', `/api/categories/${category.id}`, {
      name: 'Lost update',
      version: category.version,
    });
    expect(stale.status).toBe(409);
    expect(stale.body.message).toBe(
      'This category was changed by someone else while you were editing it. Reload it to see the current values.',
    );
    expect(stale.body.details).toMatchObject({
      reason: 'STALE_VERSION',
      current: { name: `${category.name} & Co` },
    });
  });

  it('hides an inactive category from shoppers while staff still see it, and brings it back', async () => {
    const category = await createCategory();
    const hidden = await call(inventory, 'PATCH', `/api/categories/${category.id}`, { isActive: false });
    expect(hidden.body.isActive).toBe(false);
    expect(await shopperNames()).not.toContain(category.name);
    const staff = (await call(inventory, 'GET', '/api/admin/categories')).body as AdminCategoryDto[];
    expect(staff.find((c) => c.id === category.id)?.isActive).toBe(false);

    await call(inventory, 'PATCH', `/api/categories/${category.id}`, { isActive: true });
    expect(await shopperNames()).toContain(category.name);
  });

  it('orders the storefront as staff set it, and refuses an order that misses a category', async () => {
    const before = (await call(admin, 'GET', '/api/admin/categories')).body as AdminCategoryDto[];
    const reversed = before.map((c) => c.id).reverse();
    const reordered = await call(admin, 'PUT', '/api/categories/order', { ids: reversed });
    expect(reordered.status).toBe(200);
    expect((reordered.body as AdminCategoryDto[]).map((c) => c.id)).toEqual(reversed);
    const active = before.filter((c) => c.isActive).map((c) => c.name);
    expect(await shopperNames()).toEqual(active.reverse());

    const partial = await call(admin, 'PUT', '/api/categories/order', { ids: reversed.slice(1) });
    expect(partial.status).toBe(409);
    expect(partial.body.message).toBe(
      'The categories changed while you were ordering them. Reload and try again.',
    );
    const added = await createCategory();
    expect((await shopperNames()).at(-1)).toBe(added.name); // a new category comes last
  });

  it('refuses to delete a category holding products, saying how many; moving them deletes it', async () => {
    const category = await createCategory();
    const target = await createCategory();
    const products = [
      await createProductIn(category.id),
      await createProductIn(category.id),
      await createProductIn(category.id),
    ];

    const refused = await call(admin, 'DELETE', `/api/categories/${category.id}`);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(
      `${category.name} still holds 3 products. Move them to another category or delete them first.`,
    );
    expect(refused.body.details).toEqual({ reason: 'HAS_PRODUCTS', productCount: 3 });
    expect((await call(admin, 'GET', `/api/admin/categories/${category.id}`)).body.productCount).toBe(3);

    const self = await call(admin, 'DELETE', `/api/categories/${category.id}?moveProductsTo=${category.id}`);
    expect(self.status).toBe(400);

    const moved = await call(admin, 'DELETE', `/api/categories/${category.id}?moveProductsTo=${target.id}`);
    expect(moved.status).toBe(200);
    expect(moved.body).toEqual({ id: category.id, movedProducts: 3, message: 'Category deleted' });
    for (const product of products) {
      expect((await call(admin, 'GET', `/api/products/${product.id}`)).body.categoryId).toBe(target.id);
    }
    expect((await call(admin, 'GET', `/api/admin/categories/${category.id}`)).status).toBe(404);
  });

  it('deletes an empty category', async () => {
    const category = await createCategory();
    expect((await call(admin, 'DELETE', `/api/categories/${category.id}`)).status).toBe(200);
    expect(await shopperNames()).not.toContain(category.name);
  });

  it('lets a sales manager and a customer see the shop’s categories but change none', async () => {
    const category = await createCategory();
    expect((await call(sales, 'GET', '/api/admin/categories')).status).toBe(403);
    expect((await call(sales, 'PATCH', `/api/categories/${category.id}`, { name: 'Mine' })).status).toBe(403);
    expect((await call(null, 'DELETE', `/api/categories/${category.id}`)).status).toBe(401);
  });
});

describe.skipIf(embeddedTestDatabase)('categories under concurrent writes (PostgreSQL)', () => {
  it('a product created while its category is deleted never lands orphaned', async () => {
    for (let round = 0; round < 5; round++) {
      const category = await createCategory();
      const [deleted, product] = await Promise.all([
        call(admin, 'DELETE', `/api/categories/${category.id}`),
        call(inventory, 'POST', '/api/products', {
          name: `Racing ${tag()}`,
          description: 'Created during a delete',
          price: '1.00',
          stock: 1,
          categoryId: category.id,
        }),
      ]);
      if (product.status === 201) {
        // The product won: the delete saw it and refused.
        expect(deleted.status).toBe(409);
        expect(product.body.categoryId).toBe(category.id);
      } else {
        expect(deleted.status).toBe(200);
        expect(product.status).toBe(400);
        expect(product.body.issues).toContainEqual({ path: 'categoryId', message: 'Category not found' });
      }
    }
    const [orphans] = await t.db.dataSource.query(
      `SELECT count(*)::int AS n FROM products WHERE category_id IS NULL AND name LIKE 'Racing %'`,
    );
    expect(orphans.n).toBe(0);
  });

  it('two staff saving the same version at once: exactly one wins', async () => {
    const category = await createCategory();
    const answers = await Promise.all(
      ['First', 'Second'].map((name) =>
        call(admin, 'PATCH', `/api/categories/${category.id}`, {
          name: `${name} ${tag()}`,
          version: category.version,
        }),
      ),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
  });
});
