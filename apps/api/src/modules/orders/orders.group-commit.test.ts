/**
 * Orders placed together in one transaction (group-commit.ts, placeGroup in orders/workflows/place-order.ts):
 * each order of a group is checked and refused on its own with the answer it gets alone, the
 * others commit; a group that fails as a whole answers every caller in it.
 *
 * Grouping is made certain without timing: calls made in the same tick reach the group commit
 * before the first one's transaction has had any answer from the database, so the first goes
 * alone and all the others form the next group.
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
import { toPublicError, type PublicError } from '../../errors';
import { PLACEMENT_GROUP_MAX, groupWrites, placementGroupCommit } from './workflows/place-order';
import { uniqueWord } from '../../test/unique-word';
import { shopDayIn } from '../../test/shop-days';

let db: TestDatabase;
let ds: DataSource;

beforeAll(async () => {
  db = await createTestDatabase({ poolSize: 10 });
  ds = db.dataSource;
});
afterAll(async () => {
  await db?.drop();
});

async function newCaller(): Promise<Caller> {
  return callerFor(ds, await makeUser(ds));
}

/** The sizes of the groups committed while `work` ran. */
async function groupsDuring<T>(work: () => Promise<T>): Promise<{ result: T; groups: number[] }> {
  const sizes = placementGroupCommit(ds).groupSizes;
  const before = sizes.length;
  const result = await work();
  return { result, groups: sizes.slice(before) };
}

/** What the caller of a rejected call heard. */
function rejection(result: PromiseSettledResult<unknown> | undefined): PublicError {
  if (result?.status !== 'rejected') throw new Error('Expected the call to fail');
  return toPublicError(result.reason);
}

const ordersFor = async (productIds: string[]): Promise<number> => {
  const [{ n }] = await ds.query(
    'SELECT count(DISTINCT order_id)::int AS n FROM order_items WHERE product_id = ANY($1::uuid[])',
    [productIds],
  );
  return n;
};

