/**
 * products.page: the storefront's search and category filter, paged, with the number of matches;
 * products.adminPage: the staff screens' pages of every product.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn } from '../../test/sign-in';
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

interface Page {
  items: { id: string; name: string; categoryId: string | null }[];
  total: number;
  nextCursor: string | null;
}

async function page(input: Record<string, unknown>) {
  const response = await t.app.inject({
    method: 'GET',
    url: `/trpc/products.page?input=${encodeURIComponent(JSON.stringify(input))}`,
  });
  return { status: response.statusCode, body: response.json() };
}

async function allPages(input: Record<string, unknown>): Promise<Page[]> {
  const pages: Page[] = [];
  let cursor: string | null = null;
  do {
    const { status, body } = await page({ ...input, cursor });
    expect(status).toBe(200);
    pages.push(body.result.data);
    cursor = body.result.data.nextCursor;
  } while (cursor);
  return pages;
}

async function activeCount(where = 'TRUE', params: unknown[] = []): Promise<number> {
  const [{ n }] = await t.db.dataSource.query(
    `SELECT count(*)::int AS n FROM products p WHERE p.is_active AND ${where}`,
    params,
  );
  return n;
}

describe('products.page', () => {
  it('walks the whole active catalogue in pages of 20, in name order, with the total on every page', async () => {
    const pages = await allPages({});
    const total = await activeCount();
    const names = pages.flatMap((p) => p.items.map((item) => item.name));
    expect(pages[0]!.items).toHaveLength(20);
    expect(names).toHaveLength(total);
    expect(new Set(pages.flatMap((p) => p.items.map((item) => item.id))).size).toBe(total);
    expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    expect(pages.every((p) => p.total === total)).toBe(true);
    expect(pages.at(-1)!.nextCursor).toBeNull();
  });

  it('filters by category and by a search over name, description and category name', async () => {
    const beverages = await allPages({ categoryId: beveragesId, limit: 5 });
    const items = beverages.flatMap((p) => p.items);
    expect(items.length).toBe(await activeCount('p.category_id = $1', [beveragesId]));
    expect(items.every((item) => item.categoryId === beveragesId)).toBe(true);
    expect(beverages[0]!.total).toBe(items.length);

    const tea = (await page({ search: 'tea' })).body.result.data as Page;
    expect(tea.total).toBeGreaterThan(0);
    expect(tea.items.length).toBe(Math.min(tea.total, 20));
  });

  it('finds, page by page, what a scan of every product finds: long terms (trigram indexes), short ones, with a category', async () => {
    const cases: [string, string | undefined][] = [
      ['tea', undefined],
      ['ORGANIC', undefined],
      ['beverages', undefined], // a category's name
      ['ea', undefined], // too short for a trigram: the name-order walk
      ['a', undefined],
      ['apple', beveragesId],
      ['e', beveragesId],
    ];
    for (const [search, categoryId] of cases) {
      const expected: { name: string }[] = await t.db.dataSource.query(
        `SELECT p.name FROM products p LEFT JOIN categories c ON c.id = p.category_id
          WHERE p.is_active AND (p.name ILIKE $1 OR p.description ILIKE $1 OR c.name ILIKE $1)
            AND ($2::uuid IS NULL OR p.category_id = $2)
          ORDER BY p.name, p.id`,
        [`%${search}%`, categoryId ?? null],
      );
      const pages = await allPages({ search, categoryId, limit: 7 });
      expect(expected.length, search).toBeGreaterThan(0);
      expect(
        pages.flatMap((p) => p.items.map((item) => item.name)),
        search,
      ).toEqual(expected.map((row) => row.name));
      expect(
        pages.every((p) => p.total === expected.length),
        search,
      ).toBe(true);
    }
  });

  it('matches nothing for an impossible term: total 0, no cursor', async () => {
    const { status, body } = await page({ search: 'zzzz-no-such-product' });
    expect(status).toBe(200);
    expect(body.result.data).toEqual({ items: [], total: 0, nextCursor: null });
  });

  it('never shows an inactive product', async () => {
    const [{ name }] = await t.db.dataSource.query(`SELECT name FROM products WHERE NOT is_active LIMIT 1`);
    const { body } = await page({ search: name });
    expect(body.result.data.items.map((item: { name: string }) => item.name)).not.toContain(name);
  });

  it('refuses a page size over the cap and unknown keys with 400', async () => {
    expect((await page({ limit: 101 })).status).toBe(400);
    expect((await page({ sort: 'price' })).status).toBe(400);
    expect((await page({ cursor: 'not-a-uuid' })).status).toBe(400);
  });
});

describe('products.adminPage', () => {
  let cookie: string;
  beforeAll(async () => {
    ({ cookie } = await signIn(t.app, 'inventory@example.com'));
  });

  async function adminPage(input: Record<string, unknown>) {
    const response = await t.app.inject({
      method: 'GET',
      url: `/trpc/products.adminPage?input=${encodeURIComponent(JSON.stringify(input))}`,
      headers: { cookie },
    });
    return { status: response.statusCode, data: response.json().result?.data };
  }

  it('pages every product (inactive too) for staff, searches name, SKU and category, and filters low stock', async () => {
    const [{ all, low }] = await t.db.dataSource.query(
      `SELECT count(*)::int AS all, count(*) FILTER (WHERE stock <= low_stock_threshold)::int AS low FROM products`,
    );
    const first = await adminPage({ pageSize: 7 });
    expect(first.status).toBe(200);
    expect(first.data).toMatchObject({ total: all, page: 1, pageSize: 7 });
    expect(first.data.items).toHaveLength(7);
    expect(first.data.items[0]).toHaveProperty('sku');
    const seen = new Set<string>();
    for (let page = 1; page <= Math.ceil(all / 25); page++) {
      for (const item of (await adminPage({ page, pageSize: 25 })).data.items) seen.add(item.id);
    }
    expect(seen.size).toBe(all);

    const lowStock = await adminPage({ lowStockOnly: true, pageSize: 100 });
    expect(lowStock.data.total).toBe(low);
    expect(
      lowStock.data.items.every(
        (p: { stock: number; lowStockThreshold: number }) => p.stock <= p.lowStockThreshold,
      ),
    ).toBe(true);

    const [{ sku, name }] = await t.db.dataSource.query(
      `SELECT sku, name FROM products ORDER BY sku LIMIT 1`,
    );
    expect(
      (await adminPage({ search: sku.toLowerCase() })).data.items.map((p: { name: string }) => p.name),
    ).toContain(name);
    const dairy = (await adminPage({ search: 'dairy & eggs', pageSize: 100 })).data;
    expect(dairy.total).toBeGreaterThan(0);
    expect(
      dairy.items.every((p: { category: { name: string } | null }) => p.category?.name === 'Dairy & Eggs'),
    ).toBe(true);
    expect((await adminPage({ pageSize: 101 })).status).toBe(400);
  });

  it('lists the inactive products alone, or the active ones (issue 19 item 7)', async () => {
    const [{ id }] = await t.db.dataSource.query(`SELECT id FROM products ORDER BY sku LIMIT 1`);
    await t.db.dataSource.query(`UPDATE products SET is_active = false WHERE id = $1`, [id]);
    const [{ active, inactive }] = await t.db.dataSource.query(
      `SELECT count(*) FILTER (WHERE is_active)::int AS active, count(*) FILTER (WHERE NOT is_active)::int AS inactive FROM products`,
    );
    const hidden = (await adminPage({ status: 'inactive', pageSize: 100 })).data;
    expect(hidden.total).toBe(inactive);
    expect(hidden.items.map((p: { id: string }) => p.id)).toContain(id);
    expect(hidden.items.every((p: { isActive: boolean }) => !p.isActive)).toBe(true);
    const shown = (await adminPage({ status: 'active', pageSize: 100 })).data;
    expect(shown.total).toBe(active);
    expect(shown.items.every((p: { isActive: boolean }) => p.isActive)).toBe(true);
    expect((await adminPage({ status: 'gone' })).status).toBe(400);
  });

  it('searches, page by page, what a scan of every product finds: SKU fragments, names, a category, short terms', async () => {
    const [{ sku }] = await t.db.dataSource.query(`SELECT sku FROM products ORDER BY sku LIMIT 1`);
    const cases: [string, boolean][] = [
      [sku.toLowerCase(), false],
      [sku.slice(0, 3), false],
      ['dairy', false], // a category's name
      ['organic', true], // with Low Stock Only
      ['ea', false], // too short for a trigram: the name-order walk
      ['e', true],
    ];
    for (const [search, lowStockOnly] of cases) {
      const expected: { name: string }[] = await t.db.dataSource.query(
        `SELECT p.name FROM products p LEFT JOIN categories c ON c.id = p.category_id
          WHERE (p.name ILIKE $1 OR p.sku ILIKE $1 OR c.name ILIKE $1)
            AND (NOT $2 OR p.stock <= p.low_stock_threshold)
          ORDER BY p.name, p.id`,
        [`%${search}%`, lowStockOnly],
      );
      const names: string[] = [];
      let total = -1;
      for (let page = 1; page === 1 || names.length < total; page++) {
        const { status, data } = await adminPage({ search, lowStockOnly, page, pageSize: 5 });
        expect(status, search).toBe(200);
        total = data.total;
        if (data.items.length === 0) break;
        names.push(...data.items.map((item: { name: string }) => item.name));
      }
      expect(expected.length, search).toBeGreaterThan(0);
      expect(total, search).toBe(expected.length);
      expect(names, search).toEqual(expected.map((row) => row.name));
    }
  });
});
