/**
 * Shop settings (issue 19 item 6): defaults that reproduce the spec, admins' versioned edits (409 on
 * a stale one, also when two admins save at once on real PostgreSQL), and the server computing the
 * delivery fee, tax and minimum at the time of the order — stored on the order, never trusted from
 * the client, and never changing an order already placed.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase, embeddedTestDatabase, type TestDatabase } from '@shop/db/testing';
import type { DataSource } from 'typeorm';
import { DEFAULT_SETTINGS } from '@shop/schema';
import {
  callerFor,
  cardOrder,
  failure,
  makeProduct,
  makeUser,
  orderCount,
  stockOf,
  type Caller,
} from '../../test/order-fixtures';

let db: TestDatabase;
let ds: DataSource;
let admin: Caller;

beforeAll(async () => {
  db = await createTestDatabase({ poolSize: 8 });
  ds = db.dataSource;
  admin = callerFor(ds, await makeUser(ds, 'admin'));
});
afterAll(async () => {
  await db?.drop();
});

async function setSettings(patch: Partial<typeof DEFAULT_SETTINGS>) {
  const current = await admin.settings.get();
  return admin.settings.update({ ...DEFAULT_SETTINGS, ...patch, version: current.version });
}

beforeEach(async () => {
  await setSettings({});
});

describe('the settings', () => {
  it('start as the spec has it: delivery free, no tax, no minimum, USD', async () => {
    const anonymous = callerFor(ds, null);
    expect(await anonymous.settings.get()).toMatchObject({
      shopName: 'FreshCart',
      currency: 'USD',
      deliveryFee: '0.00',
      freeDeliveryThreshold: null,
      taxRate: '0.00',
      taxInclusive: false,
      minimumOrder: '0.00',
    });
    const shopper = callerFor(ds, await makeUser(ds));
    const product = await makeProduct(ds, { price: '3.10' });
    const order = await shopper.orders.create(cardOrder([product], 2));
    expect(order).toMatchObject({ subtotal: '6.20', deliveryFee: '0.00', tax: '0.00', total: '6.20' });
  });

  it('an admin changes them; an edit based on an older version is 409 with the current ones', async () => {
    const loaded = await admin.settings.get();
    const saved = await admin.settings.update({
      ...DEFAULT_SETTINGS,
      shopName: 'Corner Grocer',
      deliveryFee: '4.5',
      version: loaded.version,
    });
    expect(saved).toMatchObject({
      shopName: 'Corner Grocer',
      deliveryFee: '4.50',
      version: loaded.version + 1,
    });
    const stale = await failure(admin.settings.update({ ...DEFAULT_SETTINGS, version: loaded.version }));
    expect(stale.code).toBe('CONFLICT');
    expect(stale.details).toMatchObject({ reason: 'STALE_VERSION', current: { shopName: 'Corner Grocer' } });
    expect((await admin.settings.get()).shopName).toBe('Corner Grocer');
  });

  it('refuses bad values at their field and staff who are not admins', async () => {
    const loaded = await admin.settings.get();
    const bad = await failure(
      admin.settings.update({ ...DEFAULT_SETTINGS, taxRate: '120', version: loaded.version }),
    );
    expect(bad.code).toBe('BAD_REQUEST');
    expect(bad.issues?.[0]?.path).toBe('taxRate');
    const sales = callerFor(ds, await makeUser(ds, 'sales_manager'));
    expect((await failure(sales.settings.update({ ...DEFAULT_SETTINGS }))).code).toBe('FORBIDDEN');
    expect((await admin.settings.get()).version).toBe(loaded.version);
  });
});

describe.skipIf(embeddedTestDatabase)('two admins saving at once on real PostgreSQL', () => {
  it('one saves, the other gets 409: nothing is silently undone', async () => {
    const loaded = await admin.settings.get();
    const results = await Promise.allSettled([
      admin.settings.update({ ...DEFAULT_SETTINGS, deliveryFee: '1.00', version: loaded.version }),
      admin.settings.update({ ...DEFAULT_SETTINGS, deliveryFee: '2.00', version: loaded.version }),
    ]);
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
    expect((await admin.settings.get()).version).toBe(loaded.version + 1);
  });
});

describe('orders under the settings', () => {
  it('the server adds the delivery fee and tax, stores them, and a later change leaves the order alone', async () => {
    await setSettings({ deliveryFee: '4.99', freeDeliveryThreshold: '50.00', taxRate: '10.00' });
    const shopper = callerFor(ds, await makeUser(ds));
    const product = await makeProduct(ds, { price: '10.00' });
    // 20.00 + 4.99 delivery + 2.00 tax
    const order = await shopper.orders.create({ ...cardOrder([product], 2), total: '26.99' });
    expect(order).toMatchObject({
      subtotal: '20.00',
      deliveryFee: '4.99',
      tax: '2.00',
      taxInclusive: false,
      total: '26.99',
      currency: 'USD',
    });

    await setSettings({ deliveryFee: '9.00' });
    expect(await shopper.orders.byId({ id: order.id })).toMatchObject({
      deliveryFee: '4.99',
      total: '26.99',
    });
    expect(await admin.orderManagement.byId({ id: order.id })).toMatchObject({
      subtotal: '20.00',
      deliveryFee: '4.99',
      tax: '2.00',
      total: '26.99',
    });
    // The next order pays the new fee.
    const next = await shopper.orders.create({ ...cardOrder([product], 1), total: '19.00' });
    expect(next).toMatchObject({ subtotal: '10.00', deliveryFee: '9.00', tax: '0.00', total: '19.00' });
  });

  it('delivery is free from the threshold on', async () => {
    await setSettings({ deliveryFee: '4.99', freeDeliveryThreshold: '20.00' });
    const shopper = callerFor(ds, await makeUser(ds));
    const product = await makeProduct(ds, { price: '10.00' });
    const order = await shopper.orders.create(cardOrder([product], 2));
    expect(order).toMatchObject({ deliveryFee: '0.00', total: '20.00' });
  });

  it('prices that include tax: the tax is shown, the total is the subtotal plus delivery', async () => {
    await setSettings({ taxRate: '20.00', taxInclusive: true });
    const shopper = callerFor(ds, await makeUser(ds));
    const product = await makeProduct(ds, { price: '12.00' });
    const order = await shopper.orders.create(cardOrder([product], 1));
    expect(order).toMatchObject({ subtotal: '12.00', tax: '2.00', taxInclusive: true, total: '12.00' });
  });

  it.each([
    ['without the delivery fee and tax', '20.00'],
    ['with the fee but without tax', '24.99'],
    ['a cent short', '26.98'],
  ])(
    'refuses a total sent %s: 409 PRICE_CHANGED with the server’s numbers, nothing written',
    async (_, total) => {
      await setSettings({ deliveryFee: '4.99', taxRate: '10.00' });
      const user = await makeUser(ds);
      const shopper = callerFor(ds, user);
      const product = await makeProduct(ds, { price: '10.00', stock: 5 });
      const error = await failure(shopper.orders.create({ ...cardOrder([product], 2), total }));
      expect(error.code).toBe('CONFLICT');
      expect(error.message).toBe('Prices have changed: the total is $26.99. Please review your order.');
      expect(error.details).toMatchObject({
        reason: 'PRICE_CHANGED',
        total: '26.99',
        deliveryFee: '4.99',
        tax: '2.00',
      });
      expect(await orderCount(ds, user.id)).toBe(0);
      expect(await stockOf(ds, product.id)).toBe(5);
    },
  );

  it('refuses an order under the minimum with 409 MINIMUM_ORDER, nothing written', async () => {
    await setSettings({ minimumOrder: '15.00' });
    const user = await makeUser(ds);
    const shopper = callerFor(ds, user);
    const product = await makeProduct(ds, { price: '10.00', stock: 5 });
    const error = await failure(shopper.orders.create(cardOrder([product], 1)));
    expect(error).toMatchObject({
      code: 'CONFLICT',
      message: 'The minimum order is $15.00; your order comes to $10.00.',
      details: { reason: 'MINIMUM_ORDER', minimumOrder: '15.00', subtotal: '10.00' },
    });
    expect(await orderCount(ds, user.id)).toBe(0);
    expect(await stockOf(ds, product.id)).toBe(5);
    expect((await shopper.orders.create(cardOrder([product], 2))).total).toBe('20.00');
  });

  it('says money in the shop currency', async () => {
    await setSettings({ currency: 'EUR' });
    const shopper = callerFor(ds, await makeUser(ds));
    const product = await makeProduct(ds, { price: '10.00' });
    const error = await failure(shopper.orders.create({ ...cardOrder([product], 1), total: '9.00' }));
    expect(error.message).toBe('Prices have changed: the total is €10.00. Please review your order.');
    expect((await shopper.orders.create(cardOrder([product], 1))).currency).toBe('EUR');
  });
});
