/**
 * Sold by weight or measure (issue 20 part B): quantities checked against the product's step and
 * limits (400 naming the line), exact totals (a line rounded once, half up), unit prices in the
 * product DTO, and catch weight — staff record 0.82 kg of 0.75 kg ordered: line, order, stock
 * ledger and the shopper's order follow; outside the tolerance 400; two staff at once, one 409.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, embeddedTestDatabase, type TestDatabase } from '@shop/db/testing';
import type { DataSource } from 'typeorm';
import { callerFor, failure, makeProduct, makeUser, stockOf, type Caller } from '../../test/order-fixtures';

let db: TestDatabase;
let ds: DataSource;
let staff: Caller;
let admin: Caller;

beforeAll(async () => {
  db = await createTestDatabase({ poolSize: 12 });
  ds = db.dataSource;
  staff = callerFor(ds, await makeUser(ds, 'sales_manager'));
  admin = callerFor(ds, await makeUser(ds, 'admin'));
});
afterAll(async () => {
  await db?.drop();
});

/** Salmon at $24.99 / kg, by 0.25 kg from 0.25 to 3 kg, weighed ±10 %; 20 kg in stock. */
async function salmon(stockGrams = 20_000) {
  const product = await makeProduct(ds, { price: '24.99', stock: stockGrams });
  await ds.query(
    `UPDATE products SET sold_by = 'measure', measure_unit = 'kg', quantity_step = 250, min_quantity = 250,
            max_quantity = 3000, weight_tolerance = 10, unit = 'kg' WHERE id = $1`,
    [product.id],
  );
  return product;
}

function order(lines: { productId: string; quantity: number; price: string }[], total: string) {
  return {
    items: lines,
    total,
    paymentMethod: 'cash_on_delivery' as const,
    shippingAddress: '1 Test Street, Springfield, IL 62701, US',
  };
}

describe('quantities by measure', () => {
  it('a shopper buys 0.75 kg of salmon: 750 g, $18.74 (1874.25 cents rounded once), stock and ledger in grams', async () => {
    const product = await salmon();
    const shopper = callerFor(ds, await makeUser(ds));
    const placed = await shopper.orders.create(
      order([{ productId: product.id, quantity: 750, price: '24.99' }], '18.74'),
    );
    expect(placed.total).toBe('18.74');
    expect(placed.items[0]).toMatchObject({
      quantity: 750,
      measureUnit: 'kg',
      weightTolerance: 10,
      weighedQuantity: null,
      lineTotal: '18.74',
    });
    expect(await stockOf(ds, product.id)).toBe(19_250);
    const ledger = await ds.query(`SELECT source, change FROM stock_movements WHERE order_id = $1`, [
      placed.id,
    ]);
    expect(ledger).toEqual([{ source: 'order', change: -750 }]);

    // 'Buy again' gives the line back with its measure, so the cart steps by 0.25 kg again.
    const again = await shopper.orders.reorder({ id: placed.id });
    expect(again.lines).toEqual([
      expect.objectContaining({ quantity: 750, measureUnit: 'kg', quantityStep: 250, minQuantity: 250 }),
    ]);
  });

  it('a quantity off the step, under the minimum or over the maximum is 400 naming the line, and nothing is written', async () => {
    const product = await salmon();
    const shopper = callerFor(ds, await makeUser(ds));
    for (const [quantity, reason] of [
      [700, 'quantity must be a multiple of 0.25 kg'],
      [3250, 'quantity must be at most 3 kg'],
    ] as const) {
      const error = await failure(
        shopper.orders.create(order([{ productId: product.id, quantity, price: '24.99' }], '1.00')),
      );
      expect(error.code).toBe('BAD_REQUEST');
      expect(error.issues).toEqual([{ path: 'items.0.quantity', message: `${product.name}: ${reason}` }]);
    }
    expect(await stockOf(ds, product.id)).toBe(20_000);
  });

  it('pieces stay pieces: 1 to 1000, exact totals', async () => {
    const water = await makeProduct(ds, { price: '0.99', stock: 5000 });
    const shopper = callerFor(ds, await makeUser(ds));
    const placed = await shopper.orders.create(
      order([{ productId: water.id, quantity: 3, price: '0.99' }], '2.97'),
    );
    expect(placed.items[0]).toMatchObject({ quantity: 3, measureUnit: null, lineTotal: '2.97' });
    const error = await failure(
      shopper.orders.create(order([{ productId: water.id, quantity: 1001, price: '0.99' }], '990.99')),
    );
    expect(error.issues?.[0]?.path).toBe('items.0.quantity');
  });

  it('a client total that rounds differently is PRICE_CHANGED with the server’s total', async () => {
    const product = await salmon();
    const shopper = callerFor(ds, await makeUser(ds));
    const error = await failure(
      shopper.orders.create(order([{ productId: product.id, quantity: 750, price: '24.99' }], '18.75')),
    );
    expect(error).toMatchObject({ code: 'CONFLICT', details: { reason: 'PRICE_CHANGED', total: '18.74' } });
  });
});

