/**
 * Delivery zones and slots (issue 21 part 1, docs/delivery-slots.md) on a real database, in both
 * modes (TEST_DB_MODE=postgres and embedded): with no zone orders are placed as before; with zones
 * the address must be in one, a slot is booked with each order, its capacity holds under a race
 * exactly as stock does (50 shoppers over HTTP for the last 5 places: 5 orders, 45 answers 409
 * naming the next free slots), a cancellation frees the place, the cut-off closes the slot, a
 * blocked slot refuses, and only order staff manage zones and slots.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DataSource } from 'typeorm';
import { embeddedTestDatabase } from '@shop/db/testing';
import { openDatabase } from '@shop/db';
import { startTestApp, type TestApp } from '../../test/test-app';
import { signIn } from '../../test/sign-in';
import { toPublicError } from '../../errors';
import { callerFor, cardOrder, failure, makeProduct, makeUser, type Caller } from '../../test/order-fixtures';
import { uniqueWord } from '../../test/unique-word';

let shop: TestApp;
let ds: DataSource;
let staff: Caller;

const DAY_MS = 86_400_000;
/** 'YYYY-MM-DD' `days` from today (UTC, the shop's time zone). */
const dayIn = (days: number) => new Date(Date.now() + days * DAY_MS).toISOString().slice(0, 10);
const weekdayOf = (date: string) => new Date(`${date}T00:00:00Z`).getUTCDay();

/** The fixtures' address is in Springfield, IL 62701. */
const IN_ZONE = '1 Test Street, Springfield, IL 62701, US';
const OUTSIDE = '5 Far Road, Faraway, NY 10001, US';

async function shopper(): Promise<Caller> {
  return callerFor(ds, await makeUser(ds));
}

async function booked(templateId: string, date: string): Promise<number> {
  const [row] = await ds.query(
    `SELECT booked FROM delivery_slots WHERE template_id = $1 AND slot_date = $2`,
    [templateId, date],
  );
  return row?.booked ?? 0;
}

beforeAll(async () => {
  shop = await startTestApp({ listen: false });
  ds = shop.dataSource;
  staff = callerFor(ds, await makeUser(ds, 'sales_manager'));
});
afterAll(async () => {
  await shop?.close();
});

describe('with no zone, delivery is not slotted', () => {
  it('an order is placed as before: no slot, estimated delivery 3 days out, nothing booked', async () => {
    const product = await makeProduct(ds);
    const order = await (await shopper()).orders.create(cardOrder([product]));
    expect(order.deliverySlot).toBeNull();
    const days = (Date.parse(order.estimatedDelivery!) - Date.now()) / DAY_MS;
    expect(days).toBeGreaterThan(2.9);
    expect(days).toBeLessThan(3.1);
    expect(await ds.query(`SELECT * FROM delivery_slots`)).toEqual([]);
    expect(await (await shopper()).delivery.slots({ shippingAddress: IN_ZONE })).toEqual({
      slotted: false,
      zone: null,
      slots: [],
    });
  });
});

describe('staff manage zones and slots', () => {
  it('a customer is refused (403) on every staff procedure; a sales manager is let through', async () => {
    const customer = await shopper();
    const calls = [
      () => customer.delivery.zones(),
      () => customer.delivery.createZone({ name: 'Nope', postalPrefixes: [''] }),
      () => customer.delivery.day({ date: dayIn(1) }),
      () =>
        customer.delivery.setBlocked({
          templateId: '6f1c3b2e-0000-4000-8000-000000000000',
          date: dayIn(1),
          blocked: true,
        }),
      () => customer.delivery.deleteZone({ id: '6f1c3b2e-0000-4000-8000-000000000000' }),
    ];
    for (const call of calls) expect((await failure(call())).code).toBe('FORBIDDEN');
    expect(await staff.delivery.zones()).toEqual([]);
  });

  it('bad input is a 400 naming the field', async () => {
    const error = await failure(
      staff.delivery.createTemplate({
        zoneId: '6f1c3b2e-0000-4000-8000-000000000000',
        weekday: 1,
        start: '12:00',
        end: '09:00',
        capacity: 5,
        cutoffHours: 2,
      }),
    );
    expect(error.code).toBe('BAD_REQUEST');
    expect(error.issues).toEqual([
      expect.objectContaining({ path: 'end', message: 'end must be after start' }),
    ]);
  });
});

