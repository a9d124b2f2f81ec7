/**
 * Best-before lots (issue 21 part 2; docs/stock-lots.md) through the real app, on both database
 * modes: goods in; an order takes the lot that expires first and the staff order view names it; a
 * cancellation puts it back into the same lots; a lot past its date leaves sellable stock at read
 * time and for good when the expiry job runs; counts trim the lots; the expiring list and its
 * markdown; many shoppers racing for one lot take exactly what it holds; who may do what.
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
import { runLotExpiry } from './lot-expiry-job';
import { shopDayIn } from '../../test/shop-days';

let shop: TestApp;
let inventory: Caller;
let sales: Caller;
let shopper: Caller;
let anonymous: Caller;

beforeAll(async () => {
  shop = await startTestApp({ listen: false });
  const ds = shop.dataSource;
  inventory = callerFor(ds, await makeUser(ds, 'inventory_manager'));
  sales = callerFor(ds, await makeUser(ds, 'sales_manager'));
  shopper = callerFor(ds, await makeUser(ds));
  anonymous = callerFor(ds, null);
});
afterAll(async () => {
  await shop?.close();
});

/** A product with `undated` units of stock no lot records, and lots received through goods in. */
async function productWithLots(
  undated: number,
  lots: { quantity: number; expiresOn: string | null; batchCode?: string }[],
) {
  const product = await makeProduct(shop.dataSource, { stock: undated, price: '3.00' });
  for (const lot of lots) {
    await inventory.inventory.receiveLot({ productId: product.id, reason: 'Delivery note 7', ...lot });
  }
  return product;
}

const lotsLeft = async (productId: string) =>
  (await inventory.inventory.lots({ productId })).lots.map((lot) => [lot.expiresOn, lot.quantity]);

describe('goods in', () => {
  it('adds a lot to sellable stock, with a ledger row naming it', async () => {
    const product = await productWithLots(4, [{ quantity: 6, expiresOn: shopDayIn(5), batchCode: 'B-17' }]);
    const lots = await inventory.inventory.lots({ productId: product.id });
    expect(lots).toMatchObject({ stock: 10, undated: 4 });
    expect(lots.lots).toEqual([
      expect.objectContaining({
        quantity: 6,
        receivedQuantity: 6,
        expiresOn: shopDayIn(5),
        batchCode: 'B-17',
        daysLeft: 5,
        expired: false,
      }),
    ]);
    expect(await stockOf(shop.dataSource, product.id)).toBe(10);
    const [history] = await inventory.inventory.history({ productId: product.id });
    expect(history).toMatchObject({
      source: 'goods_in',
      quantityBefore: 4,
      quantityAfter: 10,
      reason: `Delivery note 7 (best before ${shopDayIn(5)}, batch B-17)`,
    });
    expect((await anonymous.products.byId({ id: product.id })).stock).toBe(10);
  });

  it('refuses a date already past, naming expiresOn, and writes nothing', async () => {
    const product = await productWithLots(1, []);
    const refused = await failure(
      inventory.inventory.receiveLot({
        productId: product.id,
        quantity: 3,
        expiresOn: shopDayIn(-1),
        reason: 'Late',
      }),
    );
    expect(refused).toMatchObject({ code: 'BAD_REQUEST' });
    expect(refused.issues).toEqual([expect.objectContaining({ path: 'expiresOn' })]);
    expect(await stockOf(shop.dataSource, product.id)).toBe(1);
  });

  it('is for inventory staff only', async () => {
    const product = await productWithLots(1, []);
    expect(
      await failure(shopper.inventory.receiveLot({ productId: product.id, quantity: 1, reason: 'Mine now' })),
    ).toMatchObject({ code: 'FORBIDDEN' });
    expect(await failure(shopper.inventory.lots({ productId: product.id }))).toMatchObject({
      code: 'FORBIDDEN',
    });
    expect(await stockOf(shop.dataSource, product.id)).toBe(1);
  });
});

describe('an order takes the lot that expires first', () => {
  it('3 from lots of 2 (in 2 days) and 2 (in 5 days): 2 + 1, shown on the order; a cancellation puts them back', async () => {
    // Received in the other order: arrival does not decide, the date does.
    const product = await productWithLots(0, [
      { quantity: 2, expiresOn: shopDayIn(5), batchCode: 'LATE' },
      { quantity: 2, expiresOn: shopDayIn(2), batchCode: 'EARLY' },
    ]);
    const order = await shopper.orders.create(cardOrder([product], 3));
    expect(await lotsLeft(product.id)).toEqual([[shopDayIn(5), 1]]);
    const seen = await sales.orderManagement.byId({ id: order.id });
    expect(seen.items[0]!.lots).toEqual([
      expect.objectContaining({ quantity: 2, expiresOn: shopDayIn(2), batchCode: 'EARLY' }),
      expect.objectContaining({ quantity: 1, expiresOn: shopDayIn(5), batchCode: 'LATE' }),
    ]);

    await shopper.orders.cancel({ id: order.id });
    expect(await lotsLeft(product.id)).toEqual([
      [shopDayIn(2), 2],
      [shopDayIn(5), 2],
    ]);
    expect(await stockOf(shop.dataSource, product.id)).toBe(4);
  });

  it('takes dated lots before undated stock, and the undated stock when the lots run out', async () => {
    const product = await productWithLots(5, [{ quantity: 2, expiresOn: shopDayIn(3) }]);
    const order = await shopper.orders.create(cardOrder([product], 4));
    expect(await lotsLeft(product.id)).toEqual([]);
    expect(await inventory.inventory.lots({ productId: product.id })).toMatchObject({ stock: 3, undated: 3 });
    const seen = await sales.orderManagement.byId({ id: order.id });
    expect(seen.items[0]!.lots).toEqual([expect.objectContaining({ quantity: 2, expiresOn: shopDayIn(3) })]);
  });
});

