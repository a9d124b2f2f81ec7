/**
 * The overview (docs/product.md §2 Admin panel): numbers counted by the database, each part only for the
 * roles that may see it (docs/product.md §6).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '@shop/db/testing';
import { callerAs, makeOrder, makeProduct } from '../../test/admin-fixtures';

let db: TestDatabase;

beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(async () => {
  await db?.drop();
});

describe('admin.overview', () => {
  it('gives an admin every card and list, computed like the spec says', async () => {
    const product = await makeProduct(db.dataSource, { stock: 100, price: '1.05' });
    const delivered = await makeOrder(db.dataSource, {
      status: 'delivered',
      items: [{ productId: product.id, quantity: 3 }],
    });
    await makeOrder(db.dataSource, { status: 'cancelled', items: [{ productId: product.id, quantity: 1 }] });
    const latest = await makeOrder(db.dataSource, { items: [{ productId: product.id, quantity: 2 }] });

    const overview = await (await callerAs(db.dataSource, 'admin')).admin.overview();
    const q = (sql: string) => db.dataSource.query(sql).then((rows: { v: unknown }[]) => rows[0]!.v);

    expect(overview.products).toMatchObject({
      total: await q(`SELECT count(*)::int AS v FROM products`),
      lowStock: await q(
        `SELECT count(*)::int AS v FROM products WHERE is_active AND stock <= low_stock_threshold`,
      ),
    });
    expect(overview.products!.lowStockAlerts.length).toBe(Math.min(5, overview.products!.lowStock));
    expect(overview.products!.lowStockAlerts.every((p) => p.stock <= p.lowStockThreshold)).toBe(true);

    expect(overview.orders).toMatchObject({
      total: 3,
      pending: 1,
      revenue: '3.15',
    });
    expect(overview.orders!.recent[0]).toMatchObject({ id: latest, status: 'pending', total: '2.10' });
    expect(overview.orders!.recent.map((o) => o.id)).toContain(delivered);
    expect(overview.users).toEqual({ total: await q(`SELECT count(*)::int AS v FROM users`) });
  });

  it('shows an inventory manager products only, and a sales manager orders only', async () => {
    const inventory = await (await callerAs(db.dataSource, 'inventory_manager')).admin.overview();
    expect(inventory.products).not.toBeNull();
    expect(inventory.orders).toBeNull();
    expect(inventory.users).toBeNull();

    const sales = await (await callerAs(db.dataSource, 'sales_manager')).admin.overview();
    expect(sales.products).toBeNull();
    expect(sales.orders).not.toBeNull();
    expect(sales.users).toBeNull();
  });

  it('lists at most 5 recent orders, newest first', async () => {
    const product = await makeProduct(db.dataSource, { stock: 100 });
    for (let i = 0; i < 6; i++)
      await makeOrder(db.dataSource, { items: [{ productId: product.id, quantity: 1 }] });
    const { orders } = await (await callerAs(db.dataSource, 'admin')).admin.overview();
    expect(orders!.recent).toHaveLength(5);
    const times = orders!.recent.map((o) => Date.parse(o.createdAt));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
  });
});
