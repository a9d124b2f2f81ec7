/**
 * The picking list (issue 21 part 4; docs/picking.md) through the real app, on both database modes
 * (TEST_DB_MODE=postgres and embedded): a day's pending and processing orders grouped by slot
 * window, earliest first, then the unslotted ones whose estimated delivery is that day ("No slot");
 * cancelled and shipped orders and other days left out; each line with its lots to take and its
 * catch weight; order staff only.
 *
 * The template database has no delivery zone, so the first orders are unslotted (their estimated
 * delivery is moved onto the day by SQL); then a zone with two windows on that day books the rest.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DataSource } from 'typeorm';
import { shopToday } from '@shop/schema';
import { startTestApp, type TestApp } from '../../test/test-app';
import { callerFor, cardOrder, failure, makeProduct, makeUser, type Caller } from '../../test/order-fixtures';

let shop: TestApp;
let ds: DataSource;
let sales: Caller;
let inventory: Caller;
let shopper: Caller;

const DAY_MS = 86_400_000;
/** YYYY-MM-DD `days` from today (UTC, the shop's day). */
const dayIn = (days: number) => shopToday(new Date(Date.now() + days * DAY_MS));
const weekdayOf = (date: string) => new Date(`${date}T00:00:00Z`).getUTCDay();
/** The day picked: two days out, so its slots are open whatever the time of the run. */
const pickDay = dayIn(2);

beforeAll(async () => {
  shop = await startTestApp({ listen: false });
  ds = shop.dataSource;
  sales = callerFor(ds, await makeUser(ds, 'sales_manager'));
  inventory = callerFor(ds, await makeUser(ds, 'inventory_manager'));
  shopper = callerFor(ds, await makeUser(ds));
});
afterAll(async () => {
  await shop?.close();
});

/** Moves an unslotted order's estimated delivery to `date` at 10:00 UTC. */
async function deliverOn(orderId: string, date: string) {
  await ds.query(`UPDATE orders SET estimated_delivery = $2::timestamptz WHERE id = $1`, [
    orderId,
    `${date}T10:00:00Z`,
  ]);
}

/** Salmon at 24.99 / kg, weighed ±10 % at picking. */
async function salmon() {
  const product = await makeProduct(ds, { price: '24.99', stock: 20_000 });
  await ds.query(
    `UPDATE products SET sold_by = 'measure', measure_unit = 'kg', quantity_step = 250, min_quantity = 250,
            max_quantity = 3000, weight_tolerance = 10, unit = 'kg' WHERE id = $1`,
    [product.id],
  );
  return product;
}

describe('unslotted orders ("No slot")', () => {
  let eggs: Awaited<ReturnType<typeof makeProduct>>;
  let first: string;
  let weighed: string;
  let weighedLine: string;

  beforeAll(async () => {
    // 6 eggs: 2 undated, then a lot of 3 (batch A1) received through goods in.
    eggs = await makeProduct(ds, { stock: 2, price: '3.00' });
    await inventory.inventory.receiveLot({
      productId: eggs.id,
      quantity: 3,
      expiresOn: dayIn(12),
      batchCode: 'A1',
      reason: 'Delivery note 21',
    });
    const order = await shopper.orders.create(cardOrder([eggs], 2));
    first = order.id;
    await deliverOn(first, pickDay);

    const fish = await salmon();
    const placed = await shopper.orders.create({
      ...cardOrder([]),
      items: [{ productId: fish.id, quantity: 750, price: '24.99' }],
      total: '18.74',
    });
    weighed = placed.id;
    weighedLine = placed.items[0]!.id;
    await sales.orderManagement.updateStatus({ id: weighed, status: 'processing' });
    await deliverOn(weighed, pickDay);
  });

  it('lists the day’s pending and processing orders with their lines and the lots to take', async () => {
    const day = await sales.orderManagement.picking({ date: pickDay });
    expect(day.date).toBe(pickDay);
    const noSlot = day.slots.at(-1)!;
    expect(noSlot).toMatchObject({ start: null, end: null });
    const ours = noSlot.orders.filter((order) => [first, weighed].includes(order.id));
    expect(ours.map((order) => order.id)).toEqual([first, weighed]);
    expect(ours[0]).toMatchObject({
      shortId: first.slice(0, 8),
      status: 'pending',
      shippingAddress: '1 Test Street, Springfield, IL 62701, US',
      customerEmail: expect.stringContaining('@example.com'),
      notes: null,
      lines: [
        {
          productId: eggs.id,
          name: eggs.name,
          sku: eggs.sku,
          quantity: 2,
          measureUnit: null,
          weightTolerance: null,
          weighedQuantity: null,
          // First expiry first out: both from the dated lot.
          lots: [
            expect.objectContaining({
              quantity: 2,
              expiresOn: dayIn(12),
              batchCode: 'A1',
              dateKind: 'best_before',
            }),
          ],
        },
      ],
    });
    expect(ours[1]).toMatchObject({
      status: 'processing',
      lines: [{ quantity: 750, measureUnit: 'kg', weightTolerance: 10, weighedQuantity: null, lots: [] }],
    });
  });

  it('shows the weight once recorded', async () => {
    await sales.orderManagement.recordWeight({
      id: weighed,
      itemId: weighedLine,
      weighedQuantity: 800,
      expectedWeighedQuantity: null,
    });
    const day = await sales.orderManagement.picking({ date: pickDay });
    const order = day.slots.flatMap((slot) => slot.orders).find((o) => o.id === weighed)!;
    expect(order.lines[0]).toMatchObject({ weighedQuantity: 800 });
  });

  it('leaves out cancelled and shipped orders, and other days', async () => {
    const product = await makeProduct(ds);
    const cancelled = (await shopper.orders.create(cardOrder([product]))).id;
    await sales.orderManagement.updateStatus({ id: cancelled, status: 'cancelled' });
    const shipped = (await shopper.orders.create(cardOrder([product]))).id;
    await sales.orderManagement.updateStatus({ id: shipped, status: 'processing' });
    await sales.orderManagement.updateStatus({ id: shipped, status: 'shipped' });
    const tomorrow = (await shopper.orders.create(cardOrder([product]))).id;
    for (const id of [cancelled, shipped]) await deliverOn(id, pickDay);
    await deliverOn(tomorrow, dayIn(3));

    const ids = (await sales.orderManagement.picking({ date: pickDay })).slots.flatMap((slot) =>
      slot.orders.map((order) => order.id),
    );
    expect(ids).toContain(first);
    expect(ids).not.toContain(cancelled);
    expect(ids).not.toContain(shipped);
    expect(ids).not.toContain(tomorrow);
    const nextDay = (await sales.orderManagement.picking({ date: dayIn(3) })).slots.flatMap((slot) =>
      slot.orders.map((order) => order.id),
    );
    expect(nextDay).toContain(tomorrow);
  });

  it('defaults to today, and answers an empty list for a day with nothing to pick', async () => {
    expect((await sales.orderManagement.picking({})).date).toBe(shopToday());
    expect(await sales.orderManagement.picking({ date: '2099-01-01' })).toEqual({
      date: '2099-01-01',
      slots: [],
    });
  });
});

