/** GET /api/products and /api/products/:id as the public sees them (docs/product.md §7, docs/architecture.md §3–4). */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CategoryEntity, ProductEntity } from '@shop/db';
import { expectNoInternals } from '../../test/expect-no-internals';
import { startTestApp, type TestApp } from '../../test/test-app';

const STOREFRONT_KEYS = [
  'allergens',
  'dietaryLabels',
  'mayContain',
  'categoryId',
  'description',
  'id',
  'imageUrl',
  'isGlutenFree',
  'isOrganic',
  'name',
  'price',
  'stock',
  'unit',
  // How it is sold (issue 20 part B: product-measure.ts).
  'soldBy',
  'measureUnit',
  'quantityStep',
  'minQuantity',
  'maxQuantity',
  'netContent',
  'netContentUnit',
  'weightTolerance',
  'unitPrice',
].sort();

interface StorefrontProduct {
  id: string;
  name: string;
  description: string | null;
  price: string;
  unit: string;
  stock: number;
  imageUrl: string | null;
  categoryId: string | null;
  isOrganic: boolean;
  isGlutenFree: boolean;
}

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp({ listen: false });
});

afterAll(async () => {
  await t?.close();
});

async function get(url: string) {
  const response = await t.app.inject({ method: 'GET', url });
  expectNoInternals(response.body);
  return response;
}

async function list(query = ''): Promise<StorefrontProduct[]> {
  const response = await get(`/api/products${query}`);
  expect(response.statusCode).toBe(200);
  return response.json();
}

/** A product of this test's own, in its own category. */
async function makeProduct(fields: Partial<ProductEntity> & { name: string }): Promise<ProductEntity> {
  const manager = t.db.dataSource.manager;
  const category =
    fields.categoryId === undefined
      ? await manager.save(
          manager.create(CategoryEntity, { name: `Test category ${randomBytes(4).toString('hex')}` }),
        )
      : null;
  return manager.save(
    manager.create(ProductEntity, {
      description: 'Made by a test',
      price: '1.00',
      unit: 'each',
      stock: 5,
      sku: `TEST-${randomBytes(4).toString('hex')}`,
      categoryId: category?.id ?? null,
      ...fields,
    }),
  );
}

