/**
 * The catalogue as CSV through the real app on real PostgreSQL: a round trip of 10,000 products
 * (export → change the catalogue → import the export → the catalogue is as it was), upserts by SKU
 * with ledger rows, and malformed files (bad prices, duplicate SKUs, unknown categories, a file that
 * is not UTF-8, 50 MB) answered with row-numbered errors or a size refusal while nothing is written.
 */
import { connect } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/test-app';
import { signIn } from '../../test/sign-in';
import { FOOD_FACTS_CSV_COLUMNS } from '@shop/schema';

let shop: TestApp;
const cookies: Record<string, string> = {};

const SNAPSHOT_SQL = `
  SELECT md5(string_agg(concat_ws('|', sku, name, description, category_id, price, unit, stock, low_stock_threshold,
                                  dietary_labels, allergens, may_contain, ingredients, nutrition, origin, storage,
                                  is_active, image_url), E'\\n' ORDER BY sku)) AS digest,
         count(*)::int AS count
  FROM products`;

async function catalogue(): Promise<{ digest: string; count: number }> {
  const [row] = await shop.dataSource.query(SNAPSHOT_SQL);
  return row;
}

async function exportCsv(as = 'admin') {
  const response = await shop.app.inject({
    method: 'GET',
    url: '/api/products/export',
    headers: { cookie: cookies[as]! },
  });
  return { status: response.statusCode, headers: response.headers, body: response.body };
}

async function importCsv(body: string | Buffer, { as = 'admin', contentType = 'text/csv', query = '' } = {}) {
  const response = await shop.app.inject({
    method: 'POST',
    url: `/api/products/import${query}`,
    headers: { cookie: cookies[as]!, 'content-type': contentType },
    payload: body,
  });
  return { status: response.statusCode, body: response.json() };
}

const HEADER =
  'sku,name,description,category,price,unit,stock,low_stock_threshold,is_organic,is_gluten_free,is_active,image_url';
/** The sold-by block (issue 20 part B): optional on import, always exported. */
const MEASURE_HEADER =
  'sold_by,measure_unit,quantity_step,min_quantity,max_quantity,net_content,net_content_unit,weight_tolerance';
const row = (sku: string, overrides: Partial<Record<string, string>> = {}) => {
  const cells = {
    sku,
    name: `Test ${sku}`,
    description: 'A product for the import test',
    category: 'Pantry',
    price: '3.50',
    unit: 'each',
    stock: '12',
    low_stock_threshold: '5',
    is_organic: 'false',
    is_gluten_free: 'true',
    is_active: 'true',
    image_url: '',
    ...overrides,
  };
  return Object.values(cells).join(',');
};

beforeAll(async () => {
  shop = await startTestApp({ listen: false });
  for (const [name, email] of [
    ['admin', 'admin@example.com'],
    ['inventory', 'inventory@example.com'],
    ['sales', 'sales@example.com'],
  ] as const) {
    cookies[name] = (await signIn(shop.app, email)).cookie;
  }
  // 10,000 more products across the categories, as a distributor's catalogue would have.
  await shop.dataSource.query(`
    INSERT INTO products (sku, name, description, category_id, price, unit, stock, low_stock_threshold,
                          dietary_labels, allergens, may_contain, ingredients, nutrition, origin, storage,
                          is_active, image_url)
    SELECT 'RT-' || lpad(n::text, 5, '0'), 'Round trip item ' || n || ', "quoted" & comma',
           CASE WHEN n % 7 = 0 THEN E'Two lines\\nof description' ELSE 'Plain description ' || n END,
           (SELECT id FROM categories ORDER BY name OFFSET (n % 8) LIMIT 1),
           round((n % 5000) / 100.0 + 0.49, 2), (ARRAY['kg','lb','bottle','dozen','loaf','pack'])[1 + n % 6],
           n % 300, n % 20,
           (CASE WHEN n % 3 = 0 THEN ARRAY['vegetarian'] ELSE '{}' END)
             || (CASE WHEN n % 4 = 0 THEN ARRAY['gluten-free'] ELSE '{}' END)
             || (CASE WHEN n % 3 = 0 THEN ARRAY['organic'] ELSE '{}' END),
           CASE WHEN n % 5 = 0 THEN ARRAY['milk', 'peanuts'] ELSE '{}' END,
           CASE WHEN n % 6 = 0 THEN ARRAY['sesame'] ELSE '{}' END,
           CASE WHEN n % 2 = 0 THEN 'Water, salt; "quoted", and more ' || n END,
           CASE WHEN n % 3 = 0 THEN jsonb_build_object('basis', 'g', 'energyKj', n % 3000, 'energyKcal', n % 700,
             'fat', 10.5, 'saturates', 2.1, 'carbohydrate', 40, 'sugars', 5.5, 'protein', 8, 'salt', 0.75) END,
           CASE WHEN n % 7 = 0 THEN 'Italy' END,
           CASE WHEN n % 8 = 0 THEN 'Keep cool' END,
           n % 50 <> 0,
           CASE WHEN n % 2 = 0 THEN '/products/sample-' || n || '.svg' END
    FROM generate_series(1, 10000) AS n`);
});