describe('slotted orders', () => {
  let early: string;
  let late: string;
  let nextDay: string;

  beforeAll(async () => {
    const zone = await sales.delivery.createZone({ name: 'Springfield', postalPrefixes: ['627'] });
    const template = (weekday: number, start: string, end: string) =>
      sales.delivery.createTemplate({ zoneId: zone.id, weekday, start, end, capacity: 20, cutoffHours: 0 });
    late = (await template(weekdayOf(pickDay), '14:00', '16:00')).id;
    early = (await template(weekdayOf(pickDay), '08:00', '10:00')).id;
    nextDay = (await template(weekdayOf(dayIn(3)), '08:00', '10:00')).id;
  });

  it('groups the day’s orders by slot window, earliest first, the unslotted last', async () => {
    const product = await makeProduct(ds);
    const book = async (templateId: string) =>
      (await shopper.orders.create({ ...cardOrder([product]), deliverySlot: { templateId, date: pickDay } }))
        .id;
    const inLate = await book(late);
    const inEarly = await book(early);
    const alsoEarly = await book(early);
    // Booked for another day: not on this list.
    const elsewhere = (
      await shopper.orders.create({
        ...cardOrder([product]),
        deliverySlot: { templateId: nextDay, date: dayIn(3) },
      })
    ).id;

    const day = await sales.orderManagement.picking({ date: pickDay });
    expect(day.slots.map((slot) => [slot.start, slot.end])).toEqual([
      [`${pickDay}T08:00:00.000Z`, `${pickDay}T10:00:00.000Z`],
      [`${pickDay}T14:00:00.000Z`, `${pickDay}T16:00:00.000Z`],
      [null, null],
    ]);
    expect(day.slots[0]!.orders.map((order) => order.id)).toEqual([inEarly, alsoEarly]);
    expect(day.slots[1]!.orders.map((order) => order.id)).toEqual([inLate]);
    expect(day.slots[1]!.orders[0]!.lines).toEqual([
      expect.objectContaining({ productId: product.id, quantity: 1, lots: [] }),
    ]);
    expect(day.slots.flatMap((slot) => slot.orders.map((order) => order.id))).not.toContain(elsewhere);
  });
});

describe('who may read it', () => {
  it('order staff only: a customer and an inventory manager are FORBIDDEN, nobody signed in UNAUTHORIZED', async () => {
    expect(await failure(shopper.orderManagement.picking({ date: pickDay }))).toMatchObject({
      code: 'FORBIDDEN',
    });
    expect(await failure(inventory.orderManagement.picking({ date: pickDay }))).toMatchObject({
      code: 'FORBIDDEN',
    });
    expect(await failure(callerFor(ds, null).orderManagement.picking({ date: pickDay }))).toMatchObject({
      code: 'UNAUTHORIZED',
    });
  });

  it('refuses a date that is not YYYY-MM-DD', async () => {
    expect(await failure(sales.orderManagement.picking({ date: 'tomorrow' }))).toMatchObject({
      code: 'BAD_REQUEST',
    });
  });
});