describe('unit prices in the product DTO', () => {
  it('by measure per kg; a 250 g pack per kg; a piece without content none', async () => {
    const fish = await salmon();
    const coffee = await makeProduct(ds, { price: '12.99' });
    await ds.query(`UPDATE products SET net_content = 250, net_content_unit = 'g' WHERE id = $1`, [
      coffee.id,
    ]);
    const plain = await makeProduct(ds, { price: '1.00' });
    const anyone = callerFor(ds, null);
    expect(await anyone.products.byId({ id: fish.id })).toMatchObject({
      soldBy: 'measure',
      measureUnit: 'kg',
      quantityStep: 250,
      unitPrice: { amount: '24.99', per: 'kg' },
    });
    expect((await anyone.products.byId({ id: coffee.id })).unitPrice).toEqual({ amount: '51.96', per: 'kg' });
    expect((await anyone.products.byId({ id: plain.id })).unitPrice).toBeNull();
  });

  it('staff set the measure through the product form; contradicting fields are 400 at their field', async () => {
    const product = await makeProduct(ds);
    const current = await admin.products.byId({ id: product.id });
    const base = {
      id: product.id,
      name: current.name,
      description: current.description ?? 'x',
      price: '18.00',
      categoryId: current.categoryId!,
      version: 'version' in current ? current.version : undefined,
    };
    const updated = await admin.products.update({
      ...base,
      soldBy: 'measure',
      measureUnit: 'kg',
      quantityStep: 100,
      minQuantity: 200,
      maxQuantity: 2000,
      weightTolerance: 15,
    });
    expect(updated).toMatchObject({
      soldBy: 'measure',
      measureUnit: 'kg',
      minQuantity: 200,
      weightTolerance: 15,
    });
    const error = await failure(
      admin.products.update({ ...base, version: updated.version, minQuantity: 250 }),
    );
    expect(error).toMatchObject({
      code: 'BAD_REQUEST',
      issues: [{ path: 'minQuantity', message: 'Minimum must be a multiple of the step' }],
    });
  });
});