describe('placements grouped in one transaction', () => {
  it('a burst of 50 orders on 5 hot products with stock for 20: exactly 20 placed, none oversold', async () => {
    const hot = await Promise.all(
      Array.from({ length: 5 }, () => makeProduct(ds, { price: '1.00', stock: 4 })),
    );
    const callers = await Promise.all(Array.from({ length: 50 }, () => newCaller()));

    const { result: results, groups } = await groupsDuring(() =>
      Promise.allSettled(callers.map((caller, i) => caller.orders.create(cardOrder([hot[i % 5]!])))),
    );

    const placed = results.filter((r) => r.status === 'fulfilled');
    const refused = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(placed).toHaveLength(20);
    expect(refused).toHaveLength(30);
    for (const r of refused) {
      expect(r.reason).toMatchObject({
        code: 'CONFLICT',
        message: expect.stringMatching(/^Not enough stock for .* \(out of stock\)$/),
      });
    }
    for (const product of hot) expect(await stockOf(ds, product.id)).toBe(0);
    expect(await ordersFor(hot.map((p) => p.id))).toBe(20);
    const [{ moved }] = await ds.query(
      `SELECT coalesce(sum(-change), 0)::int AS moved FROM stock_movements WHERE product_id = ANY($1::uuid[])`,
      [hot.map((p) => p.id)],
    );
    expect(moved).toBe(20);
    // They went in groups, none larger than the bound (a group of refusals only rolls back: not counted).
    expect(Math.max(...groups)).toBeGreaterThan(1);
    expect(Math.max(...groups)).toBeLessThanOrEqual(PLACEMENT_GROUP_MAX);
  });

  it('one group: refusals answer exactly what a lone placement answers, the others are placed', async () => {
    const plenty = await makeProduct(ds, { price: '2.00', stock: 50 });
    const scarce = await makeProduct(ds, { price: '3.00', stock: 1 });
    const retired = await makeProduct(ds, { price: '1.00', stock: 10, isActive: false });
    const [first, ok1, short, stale, gone, ok2] = await Promise.all(
      Array.from({ length: 6 }, () => newCaller()),
    );

    const bodies = {
      first: cardOrder([plenty]),
      ok1: cardOrder([plenty, scarce]),
      // The scarce product's only unit goes to ok1, before it in the group.
      short: cardOrder([scarce]),
      stale: cardOrder([{ id: plenty.id, price: '1.50' }]),
      gone: cardOrder([retired, plenty]),
      ok2: cardOrder([plenty], 3),
    };
    const { result, groups } = await groupsDuring(() =>
      Promise.allSettled([
        first!.orders.create(bodies.first),
        ok1!.orders.create(bodies.ok1),
        short!.orders.create(bodies.short),
        stale!.orders.create(bodies.stale),
        gone!.orders.create(bodies.gone),
        ok2!.orders.create(bodies.ok2),
      ]),
    );
    expect(groups).toEqual([1, 5]);
    const [, placed1, shortResult, staleResult, goneResult, placed2] = result;
    expect(placed1).toMatchObject({ status: 'fulfilled' });
    expect(placed2).toMatchObject({ status: 'fulfilled' });
    expect(await stockOf(ds, plenty.id)).toBe(50 - 1 - 1 - 3);
    expect(await stockOf(ds, scarce.id)).toBe(0);
    expect(await stockOf(ds, retired.id)).toBe(10);

    // The same refusals, placed alone now (the shelves as the group left them), answer the same.
    const grouped = [shortResult, staleResult, goneResult].map(rejection);
    expect(grouped[0]).toEqual(await failure(short!.orders.create(bodies.short)));
    expect(grouped[1]).toEqual(await failure(stale!.orders.create(bodies.stale)));
    expect(grouped[2]).toEqual(await failure(gone!.orders.create(bodies.gone)));
    expect(grouped.map((error) => [error.code, (error.details as { reason: string }).reason])).toEqual([
      ['CONFLICT', 'INSUFFICIENT_STOCK'],
      ['CONFLICT', 'PRICE_CHANGED'],
      ['CONFLICT', 'PRODUCT_UNAVAILABLE'],
    ]);

    // Orders of one group keep the order they were placed in (stamped by the clock, not the transaction).
    const ids = [placed1, placed2].map((r) => (r as PromiseFulfilledResult<{ id: string }>).value.id);
    const rows: { id: string }[] = await ds.query(
      'SELECT id FROM orders WHERE id = ANY($1::uuid[]) ORDER BY created_at',
      [ids],
    );
    expect(rows.map((row) => row.id)).toEqual(ids);
  });

  it('a group written in one statement takes lots, ledger and slots as one order at a time would', async () => {
    const inventory = callerFor(ds, await makeUser(ds, 'inventory_manager'));
    const fresh = await makeProduct(ds, { price: '2.00', stock: 2 });
    const other = await makeProduct(ds, { price: '1.00', stock: 10 });
    await inventory.inventory.receiveLot({
      productId: fresh.id,
      quantity: 4,
      expiresOn: shopDayIn(5),
      reason: 'In',
    });
    await inventory.inventory.receiveLot({
      productId: fresh.id,
      quantity: 3,
      expiresOn: shopDayIn(2),
      reason: 'In',
    });
    const callers = await Promise.all(Array.from({ length: 5 }, () => newCaller()));
    const togetherBefore = groupWrites.together;

    const { result, groups } = await groupsDuring(() =>
      Promise.all([
        callers[0]!.orders.create(cardOrder([other])),
        callers[1]!.orders.create(cardOrder([fresh], 2)),
        callers[2]!.orders.create({
          ...cardOrder([fresh, other]),
          items: [
            { productId: fresh.id, quantity: 3, price: '2.00' },
            { productId: other.id, quantity: 1, price: '1.00' },
          ],
          total: '7.00',
        }),
        callers[3]!.orders.create(cardOrder([fresh], 1)),
        callers[4]!.orders.create(cardOrder([fresh], 2)),
      ]),
    );
    expect(groups).toEqual([1, 4]);
    expect(groupWrites.together).toBe(togetherBefore + 1);
    const [, first, second, third, fourth] = result.map((order) => order.id);

    // First expiry first, in arrival order: the lot of 3 (2 days) → the lot of 4 (5 days) → the 2 in no lot.
    const taken: { order_id: string; expires_on: string; quantity: number }[] = await ds.query(
      `SELECT i.order_id, to_char(l.expires_on, 'YYYY-MM-DD') AS expires_on, a.quantity
       FROM order_item_lots a JOIN order_items i ON i.id = a.order_item_id JOIN stock_lots l ON l.id = a.lot_id
       WHERE i.product_id = $1 ORDER BY l.expires_on, i.order_id`,
      [fresh.id],
    );
    const byOrder = (id: string | undefined) =>
      taken.filter((row) => row.order_id === id).map((row) => [row.expires_on, row.quantity]);
    expect(byOrder(first)).toEqual([[shopDayIn(2), 2]]);
    expect(byOrder(second)).toEqual([
      [shopDayIn(2), 1],
      [shopDayIn(5), 2],
    ]);
    expect(byOrder(third)).toEqual([[shopDayIn(5), 1]]);
    expect(byOrder(fourth)).toEqual([[shopDayIn(5), 1]]); // and 1 from the stock in no lot
    const lots = await inventory.inventory.lots({ productId: fresh.id });
    expect(lots).toMatchObject({ stock: 1, undated: 1 });
    expect(lots.lots).toEqual([]); // both lots used up: none open

    // The ledger, in the order the orders were placed: each starts where the one before ended.
    const ledger: { order_id: string; quantity_before: number; quantity_after: number }[] = await ds.query(
      `SELECT order_id, quantity_before, quantity_after FROM stock_movements
       WHERE product_id = $1 AND source = 'order' ORDER BY created_at, id`,
      [fresh.id],
    );
    expect(ledger).toEqual([
      { order_id: first, quantity_before: 9, quantity_after: 7 },
      { order_id: second, quantity_before: 7, quantity_after: 4 },
      { order_id: third, quantity_before: 4, quantity_after: 3 },
      { order_id: fourth, quantity_before: 3, quantity_after: 1 },
    ]);
    const placedInOrder: { id: string }[] = await ds.query(
      'SELECT id FROM orders WHERE id = ANY($1::uuid[]) ORDER BY created_at',
      [[first, second, third, fourth]],
    );
    expect(placedInOrder.map((row) => row.id)).toEqual([first, second, third, fourth]);
    // Each answer is the order as written: its own lines at the server's prices.
    expect(result[2]!.items.map((item) => [item.productId, item.quantity])).toEqual(
      [
        [fresh.id, 3],
        [other.id, 1],
      ].sort((a, b) => (a[0]! < b[0]! ? -1 : 1)),
    );
    expect(await stockOf(ds, other.id)).toBe(8);
  });

  it('an idempotent replay in the same group answers the first order; stock is taken once', async () => {
    const product = await makeProduct(ds, { price: '2.00', stock: 10 });
    const warmUp = await newCaller();
    const user = await makeUser(ds);
    const caller = callerFor(ds, user);
    const other = await newCaller();
    const key = `group-${uniqueWord()}`;
    const body = { ...cardOrder([product]), idempotencyKey: key };
    const oneAtATimeBefore = groupWrites.oneAtATime;

    const { result, groups } = await groupsDuring(() =>
      Promise.allSettled([
        warmUp.orders.create(cardOrder([product])),
        caller.orders.create(body),
        caller.orders.create(body),
        caller.orders.create({ ...cardOrder([product], 2), idempotencyKey: key }),
        other.orders.create(cardOrder([product])),
      ]),
    );
    expect(groups).toEqual([1, 4]);
    // The key's second use made the group's one statement fail: written again one order at a time.
    expect(groupWrites.oneAtATime).toBe(oneAtATimeBefore + 1);
    const [, firstUse, replayed, reused, otherOrder] = result;
    expect(firstUse).toMatchObject({ status: 'fulfilled' });
    expect(replayed).toMatchObject({ status: 'fulfilled' });
    const firstOrder = (firstUse as PromiseFulfilledResult<{ id: string }>).value;
    expect((replayed as PromiseFulfilledResult<{ id: string }>).value.id).toBe(firstOrder.id);
    expect(reused).toMatchObject({ status: 'rejected', reason: { code: 'UNPROCESSABLE_CONTENT' } });
    expect(otherOrder).toMatchObject({ status: 'fulfilled' });
    // warm-up 1 + the key's order 1 (once) + the other 1.
    expect(await stockOf(ds, product.id)).toBe(7);
    const [{ n }] = await ds.query('SELECT count(*)::int AS n FROM orders WHERE user_id = $1', [user.id]);
    expect(n).toBe(1);
  });
});

