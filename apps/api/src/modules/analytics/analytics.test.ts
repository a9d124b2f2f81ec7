/**
 * Admin → Analytics (issue 19 item 5) through the REST adapter, on orders of a year nobody else
 * uses (2019), so every number is known: revenue per day, week and month (placed vs delivered),
 * orders by status, the average order value, top products and categories, the stock counts, and
 * the orders CSV export (formulas neutralised). Who may read it: admin and sales manager.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AnalyticsDto } from '@shop/schema';
import { startTestApp, type TestApp } from '../../test/test-app';
import { signIn } from '../../test/sign-in';

let t: TestApp;
let admin: string;
let sales: string;
let inventory: string;
const product: Record<'tea' | 'jam' | 'oil', string> = { tea: '', jam: '', oil: '' };

async function call(cookie: string, url: string) {
  const response = await t.app.inject({ method: 'GET', url, headers: { cookie } });
  return {
    status: response.statusCode,
    headers: response.headers,
    text: response.body,
    json: () => response.json(),
  };
}

/** An order of the customer placed at `at` with `lines` [product, quantity, unit price]. */
async function order(at: string, status: string, lines: [string, number, string][], userId: string) {
  const total = lines.reduce(
    (sum, [, quantity, price]) => sum + quantity * Math.round(Number(price) * 100),
    0,
  );
  const [row]: { id: string }[] = await t.db.dataSource.query(
    `INSERT INTO orders (user_id, status, total, shipping_address, created_at)
     VALUES ($1, $2, $3, '=HYPERLINK("x")', $4) RETURNING id`,
    [userId, status, (total / 100).toFixed(2), at],
  );
  for (const [productId, quantity, price] of lines) {
    await t.db.dataSource.query(
      `INSERT INTO order_items (order_id, product_id, quantity, price) VALUES ($1, $2, $3, $4)`,
      [row!.id, productId, quantity, price],
    );
  }
  return row!.id;
}

beforeAll(async () => {
  t = await startTestApp({ listen: false });
  admin = (await signIn(t.app, 'admin@example.com')).cookie;
  sales = (await signIn(t.app, 'sales@example.com')).cookie;
  inventory = (await signIn(t.app, 'inventory@example.com')).cookie;
  const db = t.db.dataSource;
  const [drinks] = await db.query(`INSERT INTO categories (name) VALUES ('Analytics Drinks') RETURNING id`);
  const [larder] = await db.query(`INSERT INTO categories (name) VALUES ('Analytics Larder') RETURNING id`);
  for (const [key, name, category] of [
    ['tea', 'Analytics Tea', drinks.id],
    ['jam', 'Analytics Jam', larder.id],
    ['oil', 'Analytics Oil', larder.id],
  ] as const) {
    const [row] = await db.query(
      `INSERT INTO products (name, price, unit, sku, category_id, stock) VALUES ($1, 1, 'each', $2, $3, 50) RETURNING id`,
      [name, `AN-${key}`, category],
    );
    product[key] = row.id;
  }
  // A customer with an email a spreadsheet would run as a formula.
  const [customer] = await db.query(
    `INSERT INTO users (email, role) VALUES ('=cmd@example.com', 'customer') RETURNING id`,
  );
  const u = customer.id as string;
  await order(
    '2019-03-04T10:00:00Z',
    'delivered',
    [
      [product.tea, 2, '5.00'],
      [product.jam, 1, '3.50'],
    ],
    u,
  ); // 13.50
  await order('2019-03-04T23:59:59Z', 'pending', [[product.oil, 4, '2.00']], u); // 8.00
  await order('2019-03-06T08:00:00Z', 'cancelled', [[product.tea, 10, '5.00']], u); // 50.00, cancelled
  await order('2019-03-12T12:00:00Z', 'shipped', [[product.jam, 3, '3.50']], u); // 10.50
  await order('2019-04-01T00:00:00Z', 'delivered', [[product.oil, 1, '2.00']], u); // 2.00
}, 60_000);
afterAll(async () => {
  await t?.close();
});

