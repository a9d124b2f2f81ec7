/** The same procedures through /trpc answer what the REST adapter answers (one route table). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoInternals } from '../../test/expect-no-internals';
import { startTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
let beveragesId: string;

beforeAll(async () => {
  t = await startTestApp({ listen: false });
  [{ id: beveragesId }] = await t.db.dataSource.query(`SELECT id FROM categories WHERE name = 'Beverages'`);
});

afterAll(async () => {
  await t?.close();
});

async function inject(method: 'GET' | 'POST', url: string) {
  const response = await t.app.inject({ method, url });
  expectNoInternals(response.body);
  return response;
}

const input = (value: unknown) => encodeURIComponent(JSON.stringify(value));

describe('tRPC products and categories', () => {
  it('products.list gives the same data as GET /api/products', async () => {
    const rest = await inject('GET', '/api/products');
    const trpc = await inject('GET', '/trpc/products.list');
    expect(trpc.statusCode).toBe(200);
    expect(trpc.json()).toEqual({ result: { data: rest.json() } });
    expect(rest.json().length).toBeGreaterThan(0);
  });

  it('products.list with input filters as the query string does', async () => {
    const rest = await inject('GET', `/api/products?categoryId=${beveragesId}&search=juice`);
    const trpc = await inject(
      'GET',
      `/trpc/products.list?input=${input({ categoryId: beveragesId, search: 'juice' })}`,
    );
    expect(trpc.statusCode).toBe(200);
    expect(rest.json().length).toBeGreaterThan(0);
    expect(trpc.json().result.data).toEqual(rest.json());
  });

  it('products.byId gives the same product as GET /api/products/:id', async () => {
    const [first] = (await inject('GET', '/api/products')).json();
    const rest = await inject('GET', `/api/products/${first.id}`);
    const trpc = await inject('GET', `/trpc/products.byId?input=${input({ id: first.id })}`);
    expect(trpc.json().result.data).toEqual(rest.json());
    // The page's card is the product's page without the details (ingredients, nutrition, …).
    expect(rest.json()).toMatchObject(first);
  });

  it('answers a batched call in order', async () => {
    const products = (await inject('GET', `/api/products?search=tea`)).json();
    const categories = (await inject('GET', '/api/categories')).json();
    const response = await inject(
      'GET',
      `/trpc/products.list,categories.list,products.list?batch=1&input=${input({ 0: { search: 'tea' }, 2: { categoryId: beveragesId } })}`,
    );
    expect(response.statusCode).toBe(200);
    const [first, second, third] = response.json();
    expect(first.result.data).toEqual(products);
    expect(second.result.data).toEqual(categories);
    expect(third.result.data.every((p: { categoryId: string }) => p.categoryId === beveragesId)).toBe(true);
  });

  it('refuses bad input with BAD_REQUEST and the issues, as REST does', async () => {
    const response = await inject('GET', `/trpc/products.list?input=${input({ categoryId: 'nope' })}`);
    expect(response.statusCode).toBe(400);
    expect(response.json().error.data).toMatchObject({
      code: 'BAD_REQUEST',
      httpStatus: 400,
      issues: [{ path: 'categoryId', message: 'categoryId must be a uuid' }],
    });
    const unknownKey = await inject('GET', `/trpc/products.list?input=${input({ pageSize: 3 })}`);
    expect(unknownKey.statusCode).toBe(400);
  });

  it('answers an inactive product with NOT_FOUND', async () => {
    const [inactive] = await t.db.dataSource.query(`SELECT id FROM products WHERE NOT is_active LIMIT 1`);
    const response = await inject('GET', `/trpc/products.byId?input=${input({ id: inactive.id })}`);
    expect(response.statusCode).toBe(404);
    expect(response.json().error).toMatchObject({
      message: 'Product not found',
      data: { code: 'NOT_FOUND' },
    });
  });

  it('answers auth.me signed out with UNAUTHORIZED', async () => {
    const response = await inject('GET', '/trpc/auth.me');
    expect(response.statusCode).toBe(401);
    expect(response.json().error).toMatchObject({ message: 'Unauthorized', data: { code: 'UNAUTHORIZED' } });
  });

  it('answers malformed calls with 4xx, never 500', async () => {
    const cases: Array<['GET' | 'POST', string]> = [
      ['GET', '/trpc/products.list?input=%7Bnot-json'],
      ['GET', '/trpc/products.list?input=null'],
      ['GET', `/trpc/products.list?input=${input({ search: 'tea\u0000' })}`],
      ['GET', '/trpc/products.list?batch=1&input=%5B1%5D'],
      ['GET', `/trpc/${Array.from({ length: 50 }, () => 'categories.list').join(',')}?batch=1&input=%7B%7D`],
      ['GET', '/trpc/products.nope'],
      ['POST', '/trpc/products.list'],
    ];
    for (const [method, url] of cases) {
      const response = await inject(method, url);
      expect(response.statusCode, `${method} ${url.slice(0, 60)}`).toBeGreaterThanOrEqual(400);
      expect(response.statusCode, `${method} ${url.slice(0, 60)}`).toBeLessThan(500);
    }
  });
});