describe.skipIf(embeddedTestDatabase)('a group that fails as a whole (PostgreSQL)', () => {
  /** The backend of the placement waiting for a row lock in this test's database. */
  async function waitingPlacementBackend(not?: number): Promise<number> {
    for (;;) {
      const [row] = await ds.query(
        `SELECT pid FROM pg_stat_activity
         WHERE datname = current_database() AND wait_event_type = 'Lock'
           AND query LIKE 'SELECT p.id, p.name, p.sku, p.unit, p.price,%'
           AND pid <> $1`,
        [not ?? 0],
      );
      if (row) return row.pid;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }

  it('a connection lost mid-group: every caller in it gets the error a lone placement gets; nothing is written', async () => {
    const product = await makeProduct(ds, { price: '2.00', stock: 10 });
    const callers = await Promise.all(Array.from({ length: 4 }, () => newCaller()));
    const blocker = ds.createQueryRunner();
    await blocker.startTransaction();
    await blocker.query('SELECT id FROM products WHERE id = $1 FOR UPDATE', [product.id]);

    const calls = callers.map((caller) => failure(caller.orders.create(cardOrder([product]))));
    // The first goes alone and waits for the row; the other three wait for it and then form a group.
    const first = await waitingPlacementBackend();
    await ds.query('SELECT pg_terminate_backend($1)', [first]);
    const alone = await calls[0]!;
    await expect.poll(() => placementGroupCommit(ds).queued).toBe(0);
    await ds.query('SELECT pg_terminate_backend($1)', [await waitingPlacementBackend(first)]);
    const grouped = await Promise.all(calls.slice(1));
    await blocker.commitTransaction();
    await blocker.release();

    expect(alone.code).toBe('SERVICE_UNAVAILABLE');
    for (const answer of grouped) expect(answer).toEqual(alone);
    expect(await stockOf(ds, product.id)).toBe(10);
    expect(await ordersFor([product.id])).toBe(0);
    // The pool replaces the lost connection: the next order goes through.
    await callers[0]!.orders.create(cardOrder([product]));
    expect(await stockOf(ds, product.id)).toBe(9);
  });

  it('a deadlock of the whole group: the group runs again and every order in it is placed', async () => {
    const [low, high] = (
      await Promise.all([
        makeProduct(ds, { price: '1.00', stock: 10 }),
        makeProduct(ds, { price: '1.00', stock: 10 }),
      ])
    ).sort((a, b) => (a.id < b.id ? -1 : 1));
    const callers = await Promise.all(Array.from({ length: 3 }, () => newCaller()));
    const blocker = ds.createQueryRunner();
    await blocker.startTransaction();
    // The blocker never checks for the deadlock first: the group's backend finds it and loses.
    await blocker.query(`SET LOCAL deadlock_timeout = '10s'`);
    await blocker.query('SELECT id FROM products WHERE id = $1 FOR UPDATE', [high!.id]);
    const retriedBefore = placementGroupCommit(ds).retriedGroups;

    const calls = Promise.allSettled(callers.map((caller) => caller.orders.create(cardOrder([low!, high!]))));
    await waitingPlacementBackend(); // holds `low`, waits for `high`
    await blocker.query('SELECT id FROM products WHERE id = $1 FOR UPDATE', [low!.id]);
    await blocker.commitTransaction();
    await blocker.release();
    const results = await calls;

    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled', 'fulfilled']);
    expect(placementGroupCommit(ds).retriedGroups).toBeGreaterThan(retriedBefore);
    expect(await stockOf(ds, low!.id)).toBe(7);
    expect(await stockOf(ds, high!.id)).toBe(7);
  });
});
