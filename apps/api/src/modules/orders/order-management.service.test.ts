/**
 * Order status changes on a real PostgreSQL clone (docs/architecture.md §4): the whole transition table,
 * stock returned exactly once under concurrent cancellations, the ledger and the status timeline,
 * the payment status following, and the staff list's search, filter and cards.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, embeddedTestDatabase, type TestDatabase } from '@shop/db/testing';
import { ORDER_STATUSES, ORDER_TRANSITIONS, type OrderStatus } from '@shop/schema';
import {
  callerAs,
  codeOf,
  currentUser,
  DEMO_EMAILS,
  failureOf,
  makeOrder,
  makeProduct,
  stockOf,
  type Caller,
} from '../../test/admin-fixtures';
import { uniqueWord } from '../../test/unique-word';

let db: TestDatabase;
let sales: Caller;
let admin: Caller;

beforeAll(async () => {
  db = await createTestDatabase({ poolSize: 12 });
  sales = await callerAs(db.dataSource, 'sales_manager');
  admin = await callerAs(db.dataSource, 'admin');
});
afterAll(async () => {
  await db?.drop();
});

const pairs = ORDER_STATUSES.flatMap((from) =>
  ORDER_STATUSES.map((to) => [from, to] as [OrderStatus, OrderStatus]),
);

describe('the transition table (every from → to)', () => {
  it.each(pairs)('%s → %s', async (from, to) => {
    const product = await makeProduct(db.dataSource, { stock: 10 });
    const id = await makeOrder(db.dataSource, {
      status: from,
      items: [{ productId: product.id, quantity: 3 }],
    });
    const allowed = ORDER_TRANSITIONS[from].includes(to);
    if (allowed) {
      const order = await sales.orderManagement.updateStatus({ id, status: to, notes: `to ${to}` });
      expect(order.status).toBe(to);
      expect(order.history).toHaveLength(1);
      expect(order.history[0]).toMatchObject({ fromStatus: from, toStatus: to, note: `to ${to}` });
      expect(await stockOf(db.dataSource, product.id)).toBe(to === 'cancelled' ? 10 : 7);
    } else {
      const error = await failureOf(sales.orderManagement.updateStatus({ id, status: to }));
      expect(error.code).toBe('CONFLICT');
      expect(error.message).toBe(
        from === to ? `The order is already ${from}` : `An order that is ${from} cannot become ${to}`,
      );
      const [row] = await db.dataSource.query(`SELECT status FROM orders WHERE id = $1`, [id]);
      expect(row.status).toBe(from);
      expect(await stockOf(db.dataSource, product.id)).toBe(7);
      expect(
        await db.dataSource.query(`SELECT 1 FROM order_status_history WHERE order_id = $1`, [id]),
      ).toEqual([]);
    }
  });

  it('says it the way the UI shows it', async () => {
    const product = await makeProduct(db.dataSource);
    const id = await makeOrder(db.dataSource, {
      status: 'delivered',
      items: [{ productId: product.id, quantity: 1 }],
    });
    const error = await failureOf(sales.orderManagement.updateStatus({ id, status: 'pending' }));
    expect(error.message).toBe('An order that is delivered cannot become pending');
  });

  it('answers NOT_FOUND for an unknown order and BAD_REQUEST for a bad status', async () => {
    expect(
      await codeOf(
        sales.orderManagement.updateStatus({ id: '00000000-0000-4000-8000-000000000000', status: 'shipped' }),
      ),
    ).toBe('NOT_FOUND');
    const product = await makeProduct(db.dataSource);
    const id = await makeOrder(db.dataSource, { items: [{ productId: product.id, quantity: 1 }] });
    const error = await failureOf(sales.orderManagement.updateStatus({ id, status: 'lost' as never }));
    expect(error.code).toBe('BAD_REQUEST');
    expect(error.message).toContain('Please select a status');
  });
});

describe('cancelling', () => {
  it('returns the stock of every line once, with ledger rows naming the order, who and why', async () => {
    const a = await makeProduct(db.dataSource, { stock: 20 });
    const b = await makeProduct(db.dataSource, { stock: 5 });
    const id = await makeOrder(db.dataSource, {
      items: [
        { productId: a.id, quantity: 4 },
        { productId: b.id, quantity: 5 },
      ],
    });
    expect([await stockOf(db.dataSource, a.id), await stockOf(db.dataSource, b.id)]).toEqual([16, 0]);

    await sales.orderManagement.updateStatus({ id, status: 'cancelled', notes: '  Customer called  ' });

    expect([await stockOf(db.dataSource, a.id), await stockOf(db.dataSource, b.id)]).toEqual([20, 5]);
    const user = await currentUser(db.dataSource, DEMO_EMAILS.sales_manager);
    const rows = await db.dataSource.query(
      `SELECT product_id, quantity_before, quantity_after, change, source, reason, order_id, user_id
       FROM stock_movements WHERE order_id = $1 ORDER BY quantity_after`,
      [id],
    );
    expect(rows).toEqual([
      {
        product_id: b.id,
        quantity_before: 0,
        quantity_after: 5,
        change: 5,
        source: 'cancellation',
        reason: 'Order cancelled: Customer called',
        order_id: id,
        user_id: user.id,
      },
      {
        product_id: a.id,
        quantity_before: 16,
        quantity_after: 20,
        change: 4,
        source: 'cancellation',
        reason: 'Order cancelled: Customer called',
        order_id: id,
        user_id: user.id,
      },
    ]);
    const history = await admin.inventory.history({ productId: b.id });
    expect(history[0]).toMatchObject({
      source: 'cancellation',
      change: 5,
      orderId: id,
      user: { id: user.id, name: 'Sally Sales', email: DEMO_EMAILS.sales_manager },
    });
  });

  it('10 parallel cancellations of one order return its stock exactly once', async () => {
    const a = await makeProduct(db.dataSource, { stock: 50 });
    const b = await makeProduct(db.dataSource, { stock: 50 });
    const id = await makeOrder(db.dataSource, {
      status: 'processing',
      items: [
        { productId: a.id, quantity: 7 },
        { productId: b.id, quantity: 3 },
      ],
    });
    const callers = await Promise.all(
      Array.from({ length: 10 }, () => callerAs(db.dataSource, 'sales_manager')),
    );
    const codes = await Promise.all(
      callers.map((caller) => codeOf(caller.orderManagement.updateStatus({ id, status: 'cancelled' }))),
    );
    expect(codes.filter((code) => code === undefined)).toHaveLength(1);
    expect(codes.filter((code) => code === 'CONFLICT')).toHaveLength(9);
    expect(await stockOf(db.dataSource, a.id)).toBe(50);
    expect(await stockOf(db.dataSource, b.id)).toBe(50);
    const [{ n }] = await db.dataSource.query(
      `SELECT count(*)::int AS n FROM stock_movements WHERE order_id = $1`,
      [id],
    );
    expect(n).toBe(2);
    const [{ h }] = await db.dataSource.query(
      `SELECT count(*)::int AS h FROM order_status_history WHERE order_id = $1`,
      [id],
    );
    expect(h).toBe(1);
  });

  it('parallel cancel and ship: exactly one wins, and stock matches the winner', async () => {
    const product = await makeProduct(db.dataSource, { stock: 10 });
    const id = await makeOrder(db.dataSource, {
      status: 'processing',
      items: [{ productId: product.id, quantity: 4 }],
    });
    const [cancel, ship] = await Promise.all([
      codeOf(sales.orderManagement.updateStatus({ id, status: 'cancelled' })),
      codeOf(admin.orderManagement.updateStatus({ id, status: 'shipped' })),
    ]);
    const [row] = await db.dataSource.query(`SELECT status FROM orders WHERE id = $1`, [id]);
    if (row.status === 'cancelled') {
      expect(cancel).toBeUndefined();
      expect(await stockOf(db.dataSource, product.id)).toBe(10);
    } else {
      expect(row.status).toBe('shipped');
      expect(ship).toBeUndefined();
      expect(await stockOf(db.dataSource, product.id)).toBe(6);
    }
    expect([cancel, ship].filter((code) => code === 'CONFLICT').length).toBeLessThanOrEqual(1);
  });
});

describe('the payment status follows the order', () => {
  it.each([
    ['card', ['processing', 'shipped', 'delivered'], ['paid', 'paid', 'paid']],
    ['cash_on_delivery', ['processing', 'shipped', 'delivered'], ['pending', 'pending', 'paid']],
    ['bank_transfer', ['processing', 'cancelled'], ['paid', 'refunded']],
    ['cash_on_delivery', ['cancelled'], ['cancelled']],
  ] as const)('%s through %j', async (paymentMethod, steps, expected) => {
    const product = await makeProduct(db.dataSource);
    const id = await makeOrder(db.dataSource, {
      paymentMethod,
      items: [{ productId: product.id, quantity: 1 }],
    });
    const seen: string[] = [];
    for (const status of steps)
      seen.push((await sales.orderManagement.updateStatus({ id, status })).paymentStatus);
    expect(seen).toEqual(expected);
  });
});

describe('the timeline', () => {
  it('records every change with who, when and the note; empty notes are omitted', async () => {
    const product = await makeProduct(db.dataSource);
    const id = await makeOrder(db.dataSource, { items: [{ productId: product.id, quantity: 1 }] });
    await sales.orderManagement.updateStatus({ id, status: 'processing', notes: '   ' });
    await admin.orderManagement.updateStatus({ id, status: 'shipped', notes: 'Tracking 123' });
    const order = await sales.orderManagement.byId({ id });
    expect(
      order.history.map(({ fromStatus, toStatus, note, changedBy }) => ({
        fromStatus,
        toStatus,
        note,
        by: changedBy?.email,
      })),
    ).toEqual([
      { fromStatus: 'pending', toStatus: 'processing', note: null, by: DEMO_EMAILS.sales_manager },
      { fromStatus: 'processing', toStatus: 'shipped', note: 'Tracking 123', by: DEMO_EMAILS.admin },
    ]);
    expect(Date.parse(order.history[1]!.createdAt)).toBeGreaterThanOrEqual(
      Date.parse(order.history[0]!.createdAt),
    );
  });
});

describe('the View dialog data', () => {
  it('has the payment details, items with line totals and notes', async () => {
    const product = await makeProduct(db.dataSource, { price: '1.10', name: 'Line total check' });
    const id = await makeOrder(db.dataSource, {
      paymentMethod: 'bank_transfer',
      notes: 'Leave at the door',
      items: [{ productId: product.id, quantity: 3 }],
    });
    const order = await sales.orderManagement.byId({ id });
    expect(order).toMatchObject({
      id,
      status: 'pending',
      paymentMethod: 'bank_transfer',
      paymentStatus: 'pending',
      total: '3.30',
      bankName: 'Test Bank',
      bankAccountNumber: '12345678',
      cardLastFour: null,
      notes: 'Leave at the door',
      customerEmail: DEMO_EMAILS.customer,
      items: [
        { productId: product.id, name: 'Line total check', quantity: 3, price: '1.10', lineTotal: '3.30' },
      ],
    });
  });
});

describe('the list and the cards', () => {
  it('filters by status and searches id, address and customer id in SQL', async () => {
    const product = await makeProduct(db.dataSource);
    const marker = `Unique Lane ${uniqueWord()}`;
    const shipped = await makeOrder(db.dataSource, {
      status: 'shipped',
      shippingAddress: `${marker}, Town`,
      items: [{ productId: product.id, quantity: 1 }],
    });
    const byAddress = await sales.orderManagement.list({ search: marker.toLowerCase() });
    expect(byAddress.map((o) => o.id)).toEqual([shipped]);
    expect((await sales.orderManagement.list({ search: shipped.slice(0, 8) })).map((o) => o.id)).toContain(
      shipped,
    );
    expect(await sales.orderManagement.list({ search: marker, status: 'pending' })).toEqual([]);
    expect(
      (await sales.orderManagement.list({ search: marker, status: 'shipped' })).map((o) => o.id),
    ).toEqual([shipped]);
    const customer = await currentUser(db.dataSource, DEMO_EMAILS.customer);
    const byCustomer = await sales.orderManagement.list({ search: customer.id.slice(0, 8) });
    expect(byCustomer.every((o) => o.userId === customer.id)).toBe(true);
    expect(byCustomer.length).toBeGreaterThan(0);
    // LIKE wildcards are characters
    expect(await sales.orderManagement.list({ search: '%' })).toEqual([]);
    const all = await sales.orderManagement.list();
    expect(all.every((o, i) => i === 0 || o.createdAt <= all[i - 1]!.createdAt)).toBe(true);
  });

  it('pages the screen: every order once, newest first, with the number matching the filter', async () => {
    const product = await makeProduct(db.dataSource);
    for (let i = 0; i < 5; i++) {
      await makeOrder(db.dataSource, {
        status: 'processing',
        items: [{ productId: product.id, quantity: 1 }],
      });
    }
    const [{ total }] = await db.dataSource.query(`SELECT count(*)::int AS total FROM orders`);
    const seen: string[] = [];
    for (let page = 1; page <= Math.ceil(total / 3); page++) {
      const result = await sales.orderManagement.page({ page, pageSize: 3 });
      expect(result).toMatchObject({ total, page, pageSize: 3 });
      seen.push(...result.items.map((o) => o.id));
    }
    expect(seen).toHaveLength(total);
    expect(new Set(seen).size).toBe(total);
    expect(seen).toEqual((await sales.orderManagement.list()).map((o) => o.id).slice(0, total));

    const [{ processing }] = await db.dataSource.query(
      `SELECT count(*)::int AS processing FROM orders WHERE status = 'processing'`,
    );
    const filtered = await sales.orderManagement.page({ status: 'processing' });
    expect(filtered.total).toBe(processing);
    expect(filtered.items.every((o) => o.status === 'processing')).toBe(true);
    expect((await sales.orderManagement.page({ page: 1000 })).items).toEqual([]);
    await expect(sales.orderManagement.page({ pageSize: 101 })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
    });
  });

  it('counts the cards in the database: revenue is every total', async () => {
    const [expected] = await db.dataSource.query(
      `SELECT count(*)::int AS total, count(*) FILTER (WHERE status = 'pending')::int AS pending,
              count(*) FILTER (WHERE status = 'processing')::int AS processing,
              count(*) FILTER (WHERE status = 'delivered')::int AS completed,
              COALESCE(SUM(total), 0)::numeric(20, 2)::text AS revenue FROM orders`,
    );
    const summary = await sales.orderManagement.summary();
    expect(summary).toEqual(expected);
    expect(summary.total).toBeGreaterThan(0);
  });
});

// Another staff member's transaction on a second connection: PostgreSQL only (the embedded database
// has one connection, so nothing can wait for another transaction's lock there).
describe.skipIf(embeddedTestDatabase)('the status timeline under concurrent changes', () => {
  it('lists a change that waited for the order after the change it waited for', async () => {
    const product = await makeProduct(db.dataSource, { stock: 10 });
    const id = await makeOrder(db.dataSource, { items: [{ productId: product.id, quantity: 1 }] });
    // Another staff member's change holds the order while this one starts and waits for it.
    const other = db.dataSource.createQueryRunner();
    await other.connect();
    await other.startTransaction();
    await other.query(`SELECT 1 FROM orders WHERE id = $1 FOR UPDATE`, [id]);
    const waiting = sales.orderManagement.updateStatus({ id, status: 'shipped' });
    await new Promise((resolve) => setTimeout(resolve, 300)); // the waiting change has begun
    await other.query(`UPDATE orders SET status = 'processing' WHERE id = $1`, [id]);
    await other.query(
      `INSERT INTO order_status_history (order_id, from_status, to_status, created_at)
       VALUES ($1, 'pending', 'processing', clock_timestamp())`,
      [id],
    );
    await other.commitTransaction();
    await other.release();

    const order = await waiting;
    expect(order.history.map((row) => `${row.fromStatus} → ${row.toStatus}`)).toEqual([
      'pending → processing',
      'processing → shipped',
    ]);
  });
});
