/**
 * Orders remember what was bought (issue 19 item 2): each line keeps the product's name, SKU, unit
 * and price as they were when it was ordered, for the shopper and for staff alike (one repository).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '@shop/db/testing';
import type { DataSource } from 'typeorm';
import { callerFor, cardOrder, makeProduct, makeUser } from '../../test/order-fixtures';

let db: TestDatabase;
let ds: DataSource;

beforeAll(async () => {
  db = await createTestDatabase();
  ds = db.dataSource;
});
afterAll(async () => {
  await db?.drop();
});

describe('an order line as bought', () => {
  it('keeps the name, SKU, unit and price after staff rename and reprice the product', async () => {
    const shopper = callerFor(ds, await makeUser(ds));
    const staff = callerFor(ds, await makeUser(ds, 'sales_manager'));
    const product = await makeProduct(ds, { name: 'Heirloom Tomatoes', price: '3.20' });
    const placed = await shopper.orders.create(cardOrder([product], 2));
    expect(placed.items[0]).toMatchObject({ name: 'Heirloom Tomatoes', sku: product.sku, unit: 'each' });

    await ds.query(
      `UPDATE products SET name = 'Vine Tomatoes', sku = $2, unit = 'kg', price = 4.00 WHERE id = $1`,
      [product.id, `${product.sku}-NEW`],
    );

    const mine = await shopper.orders.byId({ id: placed.id });
    expect(mine.items).toEqual([
      expect.objectContaining({
        name: 'Heirloom Tomatoes',
        sku: product.sku,
        unit: 'each',
        price: '3.20',
        quantity: 2,
        product: { name: 'Heirloom Tomatoes', imageUrl: null },
      }),
    ]);
    const seen = await staff.orderManagement.byId({ id: placed.id });
    expect(seen.items).toEqual([
      expect.objectContaining({
        name: 'Heirloom Tomatoes',
        sku: product.sku,
        unit: 'each',
        price: '3.20',
        lineTotal: '6.40',
      }),
    ]);

    // A new order takes today's name.
    const renamed = { ...product, price: '4.00' };
    const next = await shopper.orders.create(cardOrder([renamed], 1));
    expect(next.items[0]).toMatchObject({ name: 'Vine Tomatoes', unit: 'kg', price: '4.00' });
  });

  it('a line written without the snapshot (seeds, scripts) takes the product as it is then', async () => {
    const user = await makeUser(ds);
    const product = await makeProduct(ds, { name: 'Sourdough Loaf' });
    const [order] = await ds.query(
      `INSERT INTO orders (user_id, total, shipping_address) VALUES ($1, 2.50, 'x') RETURNING id`,
      [user.id],
    );
    await ds.query(
      `INSERT INTO order_items (order_id, product_id, quantity, price) VALUES ($1, $2, 1, 2.50)`,
      [order.id, product.id],
    );
    await ds.query(`UPDATE products SET name = 'Rye Loaf' WHERE id = $1`, [product.id]);
    const [line] = await ds.query(
      `SELECT product_name, product_sku, product_unit FROM order_items WHERE order_id = $1`,
      [order.id],
    );
    expect(line).toEqual({ product_name: 'Sourdough Loaf', product_sku: product.sku, product_unit: 'each' });
  });
});