describe('GET /api/products', () => {
  it('lists only active products, in the storefront view', async () => {
    const products = await list();
    const [{ active }] = await t.db.dataSource.query(
      `SELECT count(*)::int AS active FROM products WHERE is_active`,
    );
    expect(products).toHaveLength(active);
    const [inactive] = await t.db.dataSource.query(`SELECT id FROM products WHERE NOT is_active LIMIT 1`);
    expect(products.map((p) => p.id)).not.toContain(inactive.id);
    for (const product of products) expect(Object.keys(product).sort()).toEqual(STOREFRONT_KEYS);
  });

  it('answers prices as 2-decimal strings and stock as numbers', async () => {
    const products = await list();
    for (const product of products) {
      expect(product.price).toMatch(/^\d+\.\d{2}$/);
      expect(Number.isInteger(product.stock)).toBe(true);
    }
    const made = await makeProduct({ name: 'Zz Round Price', price: '12.5' });
    expect((await list()).find((p) => p.id === made.id)?.price).toBe('12.50');
  });

  it('sorts by name', async () => {
    const names = (await list()).map((p) => p.name);
    const rows: { name: string }[] = await t.db.dataSource.query(
      `SELECT name FROM products WHERE is_active ORDER BY name, id`,
    );
    expect(names).toEqual(rows.map((row) => row.name));
    // the seed inserts category by category, so this is not the insertion order
    const initials = names.map((name) => name[0]!.toLowerCase());
    expect(initials).toEqual([...initials].sort());
  });

  it('answers an inactive product to nobody in the public listing, even by search', async () => {
    const hidden = await makeProduct({ name: 'Zz Hidden Discontinued Thing', isActive: false });
    expect((await list('?search=hidden%20discontinued')).map((p) => p.id)).not.toContain(hidden.id);
  });

  it('filters by categoryId', async () => {
    const [beverages] = await t.db.dataSource.query(`SELECT id FROM categories WHERE name = 'Beverages'`);
    const [{ n }] = await t.db.dataSource.query(
      `SELECT count(*)::int AS n FROM products WHERE is_active AND category_id = $1`,
      [beverages.id],
    );
    const products = await list(`?categoryId=${beverages.id}`);
    expect(n).toBeGreaterThan(0);
    expect(products).toHaveLength(n);
    expect(new Set(products.map((p) => p.categoryId))).toEqual(new Set([beverages.id]));
  });

  it('answers an empty list for a category that does not exist', async () => {
    expect(await list('?categoryId=6f1c3b2e-0000-4000-8000-000000000000')).toEqual([]);
  });

  it('searches name and description case-insensitively', async () => {
    const byName = await makeProduct({ name: 'Zz Quokkaberry Jam', description: 'Spread' });
    const byDescription = await makeProduct({ name: 'Zz Plain Jar', description: 'Tastes of QUOKKABERRY' });
    for (const term of ['quokkaberry', 'QUOKKABERRY', 'QuOkKaBeRrY']) {
      expect((await list(`?search=${term}`)).map((p) => p.id).sort()).toEqual(
        [byName.id, byDescription.id].sort(),
      );
    }
  });

  it('searches the category name', async () => {
    const manager = t.db.dataSource.manager;
    const category = await manager.save(manager.create(CategoryEntity, { name: 'Zz Wombat Provisions' }));
    const inCategory = await makeProduct({
      name: 'Zz Crackers',
      description: 'Crunchy',
      categoryId: category.id,
    });
    expect((await list('?search=wombat%20PROVISIONS')).map((p) => p.id)).toEqual([inCategory.id]);
  });

  it('treats % and _ in the search as the characters themselves', async () => {
    const percent = await makeProduct({ name: 'Zz Cocoa 85% Bar', description: 'Dark' });
    const underscore = await makeProduct({ name: 'Zz snake_case Crisps', description: 'Salted' });
    await makeProduct({ name: 'Zz snakeXcase Chips', description: 'Salted' }); // what a wildcard _ would match
    const all = await list();
    const containing = (text: string) =>
      all.filter((p) => `${p.name}\n${p.description ?? ''}`.includes(text)).map((p) => p.id);
    // seeded descriptions mention '10% fat' and the like; category names have no % or _
    expect(containing('%')).toContain(percent.id);
    expect(containing('%').length).toBeLessThan(all.length);

    expect((await list('?search=%25')).map((p) => p.id)).toEqual(containing('%'));
    expect((await list('?search=85%25')).map((p) => p.id)).toEqual([percent.id]);
    expect((await list('?search=_')).map((p) => p.id)).toEqual(containing('_'));
    expect(containing('_')).toEqual([underscore.id]);
    expect((await list('?search=e_c')).map((p) => p.id)).toEqual([underscore.id]);
    // the same through the trigram indexes (a term with three letters or digits in a row)
    expect((await list('?search=coa%2085%25')).map((p) => p.id)).toEqual([percent.id]);
    expect((await list('?search=snake_case')).map((p) => p.id)).toEqual([underscore.id]);
    expect(await list('?search=%5C')).toEqual([]); // a lone backslash
  });

  it('treats an empty or blank search as no search', async () => {
    const all = await list();
    expect(await list('?search=')).toEqual(all);
    expect(await list('?search=%20%20')).toEqual(all);
  });

  it('combines the category and the search', async () => {
    const [beverages] = await t.db.dataSource.query(`SELECT id FROM categories WHERE name = 'Beverages'`);
    const products = await list(`?categoryId=${beverages.id}&search=apple`);
    expect(products.length).toBeGreaterThan(0);
    for (const product of products) {
      expect(product.categoryId).toBe(beverages.id);
      expect(`${product.name} ${product.description}`.toLowerCase()).toContain('apple');
    }
  });
});