afterAll(async () => {
  await shop?.close();
});

describe('product CSV export and import', () => {
  it('a catalogue of 10,000 products goes out and back in without a difference', async () => {
    const original = await catalogue();
    expect(original.count).toBeGreaterThanOrEqual(10_000);
    const exported = await exportCsv();
    expect(exported.status).toBe(200);
    expect(exported.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(exported.headers['content-disposition']).toMatch(
      /^attachment; filename="products-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    expect(exported.body.split('\n', 1)[0]).toBe(
      `${HEADER},${FOOD_FACTS_CSV_COLUMNS.join(',')},${MEASURE_HEADER}`,
    );

    // Importing the export over itself changes nothing.
    const same = await importCsv(exported.body);
    expect(same.body).toEqual({
      rows: original.count,
      created: 0,
      updated: 0,
      unchanged: original.count,
      stockChanges: 0,
      categoriesCreated: [],
    });

    // Change the catalogue behind its back; the export puts it back exactly.
    await shop.dataSource.query(
      `UPDATE products SET price = price + 1, stock = stock + 3 WHERE sku LIKE 'RT-001%'`,
    );
    await shop.dataSource.query(
      `UPDATE products SET description = 'changed', is_active = NOT is_active WHERE sku LIKE 'RT-002%'`,
    );
    expect((await catalogue()).digest).not.toBe(original.digest);
    const started = performance.now();
    const restored = await importCsv(exported.body);
    const seconds = (performance.now() - started) / 1000;
    expect(restored.status).toBe(200);
    expect(restored.body).toMatchObject({
      rows: original.count,
      created: 0,
      updated: 200,
      stockChanges: 100,
    });
    expect(await catalogue()).toEqual(original);
    // Reported, not asserted (speed belongs to benchmarks): 10,000 rows in about a second here.
    console.info(`import of ${original.count} rows with 200 changed: ${seconds.toFixed(2)} s`);

    // Every stock level it set is in the ledger as an import by the admin.
    const [ledger] = await shop.dataSource.query(
      `SELECT count(*)::int AS count, bool_and(m.source = 'import' AND u.email = 'admin@example.com') AS by_import
       FROM stock_movements m JOIN products p ON p.id = m.product_id JOIN users u ON u.id = m.user_id
       WHERE p.sku LIKE 'RT-001%' AND m.source = 'import'`,
    );
    expect(ledger).toEqual({ count: 100, by_import: true });
  });

  it('neutralises formulas in the export (OWASP) and the import gives the text back exactly', async () => {
    const dangerous = {
      'CSV-FX-1': '=HYPERLINK("http://x","y")',
      'CSV-FX-2': '+1 Cola',
      'CSV-FX-3': "'=already quoted",
      'CSV-FX-4': '@SUM(A1)',
    };
    for (const [sku, name] of Object.entries(dangerous)) {
      await shop.dataSource.query(
        `INSERT INTO products (sku, name, description, category_id, price, unit, stock)
         SELECT $1, $2, '-2 for 1 offer', id, '1.00', 'each', 5 FROM categories ORDER BY name LIMIT 1`,
        [sku, name],
      );
    }
    const exported = await exportCsv();
    const lines = exported.body.split('\n');
    const line = (sku: string) => lines.find((text) => text.startsWith(`${sku},`))!;
    expect(line('CSV-FX-1')).toContain(`"'=HYPERLINK(""http://x"",""y"")"`);
    expect(line('CSV-FX-2')).toContain(`,'+1 Cola,'-2 for 1 offer,`);
    expect(line('CSV-FX-3')).toContain(`,''=already quoted,`);
    expect(line('CSV-FX-4')).toContain(`,'@SUM(A1),`);
    // No cell of the file starts a formula.
    const cells = lines.flatMap((text) => text.split(',')).map((cell) => cell.replace(/^"/, ''));
    expect(cells.filter((cell) => /^[=+\-@]/.test(cell))).toEqual([]);

    await shop.dataSource.query(`UPDATE products SET name = 'changed' WHERE sku LIKE 'CSV-FX-%'`);
    expect((await importCsv(exported.body)).status).toBe(200);
    const names: { sku: string; name: string; description: string }[] = await shop.dataSource.query(
      `SELECT sku, name, description FROM products WHERE sku LIKE 'CSV-FX-%' ORDER BY sku`,
    );
    expect(Object.fromEntries(names.map((row) => [row.sku, row.name]))).toEqual(dangerous);
    expect(new Set(names.map((row) => row.description))).toEqual(new Set(['-2 for 1 offer']));
  });

  it('creates new SKUs and updates existing ones; the inventory manager may import', async () => {
    const result = await importCsv(
      [HEADER, row('NEW-CSV-1'), row('NEW-CSV-2', { stock: '0' }), row('RT-00001', { price: '9.99' })].join(
        '\n',
      ),
      { as: 'inventory' },
    );
    expect(result.status).toBe(200);
    expect(result.body).toEqual({
      rows: 3,
      created: 2,
      updated: 1,
      unchanged: 0,
      stockChanges: 2,
      categoriesCreated: [],
    });
    const [created] = await shop.dataSource.query(
      `SELECT p.name, p.price, p.stock, c.name AS category FROM products p JOIN categories c ON c.id = p.category_id WHERE sku = 'NEW-CSV-1'`,
    );
    expect(created).toEqual({ name: 'Test NEW-CSV-1', price: '3.50', stock: 12, category: 'Pantry' });
  });

  it('creates the missing categories when asked, once each, and only for staff who may (issue 19)', async () => {
    const file = [
      HEADER,
      row('CAT-NEW-1', { category: 'Preserves' }),
      row('CAT-NEW-2', { category: 'preserves' }),
      row('CAT-NEW-3', { category: 'pantry' }),
    ].join('\n');
    const sales = await importCsv(file, { as: 'sales', query: '?createCategories=true' });
    expect(sales.status).toBe(403);
    const bad = await importCsv(file, { query: '?createCategories=yes' });
    expect(bad.status).toBe(400);
    expect(bad.body.issues).toEqual([
      { path: 'createCategories', message: 'createCategories must be true or false' },
    ]);

    const result = await importCsv(file, { as: 'inventory', query: '?createCategories=true' });
    expect(result.status).toBe(200);
    expect(result.body).toMatchObject({ rows: 3, created: 3, categoriesCreated: ['Preserves'] });
    const placed: { sku: string; category: string }[] = await shop.dataSource.query(
      `SELECT p.sku, c.name AS category FROM products p JOIN categories c ON c.id = p.category_id
       WHERE p.sku LIKE 'CAT-NEW-%' ORDER BY p.sku`,
    );
    expect(placed.map((p) => p.category)).toEqual(['Preserves', 'Preserves', 'Pantry']);
    const again = await importCsv(file, { query: '?createCategories=true' });
    expect(again.body.categoriesCreated).toEqual([]);
    const [{ n }] = await shop.dataSource.query(
      `SELECT count(*)::int AS n FROM categories WHERE lower(name) = 'preserves'`,
    );
    expect(n).toBe(1);
  });

  it('names every invalid row and field, and writes nothing', async () => {
    const before = await catalogue();
    const result = await importCsv(
      [
        HEADER,
        row('BAD-1', { price: '-3' }),
        row('BAD-2', { price: 'abc', stock: '1.5' }),
        row('BAD-3', { category: 'Fruit' }),
        row('BAD-4'),
        row('BAD-4', { name: 'Same SKU again' }),
        row('', { name: '' }),
        row('GOOD-1'),
      ].join('\n'),
    );
    expect(result.status).toBe(400);
    expect(result.body.message).toBe('5 rows are invalid: nothing was imported');
    expect(result.body.issues).toEqual([
      { path: 'row 2: price', message: 'Price must be positive' },
      { path: 'row 3: price', message: 'Price must be positive' },
      { path: 'row 3: stock', message: 'Must be a whole number, like 12' },
      {
        path: 'row 4: category',
        message: 'Unknown category "Fruit" (import with createCategories=true to create it)',
      },
      { path: 'row 6: sku', message: 'SKU BAD-4 is also on row 5' },
      { path: 'row 7: sku', message: 'SKU is required' },
      { path: 'row 7: name', message: 'Name is required' },
    ]);
    expect(await catalogue()).toEqual(before);
  });

  it('refuses files that are not UTF-8, not CSV, without the columns, or too large', async () => {
    const before = await catalogue();
    const latin1 = Buffer.from(`${HEADER}\n${row('LAT-1', { name: 'Crème fraîche' })}\n`, 'latin1');
    const notUtf8 = await importCsv(latin1);
    expect(notUtf8.status).toBe(400);
    expect(notUtf8.body.message).toBe('The file is not UTF-8 text: save it as CSV UTF-8 and try again');

    const ragged = await importCsv(`${HEADER}\n${row('RAG-1')},extra\n`);
    expect(ragged.status).toBe(400);
    expect(ragged.body.message).toMatch(/^The file is not valid CSV \(line 2\)/);

    const columns = await importCsv('sku,name,colour\nX,Y,red\n');
    expect(columns.status).toBe(400);
    expect(columns.body.issues.map((issue: { message: string }) => issue.message)).toEqual([
      'Missing columns: description, category, price, unit, stock, low_stock_threshold, is_organic, is_gluten_free, is_active, image_url',
      'Unknown columns: colour',
    ]);
    expect((await importCsv(`${HEADER}\n`)).body.message).toBe('The file has no products');

    const huge = Buffer.alloc(50 * 1024 * 1024, `${row('BIG-1')}\n`);
    const tooLarge = await importCsv(huge);
    expect(tooLarge).toEqual({
      status: 413,
      body: { message: 'The file is too large: the limit is 10 MB', code: 'PAYLOAD_TOO_LARGE' },
    });
    const json = await importCsv('{}', { contentType: 'application/json' });
    expect(json).toEqual({
      status: 415,
      body: { message: 'Content-Type must be text/csv', code: 'UNSUPPORTED_MEDIA_TYPE' },
    });
    expect(await catalogue()).toEqual(before);
  });

  it('refuses more than 20,000 rows at once, writing nothing', async () => {
    const before = await catalogue();
    const rows = Array.from({ length: 20_001 }, (_, i) => row(`MANY-${i}`));
    const result = await importCsv([HEADER, ...rows].join('\n'));
    expect(result.status).toBe(400);
    expect(result.body.message).toBe('The file has too many products: the limit is 20,000 rows per import');
    expect(await catalogue()).toEqual(before);
  });

  it('refuses a caller without the permission before reading their file', async () => {
    await shop.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = shop.app.server.address() as AddressInfo;
    // A sales manager announces 9 MB and sends only the first bytes: the answer must not wait for the rest.
    const answer = await new Promise<string>((resolve, reject) => {
      const socket = connect(port, '127.0.0.1', () => {
        socket.write(
          [
            'POST /api/products/import HTTP/1.1',
            'Host: 127.0.0.1',
            `Cookie: ${cookies.sales}`,
            'Content-Type: text/csv',
            `Content-Length: ${9 * 1024 * 1024}`,
            '',
            HEADER,
          ].join('\r\n'),
        );
      });
      let received = '';
      socket.on('data', (chunk) => {
        received += chunk;
        if (received.includes('\r\n\r\n')) {
          socket.destroy();
          resolve(received);
        }
      });
      socket.on('error', reject);
      setTimeout(() => reject(new Error('no answer before the body was sent')), 5000).unref();
    });
    expect(answer).toMatch(/^HTTP\/1\.1 403 /);
  });

  it('is for staff who manage products: sales managers and visitors are refused', async () => {
    expect((await exportCsv('sales')).status).toBe(403);
    expect((await importCsv(`${HEADER}\n${row('SALES-1')}`, { as: 'sales' })).status).toBe(403);
    const anonymous = await shop.app.inject({ method: 'GET', url: '/api/products/export' });
    expect(anonymous.statusCode).toBe(401);
    expect((await exportCsv('inventory')).status).toBe(200);
  });

  it('imports and exports how a product is sold (grams for salmon by 0.25 kg), and names a bad sold-by cell', async () => {
    const salmonRow = `${row('CSV-SALMON', { stock: '20000', unit: 'kg', price: '24.99' })},measure,kg,250,250,3000,,,10`;
    const coffeeRow = `${row('CSV-COFFEE', { price: '12.99' })},piece,,1,1,1000,250,g,`;
    const imported = await importCsv([`${HEADER},${MEASURE_HEADER}`, salmonRow, coffeeRow].join('\n'));
    expect(imported.status).toBe(200);
    const exported = (await exportCsv('admin')).body as string;
    expect(exported).toContain(`,measure,kg,250,250,3000,,,10`);
    expect(exported.split('\n').find((line) => line.startsWith('CSV-COFFEE'))).toMatch(
      /,piece,,1,1,1000,250,g,$/,
    );

    const bad = await importCsv(
      [`${HEADER},${MEASURE_HEADER}`, `${row('CSV-BAD')},measure,,250,300,3000,,,`].join('\n'),
    );
    expect(bad.status).toBe(400);
    expect(bad.body.issues).toEqual([
      { path: 'row 2: measure_unit', message: 'Measure is required when sold by measure (kg, g, L or ml)' },
      { path: 'row 2: min_quantity', message: 'Minimum must be a multiple of the step' },
    ]);
  });
});
