/**
 * Substitutions at picking (issue 21 part 3; docs/substitutions.md) through the real app, on both
 * database modes: a short line gets the shopper's choice — a similar product, the one they chose
 * (never dearer than the line), or nothing — or the shop's default; the order's lines, total,
 * stock, lots and timeline add up; the shopper sees it; twice, or two staff at once, is one
 * substitution; who may do it; bad choices are refused at checkout.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/test-app';
import {
  callerFor,
  cardOrder,
  failure,
  makeProduct,
  makeUser,
  stockOf,
  type Caller,
} from '../../test/order-fixtures';
import { shopDayIn } from '../../test/shop-days';

let shop: TestApp;
let staff: Caller;
let otherStaff: Caller;
let admin: Caller;
let inventory: Caller;

beforeAll(async () => {
  shop = await startTestApp({ listen: false });
  const ds = shop.dataSource;
  staff = callerFor(ds, await makeUser(ds, 'sales_manager', { firstName: 'Pat', lastName: 'Picker' }));
  otherStaff = callerFor(ds, await makeUser(ds, 'sales_manager'));
  admin = callerFor(ds, await makeUser(ds, 'admin'));
  inventory = callerFor(ds, await makeUser(ds, 'inventory_manager'));
});
afterAll(async () => {
  await shop?.close();
});

/** Products in one category of their own: the one bought, and others at these prices. */
async function aisle(bought: string, others: string[]) {
  const ds = shop.dataSource;
  const main = await makeProduct(ds, { price: bought, stock: 20 });
  const rest = [];
  for (const price of others) {
    const product = await makeProduct(ds, { price, stock: 20 });
    await ds.query(`UPDATE products SET category_id = $2 WHERE id = $1`, [product.id, main.categoryId]);
    rest.push(product);
  }
  return { main, rest };
}

async function shopper() {
  const user = await makeUser(shop.dataSource);
  return { user, caller: callerFor(shop.dataSource, user) };
}

