/**
 * The expiry job as the api runs it (lot-expiry-job.ts), on both database modes: an api instance
 * with the job on takes a lot past its date off sellable stock by itself — here the run it makes as
 * it starts — with the ledger row, and schedules the next runs on its job queue.
 */
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../app';
import { startTestApp, testEnv, type TestApp } from '../../test/test-app';
import { callerFor, makeProduct, makeUser, stockOf } from '../../test/order-fixtures';
import { LOT_EXPIRY_CRON, LOT_EXPIRY_QUEUE } from './lot-expiry-job';
import { shopDayIn } from '../../test/shop-days';

let shop: TestApp;
let instance: FastifyInstance | undefined;

beforeAll(async () => {
  shop = await startTestApp({ listen: false });
});
afterAll(async () => {
  await instance?.close();
  await shop?.db.drop();
});

it('an api instance takes a lot past its date off the stock by itself, and schedules the next runs', async () => {
  const ds = shop.dataSource;
  const inventory = callerFor(ds, await makeUser(ds, 'inventory_manager'));
  const product = await makeProduct(ds, { stock: 2 });
  await inventory.inventory.receiveLot({
    productId: product.id,
    quantity: 6,
    expiresOn: shopDayIn(0),
    reason: 'Goods in',
  });
  // Time passes: its date is now yesterday. Nobody reads or writes the product after this.
  await ds.query(`UPDATE stock_lots SET expires_on = $2 WHERE product_id = $1`, [product.id, shopDayIn(-1)]);
  expect(await stockOf(ds, product.id)).toBe(8);

  // The test app (job off) makes way for an instance with the job on, on the same database.
  await shop.app.close();
  instance = await buildApp({
    env: testEnv({ LOT_EXPIRY_JOB: 'true' }),
    dataSource: ds,
    databaseKind: shop.db.kind,
  });
  await instance.ready();

  await vi.waitFor(async () => expect(await stockOf(ds, product.id)).toBe(2), {
    timeout: 30_000,
    interval: 250,
  });
  const [row] = await ds.query(
    `SELECT source, quantity_before, quantity_after FROM stock_movements WHERE product_id = $1 ORDER BY created_at DESC LIMIT 1`,
    [product.id],
  );
  expect(row).toEqual({ source: 'expiry', quantity_before: 8, quantity_after: 2 });
  const schedules = await ds.query(`SELECT name, cron FROM pgboss.schedule WHERE name = $1`, [
    LOT_EXPIRY_QUEUE,
  ]);
  expect(schedules).toEqual([{ name: LOT_EXPIRY_QUEUE, cron: LOT_EXPIRY_CRON }]);
});