describe('catch weight', () => {
  async function placedSalmon(quantity = 750) {
    const product = await salmon();
    const shopper = callerFor(ds, await makeUser(ds));
    const cents = Math.floor((quantity * 2499 * 2 + 1000) / 2000);
    const total = (cents / 100).toFixed(2);
    const placed = await shopper.orders.create(
      order([{ productId: product.id, quantity, price: '24.99' }], total),
    );
    return { product, shopper, placed, itemId: placed.items[0]!.id };
  }

  it('staff record 0.82 kg: the line, the order total, the stock ledger and the shopper’s order follow', async () => {
    const { product, shopper, placed, itemId } = await placedSalmon();
    const weighed = await staff.orderManagement.recordWeight({
      id: placed.id,
      itemId,
      weighedQuantity: 820,
      expectedWeighedQuantity: null,
    });
    // 820 × 2499 / 1000 = 2049.18 → $20.49
    expect(weighed.items[0]).toMatchObject({ quantity: 750, weighedQuantity: 820, lineTotal: '20.49' });
    expect(weighed).toMatchObject({ subtotal: '20.49', total: '20.49' });
    expect(await stockOf(ds, product.id)).toBe(20_000 - 820);
    const ledger = await ds.query(
      `SELECT source, change, reason FROM stock_movements WHERE order_id = $1 ORDER BY created_at, change`,
      [placed.id],
    );
    expect(ledger).toEqual([
      { source: 'order', change: -750, reason: null },
      { source: 'weighing', change: -70, reason: 'Weighed at picking: 0.82 kg (ordered 0.75 kg)' },
    ]);
    const mine = await shopper.orders.byId({ id: placed.id });
    expect(mine.total).toBe('20.49');
    expect(mine.items[0]).toMatchObject({ weighedQuantity: 820, lineTotal: '20.49' });

    // Cancelled, the weighed 0.82 kg goes back, not the 0.75 kg ordered.
    await staff.orderManagement.updateStatus({ id: placed.id, status: 'cancelled' });
    expect(await stockOf(ds, product.id)).toBe(20_000);
  });

  it('outside the tolerance is 400 at weighedQuantity, and nothing changes', async () => {
    const { product, placed, itemId } = await placedSalmon();
    const error = await failure(
      staff.orderManagement.recordWeight({
        id: placed.id,
        itemId,
        weighedQuantity: 830,
        expectedWeighedQuantity: null,
      }),
    );
    expect(error).toMatchObject({
      code: 'BAD_REQUEST',
      issues: [
        {
          path: 'weighedQuantity',
          message: 'The weight must be within ±10 % of 0.75 kg (0.675 kg to 0.825 kg)',
        },
      ],
    });
    expect(await stockOf(ds, product.id)).toBe(20_000 - 750);
    expect((await staff.orderManagement.byId({ id: placed.id })).total).toBe('18.74');
  });

  it('a lighter weight gives stock back; a stale expected weight is 409; shoppers may not weigh', async () => {
    const { product, shopper, placed, itemId } = await placedSalmon();
    await staff.orderManagement.recordWeight({
      id: placed.id,
      itemId,
      weighedQuantity: 700,
      expectedWeighedQuantity: null,
    });
    expect(await stockOf(ds, product.id)).toBe(20_000 - 700);
    const stale = await failure(
      staff.orderManagement.recordWeight({
        id: placed.id,
        itemId,
        weighedQuantity: 800,
        expectedWeighedQuantity: null,
      }),
    );
    expect(stale).toMatchObject({
      code: 'CONFLICT',
      details: { reason: 'WEIGHT_CHANGED', weighedQuantity: 700 },
    });
    const forbidden = await failure(
      shopper.orderManagement.recordWeight({
        id: placed.id,
        itemId,
        weighedQuantity: 800,
        expectedWeighedQuantity: 700,
      }),
    );
    expect(forbidden.code).toBe('FORBIDDEN');
  });

  it.skipIf(embeddedTestDatabase)(
    'two staff recording the same line at once: one wins, the other 409',
    async () => {
      for (let round = 0; round < 5; round++) {
        const { product, placed, itemId } = await placedSalmon();
        const results = await Promise.allSettled([
          staff.orderManagement.recordWeight({
            id: placed.id,
            itemId,
            weighedQuantity: 820,
            expectedWeighedQuantity: null,
          }),
          admin.orderManagement.recordWeight({
            id: placed.id,
            itemId,
            weighedQuantity: 700,
            expectedWeighedQuantity: null,
          }),
        ]);
        const won = results.filter((result) => result.status === 'fulfilled');
        const lost = results.filter((result) => result.status === 'rejected');
        expect(won).toHaveLength(1);
        expect(lost).toHaveLength(1);
        expect((await failure(Promise.reject((lost[0] as PromiseRejectedResult).reason))).code).toBe(
          'CONFLICT',
        );
        const [line] = await ds.query(`SELECT weighed_quantity FROM order_items WHERE id = $1`, [itemId]);
        expect(await stockOf(ds, product.id)).toBe(20_000 - line.weighed_quantity);
        const ledger = await ds.query(
          `SELECT count(*)::int AS n FROM stock_movements WHERE order_id = $1 AND source = 'weighing'`,
          [placed.id],
        );
        expect(ledger[0].n).toBe(1);
      }
    },
  );
});