describe('a lot past its date', () => {
  it('leaves sellable stock without anyone touching it, then for good when the job runs', async () => {
    const product = await productWithLots(1, [
      { quantity: 5, expiresOn: shopDayIn(0), batchCode: 'OLD' },
      { quantity: 3, expiresOn: shopDayIn(4) },
    ]);
    // Time passes: its date is now yesterday.
    await shop.dataSource.query(
      `UPDATE stock_lots SET expires_on = $2 WHERE product_id = $1 AND batch_code = 'OLD'`,
      [product.id, shopDayIn(-1)],
    );
    // Read time: the storefront and the staff lots screen no longer count it…
    expect((await anonymous.products.byId({ id: product.id })).stock).toBe(4);
    expect(await inventory.inventory.lots({ productId: product.id })).toMatchObject({ stock: 4 });
    // …and nobody can buy it.
    const refused = await failure(shopper.orders.create(cardOrder([product], 5)));
    expect(refused).toMatchObject({ code: 'CONFLICT', message: expect.stringContaining('only 4 left') });

    // The job stamps it and takes it off the stock, once.
    expect(await runLotExpiry(shop.dataSource)).toBeGreaterThanOrEqual(1);
    expect(await stockOf(shop.dataSource, product.id)).toBe(4);
    expect(await runLotExpiry(shop.dataSource)).toBe(0);
    expect(await stockOf(shop.dataSource, product.id)).toBe(4);
    const [history] = await inventory.inventory.history({ productId: product.id });
    expect(history).toMatchObject({
      source: 'expiry',
      quantityBefore: 9,
      quantityAfter: 4,
      reason: `Lot past its best before date (${shopDayIn(-1)})`,
    });
    expect(await lotsLeft(product.id)).toEqual([[shopDayIn(4), 3]]);
  });

  it('is written off when a cancelled order puts units back into it', async () => {
    const product = await productWithLots(0, [{ quantity: 2, expiresOn: shopDayIn(1) }]);
    const order = await shopper.orders.create(cardOrder([product], 2));
    await shop.dataSource.query(`UPDATE stock_lots SET expires_on = $2 WHERE product_id = $1`, [
      product.id,
      shopDayIn(-1),
    ]);
    await shopper.orders.cancel({ id: order.id });
    // Back in its lot, which is past its date: not sellable, and gone for good with the next run.
    expect((await anonymous.products.byId({ id: product.id })).stock).toBe(0);
    await runLotExpiry(shop.dataSource);
    expect(await stockOf(shop.dataSource, product.id)).toBe(0);
    expect(
      await shop.dataSource.query(
        `SELECT quantity, expired_at IS NOT NULL AS expired FROM stock_lots WHERE product_id = $1`,
        [product.id],
      ),
    ).toEqual([{ quantity: 2, expired: true }]);
  });
});

describe('a staff count', () => {
  it('lower than the lots keeps the earliest dates', async () => {
    const product = await productWithLots(2, [
      { quantity: 3, expiresOn: shopDayIn(2) },
      { quantity: 3, expiresOn: shopDayIn(6) },
    ]);
    await inventory.products.patch({ id: product.id, stock: 4, expectedStock: 8, reason: 'Counted' });
    expect(await lotsLeft(product.id)).toEqual([
      [shopDayIn(2), 3],
      [shopDayIn(6), 1],
    ]);
    expect(await inventory.inventory.lots({ productId: product.id })).toMatchObject({ stock: 4, undated: 0 });
  });
});

describe('expiring soon', () => {
  it('lists lots due in the next N days, soonest first, with a markdown suggestion', async () => {
    const product = await productWithLots(0, [
      { quantity: 1, expiresOn: shopDayIn(9) },
      { quantity: 2, expiresOn: shopDayIn(1) },
      { quantity: 3, expiresOn: shopDayIn(0) },
    ]);
    const mine = (await inventory.inventory.expiring({ days: 7 })).filter(
      (lot) => lot.productId === product.id,
    );
    expect(mine.map((lot) => [lot.daysLeft, lot.quantity, lot.markdownPercent, lot.markdownPrice])).toEqual([
      [0, 3, 50, '1.50'],
      [1, 2, 30, '2.10'],
    ]);
  });
});

describe('many shoppers racing for one lot', () => {
  it('take exactly what it holds, each unit from one lot', async () => {
    const product = await productWithLots(0, [{ quantity: 5, expiresOn: shopDayIn(3) }]);
    const shoppers = await Promise.all(
      Array.from({ length: 12 }, async () => callerFor(shop.dataSource, await makeUser(shop.dataSource))),
    );
    const outcomes = await Promise.allSettled(
      shoppers.map((each) => each.orders.create(cardOrder([product], 1))),
    );
    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(5);
    expect(await stockOf(shop.dataSource, product.id)).toBe(0);
    const [taken] = await shop.dataSource.query(
      `SELECT COALESCE(sum(a.quantity), 0)::int AS units, (SELECT quantity FROM stock_lots WHERE product_id = $1) AS left
       FROM order_item_lots a JOIN order_items i ON i.id = a.order_item_id WHERE i.product_id = $1`,
      [product.id],
    );
    expect(taken).toEqual({ units: 5, left: 0 });
  });
});