describe('sales analytics', () => {
  it('sums a range per day: placed vs delivered, cancelled left out, empty days included', async () => {
    const answer = await call(sales, '/api/admin/analytics?from=2019-03-04&to=2019-03-07');
    expect(answer.status).toBe(200);
    const data: AnalyticsDto = answer.json();
    expect(data.revenue).toEqual([
      { period: '2019-03-04', orders: 2, placed: '21.50', delivered: '13.50' },
      { period: '2019-03-05', orders: 0, placed: '0.00', delivered: '0.00' },
      { period: '2019-03-06', orders: 0, placed: '0.00', delivered: '0.00' },
      { period: '2019-03-07', orders: 0, placed: '0.00', delivered: '0.00' },
    ]);
    expect(data.totals).toEqual({
      orders: 3,
      placedOrders: 2,
      cancelledOrders: 1,
      placedRevenue: '21.50',
      deliveredRevenue: '13.50',
      averageOrderValue: '10.75',
    });
    expect(data.ordersByStatus).toEqual([
      { status: 'pending', count: 1 },
      { status: 'processing', count: 0 },
      { status: 'shipped', count: 0 },
      { status: 'delivered', count: 1 },
      { status: 'cancelled', count: 1 },
    ]);
  });

  it('groups by ISO week and by month', async () => {
    const weeks: AnalyticsDto = (
      await call(admin, '/api/admin/analytics?from=2019-03-04&to=2019-03-17&bucket=week')
    ).json();
    expect(weeks.revenue).toEqual([
      { period: '2019-03-04', orders: 2, placed: '21.50', delivered: '13.50' },
      { period: '2019-03-11', orders: 1, placed: '10.50', delivered: '0.00' },
    ]);
    const months: AnalyticsDto = (
      await call(admin, '/api/admin/analytics?from=2019-03-01&to=2019-04-30&bucket=month')
    ).json();
    expect(months.revenue).toEqual([
      { period: '2019-03-01', orders: 3, placed: '32.00', delivered: '13.50' },
      { period: '2019-04-01', orders: 1, placed: '2.00', delivered: '2.00' },
    ]);
    expect(months.totals.averageOrderValue).toBe('8.50');
  });

  it('ranks products by revenue and by units, and categories by revenue', async () => {
    const data: AnalyticsDto = (
      await call(admin, '/api/admin/analytics?from=2019-03-01&to=2019-04-30')
    ).json();
    expect(data.topProductsByRevenue.map((p) => [p.name, p.revenue, p.units])).toEqual([
      ['Analytics Jam', '14.00', 4],
      ['Analytics Oil', '10.00', 5],
      ['Analytics Tea', '10.00', 2],
    ]);
    expect(data.topProductsByUnits.map((p) => [p.name, p.units])).toEqual([
      ['Analytics Oil', 5],
      ['Analytics Jam', 4],
      ['Analytics Tea', 2],
    ]);
    expect(data.topCategories.map((c) => [c.name, c.revenue, c.units])).toEqual([
      ['Analytics Larder', '24.00', 9],
      ['Analytics Drinks', '10.00', 2],
    ]);
  });

  it('counts active products low on stock and out of stock, as of now', async () => {
    const [expected] = await t.db.dataSource.query(
      `SELECT count(*) FILTER (WHERE stock > 0 AND stock <= low_stock_threshold)::int AS low,
              count(*) FILTER (WHERE stock = 0)::int AS out FROM products WHERE is_active`,
    );
    await t.db.dataSource.query(`UPDATE products SET stock = 0 WHERE id = $1`, [product.tea]);
    const data: AnalyticsDto = (
      await call(admin, '/api/admin/analytics?from=2019-03-01&to=2019-03-01')
    ).json();
    expect(data.stock).toEqual({ lowStock: expected.low, outOfStock: expected.out + 1 });
  });

  it('refuses a reversed, malformed or too long range with the field and reason', async () => {
    const reversed = await call(admin, '/api/admin/analytics?from=2019-03-05&to=2019-03-01');
    expect(reversed.status).toBe(400);
    expect(reversed.json().issues).toEqual([{ path: 'to', message: 'The start must not be after the end' }]);
    const malformed = await call(admin, '/api/admin/analytics?from=2019-02-30&to=2019-03-01');
    expect(malformed.json().issues).toEqual([{ path: 'from', message: 'Must be a date like 2026-01-31' }]);
    const long = await call(admin, '/api/admin/analytics?from=2015-01-01&to=2019-03-01');
    expect(long.json().issues).toEqual([{ path: 'from', message: 'The range may be at most 731 days' }]);
    expect((await call(admin, '/api/admin/analytics?from=2019-03-01&to=2019-03-02&bucket=year')).status).toBe(
      400,
    );
  });

  it('is for admin and sales manager only', async () => {
    const url = '/api/admin/analytics?from=2019-03-01&to=2019-03-02';
    expect((await call(inventory, url)).status).toBe(403);
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
  });
});

describe('the orders CSV export', () => {
  it('lists the orders placed in the range, with formulas neutralised', async () => {
    const answer = await call(sales, '/api/admin/analytics/orders.csv?from=2019-03-04&to=2019-03-06');
    expect(answer.status).toBe(200);
    expect(answer.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(answer.headers['content-disposition']).toBe(
      'attachment; filename="orders-2019-03-04-to-2019-03-06.csv"',
    );
    const lines = answer.text.trim().split('\n');
    expect(lines[0]).toBe(
      'order_number,order_id,placed_at,status,customer_email,items,units,total,payment_method',
    );
    expect(lines).toHaveLength(4);
    expect(lines.slice(1).map((line) => line.split(',')[3])).toEqual(['delivered', 'pending', 'cancelled']);
    expect(lines[1]).toContain(",2019-03-04T10:00:00Z,delivered,'=cmd@example.com,2,3,13.50,card");
  });

  it('refuses a bad range and callers without analytics', async () => {
    const bad = await call(admin, '/api/admin/analytics/orders.csv?from=2019-03-04');
    expect(bad.status).toBe(400);
    expect(bad.json().issues).toContainEqual({ path: 'to', message: 'Must be a date like 2026-01-31' });
    expect(
      (await call(inventory, '/api/admin/analytics/orders.csv?from=2019-03-04&to=2019-03-04')).status,
    ).toBe(403);
  });
});