describe('a line short at picking', () => {
  it('similar (the default): the nearest price in the same aisle, at the lower price; totals, stock, lots and timeline add up', async () => {
    const { main, rest } = await aisle('3.00', ['2.80', '5.00']);
    const [near, far] = rest as [(typeof rest)[0], (typeof rest)[0]];
    await inventory.inventory.receiveLot({
      productId: near.id,
      quantity: 5,
      expiresOn: shopDayIn(3),
      reason: 'Goods in',
    });
    const { caller } = await shopper();
    const order = await caller.orders.create(cardOrder([main], 2));
    expect(order.items[0]).toMatchObject({ substitution: 'similar', short: false });

    const after = await staff.orderManagement.markShort({ id: order.id, itemId: order.items[0]!.id });
    expect(after.items).toEqual([
      expect.objectContaining({ productId: main.id, short: true, lineTotal: '0.00' }),
      expect.objectContaining({
        productId: near.id,
        quantity: 2,
        price: '2.80',
        lineTotal: '5.60',
        substituteFor: order.items[0]!.id,
      }),
    ]);
    expect(after.total).toBe('5.60');
    expect(after.items[1]!.lots).toEqual([expect.objectContaining({ quantity: 2, expiresOn: shopDayIn(3) })]);
    expect(await stockOf(shop.dataSource, near.id)).toBe(23);
    expect(await stockOf(shop.dataSource, far.id)).toBe(20);
    // The short line's units were not on the shelf: nothing goes back.
    expect(await stockOf(shop.dataSource, main.id)).toBe(18);
    expect(after.history.at(-1)).toMatchObject({
      fromStatus: 'pending',
      toStatus: 'pending',
      note: `${main.name} short: substituted with ${near.name} (2 at $2.80)`,
      changedBy: expect.objectContaining({ name: 'Pat Picker' }),
    });

    // The shopper sees the same.
    const mine = await caller.orders.byId({ id: order.id });
    expect(mine.total).toBe('5.60');
    expect(mine.items.map((item) => [item.name, item.short, item.lineTotal])).toEqual([
      [main.name, true, '0.00'],
      [near.name, false, '5.60'],
    ]);

    // Once only.
    expect(
      await failure(staff.orderManagement.markShort({ id: order.id, itemId: order.items[0]!.id })),
    ).toMatchObject({
      code: 'CONFLICT',
      details: { reason: 'LINE_SHORT' },
    });

    // A cancellation returns the substitute's units to its lot, and nothing of the short line.
    await caller.orders.cancel({ id: order.id });
    expect(await stockOf(shop.dataSource, near.id)).toBe(25);
    expect(await stockOf(shop.dataSource, main.id)).toBe(18);
    expect((await inventory.inventory.lots({ productId: near.id })).lots).toEqual([
      expect.objectContaining({ quantity: 5 }),
    ]);
  });

  it('a chosen product: that one, charged no more than the line', async () => {
    const { main, rest } = await aisle('3.00', ['2.90', '4.00']);
    const chosen = rest[1]!;
    const { caller } = await shopper();
    const body = cardOrder([main], 1);
    body.items[0] = { ...body.items[0]!, substitution: 'product', substituteProductId: chosen.id } as never;
    const order = await caller.orders.create(body);
    const after = await staff.orderManagement.markShort({ id: order.id, itemId: order.items[0]!.id });
    expect(after.items[1]).toMatchObject({ productId: chosen.id, price: '3.00', lineTotal: '3.00' });
    expect(after.total).toBe('3.00');
    expect(await stockOf(shop.dataSource, chosen.id)).toBe(19);
  });

  it('no substitution: left out and not charged', async () => {
    const { main, rest } = await aisle('3.00', ['2.90']);
    const other = await makeProduct(shop.dataSource, { price: '1.00', stock: 5 });
    const { caller } = await shopper();
    const body = cardOrder([main, other], 1);
    body.items[0] = { ...body.items[0]!, substitution: 'none' } as never;
    const order = await caller.orders.create(body);
    expect(order.total).toBe('4.00');
    const line = order.items.find((item) => item.productId === main.id)!;
    const after = await staff.orderManagement.markShort({ id: order.id, itemId: line.id });
    expect(after.items).toHaveLength(2);
    expect(after.total).toBe('1.00');
    expect(after.history.at(-1)!.note).toBe(`${main.name} short: no substitution, as the customer chose`);
    expect(await stockOf(shop.dataSource, rest[0]!.id)).toBe(20);
  });

  it('with nothing similar in stock: simply short', async () => {
    const { main, rest } = await aisle('3.00', ['2.90']);
    await shop.dataSource.query(`UPDATE products SET stock = 0 WHERE id = $1`, [rest[0]!.id]);
    const { caller } = await shopper();
    const order = await caller.orders.create(cardOrder([main], 1));
    const after = await staff.orderManagement.markShort({ id: order.id, itemId: order.items[0]!.id });
    expect(after.items).toHaveLength(1);
    expect(after.total).toBe('0.00');
    expect(after.history.at(-1)!.note).toBe(`${main.name} short: no substitute in stock`);
  });

  it("the shop's default applies to lines that say nothing", async () => {
    const { updatedAt: _at, ...settings } = await admin.settings.get();
    await admin.settings.update({ ...settings, defaultSubstitution: 'none' });
    try {
      const { main } = await aisle('3.00', ['2.90']);
      const { caller } = await shopper();
      const order = await caller.orders.create(cardOrder([main], 1));
      expect(order.items[0]!.substitution).toBe('none');
    } finally {
      const { updatedAt: _now, ...now } = await admin.settings.get();
      await admin.settings.update({ ...now, defaultSubstitution: 'similar' });
    }
  });

  it('two staff marking the same line at once: one substitution, the other told', async () => {
    const { main, rest } = await aisle('3.00', ['2.90']);
    const { caller } = await shopper();
    const order = await caller.orders.create(cardOrder([main], 1));
    const outcomes = await Promise.allSettled([
      staff.orderManagement.markShort({ id: order.id, itemId: order.items[0]!.id }),
      otherStaff.orderManagement.markShort({ id: order.id, itemId: order.items[0]!.id }),
    ]);
    expect(outcomes.map((outcome) => outcome.status).sort()).toEqual(['fulfilled', 'rejected']);
    const seen = await staff.orderManagement.byId({ id: order.id });
    expect(seen.items).toHaveLength(2);
    expect(await stockOf(shop.dataSource, rest[0]!.id)).toBe(19);
  });

  it('is for staff who run orders; shoppers get FORBIDDEN and nothing changes', async () => {
    const { main } = await aisle('3.00', ['2.90']);
    const { caller } = await shopper();
    const order = await caller.orders.create(cardOrder([main], 1));
    expect(
      await failure(caller.orderManagement.markShort({ id: order.id, itemId: order.items[0]!.id })),
    ).toMatchObject({
      code: 'FORBIDDEN',
    });
    expect((await caller.orders.byId({ id: order.id })).items[0]!.short).toBe(false);
  });
});

describe('at checkout', () => {
  it('offers in-stock products of the same aisle, nearest price first', async () => {
    const { main, rest } = await aisle('3.00', ['9.00', '3.20', '2.50']);
    await shop.dataSource.query(`UPDATE products SET stock = 0 WHERE id = $1`, [rest[2]!.id]);
    const similar = await callerFor(shop.dataSource, null).products.similar({ productId: main.id });
    expect(similar.map((product) => product.id)).toEqual([rest[1]!.id, rest[0]!.id]);
  });

  it('refuses a chosen substitution without a product, naming the field, and places nothing', async () => {
    const { main } = await aisle('3.00', []);
    const { user, caller } = await shopper();
    const body = cardOrder([main], 1);
    body.items[0] = { ...body.items[0]!, substitution: 'product' } as never;
    const refused = await failure(caller.orders.create(body));
    expect(refused).toMatchObject({ code: 'BAD_REQUEST' });
    expect(refused.issues).toEqual([expect.objectContaining({ path: 'items.0.substituteProductId' })]);
    const [{ n }] = await shop.dataSource.query(`SELECT count(*)::int AS n FROM orders WHERE user_id = $1`, [
      user.id,
    ]);
    expect(n).toBe(0);
  });
});
