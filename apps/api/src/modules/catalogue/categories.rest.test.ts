/** GET /api/categories (docs/product.md §7). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp({ listen: false });
});

afterAll(async () => {
  await t?.close();
});

describe('GET /api/categories', () => {
  it('lists the categories by name with id, name, description and createdAt', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/categories' });
    expect(response.statusCode).toBe(200);
    const categories: Array<Record<string, unknown>> = response.json();
    expect(categories.map((c) => c.name)).toEqual([
      'Bakery',
      'Beverages',
      'Coffee & Tea',
      'Dairy & Eggs',
      'Fresh Produce',
      'Meat & Seafood',
      'Pantry',
      'Snacks',
    ]);
    for (const category of categories) {
      expect(Object.keys(category).sort()).toEqual(['createdAt', 'description', 'id', 'name']);
      expect(category.id).toMatch(/^[0-9a-f-]{36}$/);
      expect(new Date(category.createdAt as string).toISOString()).toBe(category.createdAt);
    }
  });

  it('shows a category added a moment ago, in its place', async () => {
    await t.db.dataSource.query(`INSERT INTO categories (name, description) VALUES ('Candles', NULL)`);
    const names = (await t.app.inject({ method: 'GET', url: '/api/categories' }))
      .json()
      .map((c: { name: string }) => c.name);
    expect(names.slice(0, 3)).toEqual(['Bakery', 'Beverages', 'Candles']);
  });
});