describe('with zones', () => {
  /** The race's slot: in two days, 10:00–12:00, capacity 8; a later one the same day, 40 places. */
  let zoneId: string;
  let raceSlot: string;
  let laterSlot: string;
  const raceDay = dayIn(2);

  beforeAll(async () => {
    const zone = await staff.delivery.createZone({ name: 'Springfield', postalPrefixes: ['627'] });
    zoneId = zone.id;
    const weekday = weekdayOf(raceDay);
    raceSlot = (
      await staff.delivery.createTemplate({
        zoneId,
        weekday,
        start: '10:00',
        end: '12:00',
        capacity: 8,
        cutoffHours: 0,
      })
    ).id;
    laterSlot = (
      await staff.delivery.createTemplate({
        zoneId,
        weekday,
        start: '14:00',
        end: '16:00',
        capacity: 40,
        cutoffHours: 0,
        deliveryFee: '2.00',
      })
    ).id;
  });

  it('checkout lists the open slots of the address zone, earliest first', async () => {
    const answer = await (await shopper()).delivery.slots({ shippingAddress: IN_ZONE });
    expect(answer.slotted).toBe(true);
    expect(answer.zone).toEqual({ id: zoneId, name: 'Springfield' });
    expect(answer.slots.slice(0, 2)).toEqual([
      {
        templateId: raceSlot,
        date: raceDay,
        start: `${raceDay}T10:00:00.000Z`,
        end: `${raceDay}T12:00:00.000Z`,
        placesLeft: 8,
        deliveryFee: null,
      },
      expect.objectContaining({ templateId: laterSlot, date: raceDay, placesLeft: 40, deliveryFee: '2.00' }),
    ]);
  });

  it('an address outside every zone is refused with the field and the reason, before anything is taken', async () => {
    const product = await makeProduct(ds, { stock: 5 });
    const error = await failure(
      (await shopper()).orders.create({ ...cardOrder([product]), shippingAddress: OUTSIDE }),
    );
    expect(error).toMatchObject({
      code: 'BAD_REQUEST',
      message: 'This address is outside our delivery area',
      issues: [{ path: 'shippingAddress', message: 'This address is outside our delivery area' }],
    });
    const [row] = await ds.query(`SELECT stock FROM products WHERE id = $1`, [product.id]);
    expect(row.stock).toBe(5);
    expect((await (await shopper()).delivery.slots({ shippingAddress: OUTSIDE })).zone).toBeNull();
  });

  it('the order shows its slot, its estimated delivery is the slot, and a slot fee overrides the shop fee', async () => {
    const product = await makeProduct(ds, { price: '10.00' });
    const customer = await shopper();
    const order = await customer.orders.create({
      ...cardOrder([product]),
      // The demo settings charge no delivery fee: the slot's 2.00 is added.
      total: '12.00',
      deliverySlot: { templateId: laterSlot, date: raceDay },
    });
    expect(order.deliverySlot).toEqual({
      date: raceDay,
      start: `${raceDay}T14:00:00.000Z`,
      end: `${raceDay}T16:00:00.000Z`,
    });
    expect(order.estimatedDelivery).toBe(`${raceDay}T14:00:00.000Z`);
    expect(order.deliveryFee).toBe('2.00');
    expect((await customer.orders.mine())[0]!.deliverySlot).toEqual(order.deliverySlot);
    expect((await staff.orderManagement.byId({ id: order.id })).deliverySlot).toEqual(order.deliverySlot);
    expect(await booked(laterSlot, raceDay)).toBe(1);
  });

  it('without a slot named, the earliest open slot of the zone is booked', async () => {
    const product = await makeProduct(ds);
    const earliest = (await (await shopper()).delivery.slots({ shippingAddress: IN_ZONE })).slots[0]!;
    const before = await booked(earliest.templateId, earliest.date);
    const order = await (await shopper()).orders.create(cardOrder([product]));
    expect(order.deliverySlot).toEqual({ date: earliest.date, start: earliest.start, end: earliest.end });
    expect(await booked(earliest.templateId, earliest.date)).toBe(before + 1);
  });

  it('the race: 50 shoppers over HTTP for the last 5 places → 5 orders (201), 45 × 409 naming the next free slots', async () => {
    const product = await makeProduct(ds, { price: '1.00', stock: 1000 });
    const slot = { templateId: raceSlot, date: raceDay };
    // 3 of the 8 places go first: 5 are left.
    while ((await booked(raceSlot, raceDay)) < 3) {
      await (await shopper()).orders.create({ ...cardOrder([product]), deliverySlot: slot });
    }
    const browsers = await Promise.all(
      Array.from({ length: 50 }, (_, i) => signIn(shop.app, `race-${i}-${uniqueWord()}@example.com`)),
    );
    const answers = await Promise.all(
      browsers.map((browser) =>
        shop.app.inject({
          method: 'POST',
          url: '/api/orders',
          headers: { cookie: browser.cookie, 'content-type': 'application/json' },
          payload: JSON.stringify({ ...cardOrder([product]), deliverySlot: slot }),
        }),
      ),
    );
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 201)).toHaveLength(5);
    expect(statuses.filter((status) => status === 409)).toHaveLength(45);
    for (const answer of answers.filter((a) => a.statusCode === 409)) {
      const body = answer.json();
      expect(body).toMatchObject({
        code: 'CONFLICT',
        message: expect.stringMatching(/^This delivery slot is no longer available\. Next free slots: /),
        details: { reason: 'SLOT_UNAVAILABLE' },
      });
      // The next free slots are named, and the full one is not among them.
      expect(body.details.nextSlots[0]).toMatchObject({ templateId: laterSlot, date: raceDay });
      expect(body.details.nextSlots).not.toContainEqual(expect.objectContaining(slot));
    }
    expect(await booked(raceSlot, raceDay)).toBe(8);
    const [orders] = await ds.query(
      `SELECT count(*)::int AS n FROM orders WHERE delivery_slot_template_id = $1 AND delivery_slot_date = $2`,
      [raceSlot, raceDay],
    );
    expect(orders.n).toBe(8);
    // Checkout no longer offers it.
    const offered = (await (await shopper()).delivery.slots({ shippingAddress: IN_ZONE })).slots;
    expect(offered).not.toContainEqual(expect.objectContaining(slot));
  });

  it.skipIf(embeddedTestDatabase)(
    'two api instances (two pools, two group commits) racing for 4 places of a fresh slot: 4 orders',
    async () => {
      // Each DataSource has its own group commit, so the groups run at once and meet on the slot's
      // row: the lock order and the conditional booking hold across instances, the row's first
      // booking (an INSERT racing an INSERT) included.
      const other = await openDatabase({ url: shop.db.url, poolSize: 5 });
      try {
        const date = dayIn(3);
        const { id } = await staff.delivery.createTemplate({
          zoneId,
          weekday: weekdayOf(date),
          start: '07:00',
          end: '08:00',
          capacity: 4,
          cutoffHours: 0,
        });
        const product = await makeProduct(ds, { price: '1.00', stock: 1000 });
        const users = await Promise.all(Array.from({ length: 30 }, () => makeUser(ds)));
        const results = await Promise.allSettled(
          users.map((user, i) =>
            callerFor(i % 2 ? other.dataSource : ds, user).orders.create({
              ...cardOrder([product]),
              deliverySlot: { templateId: id, date },
            }),
          ),
        );
        expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(4);
        for (const r of results) {
          if (r.status === 'rejected') {
            expect(toPublicError(r.reason)).toMatchObject({
              code: 'CONFLICT',
              details: { reason: 'SLOT_UNAVAILABLE' },
            });
          }
        }
        expect(await booked(id, date)).toBe(4);
      } finally {
        await other.close();
      }
    },
  );

  it('a cancellation frees the place, in its transaction', async () => {
    const [{ id }] = await ds.query(
      `SELECT id FROM orders WHERE delivery_slot_template_id = $1 AND delivery_slot_date = $2 AND status = 'pending'
       LIMIT 1`,
      [raceSlot, raceDay],
    );
    await staff.orderManagement.updateStatus({ id, status: 'cancelled' });
    expect(await booked(raceSlot, raceDay)).toBe(7);
    const product = await makeProduct(ds);
    const order = await (
      await shopper()
    ).orders.create({
      ...cardOrder([product]),
      deliverySlot: { templateId: raceSlot, date: raceDay },
    });
    expect(order.deliverySlot?.date).toBe(raceDay);
    expect(await booked(raceSlot, raceDay)).toBe(8);
  });

  it('a shopper cancelling their own order frees the place too', async () => {
    const product = await makeProduct(ds);
    const customer = await shopper();
    const slot = { templateId: laterSlot, date: raceDay };
    const before = await booked(laterSlot, raceDay);
    const order = await customer.orders.create({
      ...cardOrder([product]),
      total: '4.50',
      deliverySlot: slot,
    });
    expect(await booked(laterSlot, raceDay)).toBe(before + 1);
    await customer.orders.cancel({ id: order.id });
    expect(await booked(laterSlot, raceDay)).toBe(before);
  });

  it('a blocked slot is not offered and refuses (409); unblocked, it books again', async () => {
    const slot = { templateId: laterSlot, date: raceDay };
    const day = await staff.delivery.setBlocked({ ...slot, blocked: true });
    expect(day.slots).toContainEqual(expect.objectContaining({ templateId: laterSlot, blocked: true }));
    const offered = (await (await shopper()).delivery.slots({ shippingAddress: IN_ZONE })).slots;
    expect(offered).not.toContainEqual(expect.objectContaining(slot));
    const product = await makeProduct(ds);
    const error = await failure(
      (await shopper()).orders.create({ ...cardOrder([product]), total: '4.50', deliverySlot: slot }),
    );
    expect(error).toMatchObject({ code: 'CONFLICT', details: { reason: 'SLOT_UNAVAILABLE' } });
    await staff.delivery.setBlocked({ ...slot, blocked: false });
    const order = await (
      await shopper()
    ).orders.create({ ...cardOrder([product]), total: '4.50', deliverySlot: slot });
    expect(order.deliverySlot?.date).toBe(raceDay);
  });

  it('the cut-off closes the slot: not offered, refused, and the day view says closed', async () => {
    const tomorrow = dayIn(1);
    const { id } = await staff.delivery.createTemplate({
      zoneId,
      weekday: weekdayOf(tomorrow),
      start: '20:00',
      end: '22:00',
      capacity: 10,
      cutoffHours: 48,
    });
    const slot = { templateId: id, date: tomorrow };
    const offered = (await (await shopper()).delivery.slots({ shippingAddress: IN_ZONE })).slots;
    expect(offered).not.toContainEqual(expect.objectContaining(slot));
    const product = await makeProduct(ds);
    const error = await failure(
      (await shopper()).orders.create({ ...cardOrder([product]), deliverySlot: slot }),
    );
    expect(error).toMatchObject({ code: 'CONFLICT', details: { reason: 'SLOT_UNAVAILABLE' } });
    const day = await staff.delivery.day({ date: tomorrow });
    expect(day.slots).toContainEqual(expect.objectContaining({ templateId: id, closed: true, booked: 0 }));
    await staff.delivery.deleteTemplate({ id });
  });

  it('the longest postal prefix wins, and a "" zone covers every other address', async () => {
    const inner = await staff.delivery.createZone({ name: 'Downtown', postalPrefixes: ['62701'] });
    const everywhere = await staff.delivery.createZone({ name: 'Everywhere', postalPrefixes: [''] });
    const customer = await shopper();
    expect((await customer.delivery.slots({ shippingAddress: IN_ZONE })).zone?.name).toBe('Downtown');
    expect((await customer.delivery.slots({ shippingAddress: OUTSIDE })).zone?.name).toBe('Everywhere');
    await staff.delivery.deleteZone({ id: inner.id });
    await staff.delivery.deleteZone({ id: everywhere.id });
    expect((await customer.delivery.slots({ shippingAddress: IN_ZONE })).zone?.name).toBe('Springfield');
  });
});
