/**
 * The daily rollup Admin → Analytics reads (packages/db/src/migrations/1766600000000-analytics-rollup.ts)
 * always equals the same sums taken from the orders themselves: after a random mix of placements
 * (refused ones included), staff status changes, shoppers' cancellations, orders of past days, a
 * product moving category and an order deleted with its customer — and, on real PostgreSQL, after
 * placements, status changes and cancellations that race each other.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, embeddedTestDatabase, type TestDatabase } from '@shop/db/testing';
import { ORDER_TRANSITIONS, type OrderStatus } from '@shop/schema';
import type { DataSource } from 'typeorm';
import { callerFor, cardOrder, makeProduct, makeUser, type Caller } from '../../test/order-fixtures';

let db: TestDatabase;
let ds: DataSource;
let staff: Caller;

beforeAll(async () => {
  db = await createTestDatabase({ poolSize: 12 });
  ds = db.dataSource;
  staff = callerFor(ds, await makeUser(ds, 'sales_manager'));
});
afterAll(async () => {
  await db?.drop();
});

/** A small seeded generator (mulberry32): a failing mix can be replayed from its seed. */
function random(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * A line's units and cents as the shop counts them (docs/money.md): a line sold by measure is one
 * unit; its cents are the (weighed) quantity × the price per basis, rounded once, half up.
 */
const LINE_UNITS = `CASE WHEN i.measure_unit IS NULL THEN i.quantity ELSE 1 END`;
const LINE_CENTS = `round(COALESCE(i.weighed_quantity, i.quantity)::numeric * i.price * 100 /
  CASE WHEN i.measure_unit IN ('kg', 'L') THEN 1000 WHEN i.measure_unit IN ('g', 'ml') THEN 100 ELSE 1 END)`;

/** Per day and status: orders, cents and units, from the orders and from the rollup. */
async function byDayAndStatus() {
  const raw = await ds.query(
    `SELECT (o.created_at AT TIME ZONE 'UTC')::date::text AS day, o.status, count(*)::int AS orders,
            SUM(o.total * 100)::bigint::text AS cents,
            COALESCE(SUM((SELECT SUM(${LINE_UNITS}) FROM order_items i WHERE i.order_id = o.id)), 0)::int AS units
     FROM orders o GROUP BY 1, 2 ORDER BY 1, 2`,
  );
  const rollup = await ds.query(
    `SELECT day::text AS day, status, SUM(orders)::int AS orders, SUM(revenue_cents)::bigint::text AS cents,
            SUM(units)::int AS units
     FROM analytics_daily_orders GROUP BY 1, 2 HAVING SUM(orders) <> 0 OR SUM(units) <> 0 ORDER BY 1, 2`,
  );
  return { raw, rollup };
}

/** Per day and product (orders not cancelled): the product's category, units and cents. */
async function byDayAndProduct() {
  const raw = await ds.query(
    `SELECT (o.created_at AT TIME ZONE 'UTC')::date::text AS day, i.product_id, p.category_id,
            SUM(${LINE_UNITS})::int AS units, SUM(${LINE_CENTS})::bigint::text AS cents
     FROM orders o JOIN order_items i ON i.order_id = o.id JOIN products p ON p.id = i.product_id
     WHERE o.status <> 'cancelled' GROUP BY 1, 2, 3 ORDER BY 1, 2`,
  );
  const rollup = await ds.query(
    `SELECT day::text AS day, product_id, category_id, units, revenue_cents::text AS cents
     FROM analytics_daily_products WHERE units <> 0 OR revenue_cents <> 0 ORDER BY 1, 2`,
  );
  return { raw, rollup };
}

async function expectRollupExact() {
  const orders = await byDayAndStatus();
  expect(orders.rollup).toEqual(orders.raw);
  const products = await byDayAndProduct();
  expect(products.rollup).toEqual(products.raw);
}

describe('the analytics rollup', () => {
  it('equals the orders after a random mix of placements, status changes and cancellations', async () => {
    const next = random(19);
    const pick = <T>(list: T[]) => list[Math.floor(next() * list.length)]!;
    const products = await Promise.all(
      ['1.25', '2.50', '4.99', '10.00'].map((price) => makeProduct(ds, { price, stock: 25 })),
    );
    const shoppers = await Promise.all([1, 2, 3].map(() => makeUser(ds)));
    const orders: { id: string; shopper: Caller }[] = [];
    let refused = 0;

    for (let step = 0; step < 60; step++) {
      const roll = next();
      if (roll < 0.45 || orders.length === 0) {
        const shopper = callerFor(ds, pick(shoppers));
        const lines = products.filter(() => next() < 0.5);
        const order = cardOrder(lines.length ? lines : [pick(products)], 1 + Math.floor(next() * 4));
        try {
          orders.push({ id: (await shopper.orders.create(order)).id, shopper });
        } catch {
          refused++; // out of stock: the rolled-back order must not count
        }
      } else if (roll < 0.75) {
        const { id } = pick(orders);
        const current = (await staff.orderManagement.byId({ id })).status as OrderStatus;
        const allowed = ORDER_TRANSITIONS[current];
        if (allowed.length) await staff.orderManagement.updateStatus({ id, status: pick([...allowed]) });
      } else if (roll < 0.9) {
        const { id, shopper } = pick(orders);
        await shopper.orders.cancel({ id }).catch(() => {}); // refused once no longer pending
      } else if (roll < 0.95) {
        // An order of another day (as the large seed writes them), then moved a day on.
        const { id } = pick(orders);
        await ds.query(`UPDATE orders SET created_at = created_at - interval '1 day' WHERE id = $1`, [id]);
      } else {
        const product = pick(products);
        const other = pick(products);
        await ds.query(
          `UPDATE products SET category_id = (SELECT category_id FROM products WHERE id = $2) WHERE id = $1`,
          [product.id, other.id],
        );
      }
      if (step % 20 === 19) await expectRollupExact();
    }

    // A customer deleted with their orders (ON DELETE CASCADE) takes them out of the rollup.
    const [owner] = await ds.query(`SELECT user_id FROM orders WHERE id = $1`, [orders[0]!.id]);
    await ds.query(`DELETE FROM users WHERE id = $1`, [owner.user_id]);
    await expectRollupExact();

    expect(orders.length).toBeGreaterThan(10);
    expect(refused).toBeGreaterThan(0);
  });

  it('counts a line sold by weight by the one rounding rule, and its weighed weight once recorded', async () => {
    const salmon = await makeProduct(ds, { price: '24.99', stock: 20_000 });
    await ds.query(
      `UPDATE products SET sold_by = 'measure', measure_unit = 'kg', quantity_step = 250, min_quantity = 250,
              max_quantity = 3000, weight_tolerance = 10, unit = 'kg' WHERE id = $1`,
      [salmon.id],
    );
    const shopper = callerFor(ds, await makeUser(ds));
    // 750 g at $24.99 / kg = 1874.25 cents → $18.74 (half up, once).
    const placed = await shopper.orders.create({
      ...cardOrder([salmon], 750),
      items: [{ productId: salmon.id, quantity: 750, price: '24.99' }],
      total: '18.74',
    });
    const revenue = async () =>
      (await ds.query(
        `SELECT units, revenue_cents::int AS cents FROM analytics_daily_products WHERE product_id = $1`,
        [salmon.id],
      )) as { units: number; cents: number }[];
    expect(await revenue()).toEqual([{ units: 1, cents: 1874 }]);
    await expectRollupExact();

    // Weighed at 0.82 kg: 820 × 2499 / 1000 = 2049.18 → $20.49.
    await staff.orderManagement.recordWeight({
      id: placed.id,
      itemId: placed.items[0]!.id,
      weighedQuantity: 820,
      expectedWeighedQuantity: null,
    });
    expect(await revenue()).toEqual([{ units: 1, cents: 2049 }]);
    await expectRollupExact();
  });

  describe.skipIf(embeddedTestDatabase)('on real PostgreSQL', () => {
    it('stays exact, without deadlocks, when placements, status changes and cancellations race', async () => {
      const products = await Promise.all(
        ['3.00', '5.50', '7.25'].map((price) => makeProduct(ds, { price, stock: 1000 })),
      );
      const shoppers = await Promise.all([1, 2, 3, 4].map(() => makeUser(ds)));
      const first = await Promise.all(
        shoppers.map((user) => callerFor(ds, user).orders.create(cardOrder(products, 2))),
      );

      // Each shopper places two more orders (lines in both product orders) while their first order
      // is cancelled by them or moved on by staff.
      const results = await Promise.allSettled(
        shoppers.flatMap((user, index) => {
          const shopper = callerFor(ds, user);
          const id = first[index]!.id;
          return [
            shopper.orders.create(cardOrder([...products].reverse(), 1)),
            shopper.orders.create(cardOrder([products[index % 3]!], 3)),
            index % 2
              ? shopper.orders.cancel({ id })
              : staff.orderManagement.updateStatus({ id, status: 'processing' }),
          ];
        }),
      );
      expect(results.filter((result) => result.status === 'rejected')).toEqual([]);
      await expectRollupExact();
    });
  });
});
