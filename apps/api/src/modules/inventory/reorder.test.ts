/**
 * Reorder points (issue 21 item 5) through the real app, on both database modes: which products
 * are due (at or under their threshold, active), what the last 28 days sold (cancelled orders and
 * older ones left out, a weighed line at its weight) and the suggested quantity, on the list and in
 * the CSV file; who may read them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'csv-parse/sync';
import { startTestApp, type TestApp } from '../../test/test-app';
import { signIn, type SignedIn } from '../../test/sign-in';
import { callerFor, cardOrder, makeProduct, makeUser, type Caller } from '../../test/order-fixtures';

let shop: TestApp;
let inventory: Caller;
let sales: Caller;
let inventoryCookie: SignedIn;
let customerCookie: SignedIn;
const ids: Record<string, string> = {};

/** Sets what the test needs after the orders took their stock. */
const setStock = (id: string, stock: number, threshold: number) =>
  shop.dataSource.query(`UPDATE products SET stock = $2, low_stock_threshold = $3 WHERE id = $1`, [
    id,
    stock,
    threshold,
  ]);

beforeAll(async () => {
  shop = await startTestApp({ listen: false });
  const ds = shop.dataSource;
  inventory = callerFor(ds, await makeUser(ds, 'inventory_manager'));
  sales = callerFor(ds, await makeUser(ds, 'sales_manager'));
  inventoryCookie = await signIn(shop.app, 'inventory@example.com');
  customerCookie = await signIn(shop.app, 'customer@example.com');
  const shopper = callerFor(ds, await makeUser(ds));

  // Sold 4 + 2 in the window; 5 more cancelled and 9 more placed 40 days ago do not count.
  const apples = await makeProduct(ds, { name: 'Reorder Apples', price: '1.00' });
  ids.apples = apples.id;
  await shopper.orders.create(cardOrder([apples], 4));
  await shopper.orders.create(cardOrder([apples], 2));
  const cancelled = await shopper.orders.create(cardOrder([apples], 5));
  await sales.orderManagement.updateStatus({ id: cancelled.id, status: 'cancelled' });
  const old = await shopper.orders.create(cardOrder([apples], 9));
  await ds.query(`UPDATE orders SET created_at = now() - interval '40 days' WHERE id = $1`, [old.id]);
  await setStock(apples.id, 3, 5);

  // Salmon by weight: 0.75 kg ordered, weighed 0.82 kg.
  const salmon = await makeProduct(ds, { name: 'Reorder Salmon', price: '24.99', stock: 20_000 });
  ids.salmon = salmon.id;
  await ds.query(
    `UPDATE products SET sold_by = 'measure', measure_unit = 'kg', quantity_step = 250, min_quantity = 250,
            max_quantity = 3000, weight_tolerance = 10, unit = 'kg' WHERE id = $1`,
    [salmon.id],
  );
  const weighed = await shopper.orders.create({
    ...cardOrder([]),
    items: [{ productId: salmon.id, quantity: 750, price: '24.99' }],
    total: '18.74',
  });
  await sales.orderManagement.recordWeight({
    id: weighed.id,
    itemId: weighed.items[0]!.id,
    weighedQuantity: 820,
    expectedWeighedQuantity: null,
  });
  await setStock(salmon.id, 500, 1000);

  // Out of stock, never sold; well stocked; due but inactive.
  ids.bread = (await makeProduct(ds, { name: 'Reorder Bread' })).id;
  await setStock(ids.bread, 0, 2);
  ids.stocked = (await makeProduct(ds, { name: 'Reorder Stocked' })).id;
  await setStock(ids.stocked, 10, 5);
  ids.inactive = (await makeProduct(ds, { name: 'Reorder Inactive', isActive: false })).id;
  await setStock(ids.inactive, 0, 5);
});

afterAll(async () => {
  await shop?.close();
});

describe('what to reorder', () => {
  it('lists the active products at or under their threshold with the window’s sales and a suggestion', async () => {
    const items = await inventory.inventory.reorder();
    const mine = items.filter((item) => Object.values(ids).includes(item.id));
    expect(mine).toEqual([
      // Furthest under the threshold first: salmon −500 g, apples −2, bread −2 (by name).
      expect.objectContaining({
        id: ids.salmon,
        stock: 500,
        lowStockThreshold: 1000,
        measureUnit: 'kg',
        soldInWindow: 820,
        suggestedQuantity: 1320,
      }),
      expect.objectContaining({
        id: ids.apples,
        stock: 3,
        lowStockThreshold: 5,
        measureUnit: null,
        soldInWindow: 6,
        suggestedQuantity: 8,
      }),
      expect.objectContaining({
        id: ids.bread,
        stock: 0,
        lowStockThreshold: 2,
        soldInWindow: 0,
        suggestedQuantity: 3,
      }),
    ]);
  });

  it('exports the same list as CSV in the measure the shop shows, for inventory readers only', async () => {
    const csv = await shop.app.inject({
      method: 'GET',
      url: '/api/inventory/reorder.csv',
      headers: { cookie: inventoryCookie.cookie },
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toMatch(
      /^attachment; filename="reorder-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const rows = parse(csv.body, { columns: true }) as Record<string, string>[];
    expect(rows.find((row) => row.name === 'Reorder Salmon')).toEqual({
      sku: expect.any(String),
      name: 'Reorder Salmon',
      unit: 'kg',
      stock: '0.5',
      low_stock_threshold: '1',
      sold_last_28_days: '0.82',
      suggested_quantity: '1.32',
    });
    expect(rows.find((row) => row.name === 'Reorder Apples')).toMatchObject({
      unit: 'piece',
      stock: '3',
      sold_last_28_days: '6',
      suggested_quantity: '8',
    });
    expect(rows.some((row) => row.name === 'Reorder Stocked' || row.name === 'Reorder Inactive')).toBe(false);

    const customer = await shop.app.inject({
      method: 'GET',
      url: '/api/inventory/reorder.csv',
      headers: { cookie: customerCookie.cookie },
    });
    expect(customer.statusCode).toBe(403);
    expect((await shop.app.inject({ method: 'GET', url: '/api/inventory/reorder.csv' })).statusCode).toBe(
      401,
    );
  });
});
