/**
 * My Orders in depth (issue 19 item 3): a shopper cancels their own pending order — stock back
 * exactly once through the ledger, the timeline says who, never after staff accepted it, never
 * someone else's — also when a staff status change races it on real PostgreSQL; and 'Buy again'
 * gives the lines at today's prices and says what cannot be bought as it was.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, embeddedTestDatabase, type TestDatabase } from '@shop/db/testing';
import type { DataSource } from 'typeorm';
import {
  callerFor,
  cardOrder,
  failure,
  makeProduct,
  makeUser,
  stockOf,
  type Caller,
} from '../../test/order-fixtures';

let db: TestDatabase;
let ds: DataSource;
let staff: Caller;

beforeAll(async () => {
  db = await createTestDatabase({ poolSize: 12 });
  ds = db.dataSource;
  staff = callerFor(ds, await makeUser(ds, 'sales_manager', { firstName: 'Sam', lastName: 'Sales' }));
});
afterAll(async () => {
  await db?.drop();
});

async function shopperWithOrder(stock = 10, quantity = 3) {
  const user = await makeUser(ds, 'customer', { firstName: 'Casey', lastName: 'Customer' });
  const shopper = callerFor(ds, user);
  const product = await makeProduct(ds, { stock });
  const order = await shopper.orders.create(cardOrder([product], quantity));
  return { user, shopper, product, order };
}

describe('a shopper cancels their order', () => {
  it('while pending: cancelled, stock back through the ledger, and the timeline says the customer did it', async () => {
    const { user, shopper, product, order } = await shopperWithOrder(10, 3);
    expect(await stockOf(ds, product.id)).toBe(7);

    const cancelled = await shopper.orders.cancel({ id: order.id });
    expect(cancelled).toMatchObject({ status: 'cancelled', paymentStatus: 'cancelled' });
    expect(cancelled.history).toEqual([
      expect.objectContaining({ fromStatus: 'pending', toStatus: 'cancelled', byCustomer: true }),
    ]);
    expect(await stockOf(ds, product.id)).toBe(10);
    const ledger = await ds.query(
      `SELECT source, change, user_id FROM stock_movements WHERE order_id = $1 ORDER BY created_at`,
      [order.id],
    );
    expect(ledger).toEqual([
      { source: 'order', change: -3, user_id: user.id },
      { source: 'cancellation', change: 3, user_id: user.id },
    ]);
    const seen = await staff.orderManagement.byId({ id: order.id });
    expect(seen.history[0]).toMatchObject({
      toStatus: 'cancelled',
      note: 'Cancelled by the customer',
      changedBy: { id: user.id, name: 'Casey Customer' },
    });
  });

  it('a second cancel is 409 and returns nothing more', async () => {
    const { shopper, product, order } = await shopperWithOrder(10, 2);
    await shopper.orders.cancel({ id: order.id });
    const error = await failure(shopper.orders.cancel({ id: order.id }));
    expect(error).toMatchObject({ code: 'CONFLICT', message: 'The order is already cancelled' });
    expect(await stockOf(ds, product.id)).toBe(10);
  });

  it('once staff accepted it (processing) it is 409 and nothing changes', async () => {
    const { shopper, product, order } = await shopperWithOrder(10, 2);
    await staff.orderManagement.updateStatus({ id: order.id, status: 'processing' });
    const error = await failure(shopper.orders.cancel({ id: order.id }));
    expect(error).toMatchObject({
      code: 'CONFLICT',
      message: 'This order is processing and can no longer be cancelled',
    });
    expect(await stockOf(ds, product.id)).toBe(8);
    expect((await shopper.orders.byId({ id: order.id })).status).toBe('processing');
  });

  it("someone else's order is NOT_FOUND and stays as it was", async () => {
    const { product, order } = await shopperWithOrder(10, 2);
    const other = callerFor(ds, await makeUser(ds));
    expect((await failure(other.orders.cancel({ id: order.id }))).code).toBe('NOT_FOUND');
    expect(await stockOf(ds, product.id)).toBe(8);
  });
});

describe.skipIf(embeddedTestDatabase)('a shopper cancel racing staff on real PostgreSQL', () => {
  it('cancel against "processing" at once: one wins, and stock matches the final status', async () => {
    for (let round = 0; round < 8; round++) {
      const { shopper, product, order } = await shopperWithOrder(10, 4);
      const [cancel, accept] = await Promise.allSettled([
        shopper.orders.cancel({ id: order.id }),
        staff.orderManagement.updateStatus({ id: order.id, status: 'processing' }),
      ]);
      const [row] = await ds.query(`SELECT status FROM orders WHERE id = $1`, [order.id]);
      const returned = await ds.query(
        `SELECT count(*)::int AS n FROM stock_movements WHERE order_id = $1 AND source = 'cancellation'`,
        [order.id],
      );
      if (row.status === 'cancelled') {
        // The cancel came first; staff then found it cancelled (409).
        expect(cancel.status).toBe('fulfilled');
        expect(accept.status).toBe('rejected');
        expect(await stockOf(ds, product.id)).toBe(10);
        expect(returned[0].n).toBe(1);
      } else {
        expect(row.status).toBe('processing');
        expect(cancel.status).toBe('rejected');
        expect(accept.status).toBe('fulfilled');
        expect(await stockOf(ds, product.id)).toBe(6);
        expect(returned[0].n).toBe(0);
      }
    }
  });

  it('shopper and staff cancelling at once return the stock exactly once', async () => {
    const { shopper, product, order } = await shopperWithOrder(10, 5);
    const results = await Promise.allSettled([
      shopper.orders.cancel({ id: order.id }),
      staff.orderManagement.updateStatus({ id: order.id, status: 'cancelled' }),
      shopper.orders.cancel({ id: order.id }),
    ]);
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
    expect(await stockOf(ds, product.id)).toBe(10);
    const history = await ds.query(
      `SELECT count(*)::int AS n FROM order_status_history WHERE order_id = $1`,
      [order.id],
    );
    expect(history[0].n).toBe(1);
  });
});

describe('buy again', () => {
  it("gives the lines at today's prices and names what cannot be bought as it was", async () => {
    const user = await makeUser(ds);
    const shopper = callerFor(ds, user);
    const kept = await makeProduct(ds, { price: '1.00', stock: 50 });
    const scarce = await makeProduct(ds, { price: '2.00', stock: 50 });
    const gone = await makeProduct(ds, { price: '3.00', stock: 50, name: 'Seasonal Figs' });
    const empty = await makeProduct(ds, { price: '4.00', stock: 50, name: 'Blood Oranges' });
    const order = await shopper.orders.create(cardOrder([kept, scarce, gone, empty], 3));
    await ds.query(`UPDATE products SET price = 1.50 WHERE id = $1`, [kept.id]);
    await ds.query(`UPDATE products SET stock = 2 WHERE id = $1`, [scarce.id]);
    await ds.query(`UPDATE products SET is_active = false WHERE id = $1`, [gone.id]);
    await ds.query(`UPDATE products SET stock = 0 WHERE id = $1`, [empty.id]);

    const again = await shopper.orders.reorder({ id: order.id });
    expect(again.lines).toEqual(
      expect.arrayContaining([
        { productId: kept.id, name: kept.name, price: '1.50', imageUrl: null, quantity: 3 },
        { productId: scarce.id, name: scarce.name, price: '2.00', imageUrl: null, quantity: 2 },
      ]),
    );
    expect(again.lines).toHaveLength(2);
    expect(again.problems).toEqual(
      expect.arrayContaining([
        { productId: scarce.id, name: scarce.name, problem: 'reduced', ordered: 3, added: 2 },
        { productId: gone.id, name: 'Seasonal Figs', problem: 'unavailable', ordered: 3, added: 0 },
        { productId: empty.id, name: 'Blood Oranges', problem: 'out_of_stock', ordered: 3, added: 0 },
      ]),
    );
    // The cart it makes places an order (today's prices pass the server's check).
    const total = (1.5 * 3 + 2 * 2).toFixed(2);
    const next = await shopper.orders.create({
      ...cardOrder([]),
      items: again.lines.map((line) => ({
        productId: line.productId,
        quantity: line.quantity,
        price: line.price,
      })),
      total,
    });
    expect(next.total).toBe(total);
  });

  it("someone else's order is NOT_FOUND", async () => {
    const { order } = await shopperWithOrder();
    const other = callerFor(ds, await makeUser(ds));
    expect((await failure(other.orders.reorder({ id: order.id }))).code).toBe('NOT_FOUND');
  });
});