describe('GET /api/products with bad input', () => {
  async function expectBadRequest(query: string, path: string, message?: RegExp) {
    const response = await get(`/api/products${query}`);
    expect(response.statusCode).toBe(400);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    const body = response.json();
    expect(Object.keys(body).sort()).toEqual(['code', 'issues', 'message']);
    expect(body.code).toBe('BAD_REQUEST');
    expect(typeof body.message).toBe('string');
    expect(body.issues.length).toBeGreaterThan(0);
    for (const issue of body.issues) expect(Object.keys(issue).sort()).toEqual(['message', 'path']);
    expect(body.issues[0].path).toBe(path);
    if (message) expect(body.issues[0].message).toMatch(message);
    return body;
  }

  it('refuses a categoryId that is not a uuid', async () => {
    const body = await expectBadRequest('?categoryId=42', 'categoryId', /uuid/);
    expect(body.issues).toEqual([{ path: 'categoryId', message: 'categoryId must be a uuid' }]);
  });

  it('refuses an unknown query key', async () => {
    await expectBadRequest('?colour=red', '', /colour/);
    await expectBadRequest('?search=tea&pageSize=5', '', /pageSize/);
  });

  it('refuses a repeated key', async () => {
    await expectBadRequest('?search=tea&search=coffee', 'search');
    await expectBadRequest(
      '?categoryId=6f1c3b2e-0000-4000-8000-000000000000&categoryId=6f1c3b2e-0000-4000-8000-000000000001',
      'categoryId',
    );
  });

  it('refuses a 10 KB search string', async () => {
    await expectBadRequest(`?search=${'a'.repeat(10 * 1024)}`, 'search');
  });

  it('refuses a NUL character in the search with a 400, not a 500', async () => {
    const response = await get('/api/products?search=tea%00');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'BAD_REQUEST' });
  });

  it('never answers a 500 to odd query strings', async () => {
    for (const query of [
      '?search=%ff',
      '?search[]=x',
      '?search[a]=x',
      '?=x',
      '?&&&',
      '?search=%27%3B%20DROP%20TABLE%20products%3B--',
    ]) {
      const response = await get(`/api/products${query}`);
      expect(response.statusCode, query).toBeLessThan(500);
    }
    expect(await t.db.dataSource.manager.count(ProductEntity)).toBeGreaterThan(0);
  });
});

describe('GET /api/products/:id', () => {
  it('answers an active product in the storefront view', async () => {
    const made = await makeProduct({ name: 'Zz By Id', price: '3.10', stock: 9 });
    const response = await get(`/api/products/${made.id}`);
    expect(response.statusCode).toBe(200);
    const product = response.json();
    // The product page's view: the card's fields and the food facts in full (issue 20).
    expect(Object.keys(product).sort()).toEqual(
      [...STOREFRONT_KEYS, 'ingredients', 'nutrition', 'origin', 'storage'].sort(),
    );
    expect(product).toMatchObject({ id: made.id, name: 'Zz By Id', price: '3.10', stock: 9, unit: 'each' });
  });

  it('answers 404 for an inactive product', async () => {
    const [inactive] = await t.db.dataSource.query(`SELECT id FROM products WHERE NOT is_active LIMIT 1`);
    const response = await get(`/api/products/${inactive.id}`);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: 'Product not found', code: 'NOT_FOUND' });
  });

  it('answers 404 for a product that does not exist', async () => {
    const response = await get('/api/products/6f1c3b2e-0000-4000-8000-000000000000');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: 'Product not found', code: 'NOT_FOUND' });
  });

  it('answers 400 for an id that is not a uuid', async () => {
    const response = await get('/api/products/not-a-uuid');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'BAD_REQUEST',
      issues: [{ path: 'id', message: 'id must be a uuid' }],
    });
  });
});
