/**
 * Postcodes as people write them (issue 33 item 4, docs/delivery-slots.md "Postal codes"), over
 * REST as a shopper's browser calls it, on a real database in both modes (TEST_DB_MODE=postgres
 * and embedded): UK, Canadian, Dutch, German and US addresses, saved (the zip code field, by the
 * address's country) and typed, find their zone's slots and book them; a UK prefix covers its
 * outward code and no other district; an address outside every zone is told which postcode was
 * read from it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatAddress, OUTSIDE_DELIVERY_AREA, type DeliverySlotsDto } from '@shop/schema';
import { startTestApp, type TestApp } from '../../test/test-app';
import { signIn } from '../../test/sign-in';
import { callerFor, makeProduct, makeUser, type Caller } from '../../test/order-fixtures';

let shop: TestApp;
let staff: Caller;
let shopper: string;
/** Each zone's one template, by zone name: the slot an address is offered tells its zone. */
const templateOf = new Map<string, string>();

const DAY_MS = 86_400_000;
const inTwoDays = new Date(Date.now() + 2 * DAY_MS).toISOString().slice(0, 10);

const ZONES: [name: string, prefixes: string[]][] = [
  ['Westminster', ['SW1A']],
  ['Wimbledon', ['SW19']],
  ['Ottawa', ['K1A']],
  ['Amsterdam', ['1012']],
  ['Berlin Mitte', ['101']],
  ['Springfield', ['627']],
];

async function rest(method: 'GET' | 'POST', url: string, body?: unknown) {
  const response = await shop.app.inject({
    method,
    url,
    headers: { cookie: shopper, ...(body ? { 'content-type': 'application/json' } : {}) },
    ...(body ? { payload: JSON.stringify(body) } : {}),
  });
  return { status: response.statusCode, body: response.json() };
}

async function slotsFor(shippingAddress: string): Promise<DeliverySlotsDto> {
  const answer = await rest(
    'GET',
    `/api/delivery/slots?shippingAddress=${encodeURIComponent(shippingAddress)}`,
  );
  expect(answer.status).toBe(200);
  return answer.body as DeliverySlotsDto;
}

/** A saved address of the shopper's, as checkout sends it (formatAddress of the saved fields). */
async function savedAddress(fields: {
  street: string;
  city: string;
  state: string;
  zipCode: string;
  country: string;
}) {
  const created = await rest('POST', '/api/user/addresses', { title: 'Home', ...fields });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return formatAddress(created.body);
}

beforeAll(async () => {
  shop = await startTestApp({ listen: false });
  staff = callerFor(shop.dataSource, await makeUser(shop.dataSource, 'sales_manager'));
  const weekday = new Date(`${inTwoDays}T00:00:00Z`).getUTCDay();
  for (const [name, postalPrefixes] of ZONES) {
    const zone = await staff.delivery.createZone({ name, postalPrefixes });
    const template = await staff.delivery.createTemplate({
      zoneId: zone.id,
      weekday,
      start: '10:00',
      end: '12:00',
      capacity: 20,
      cutoffHours: 0,
    });
    templateOf.set(name, template.id);
  }
  shopper = (await signIn(shop.app, 'postcodes@example.com')).cookie;
});
afterAll(async () => {
  await shop?.close();
});

describe('a saved address: its zip code field, read by its country', () => {
  it.each([
    [
      {
        street: '10 Downing Street',
        city: 'London',
        state: 'Greater London',
        zipCode: 'SW1A 2AA',
        country: 'United Kingdom',
      },
      'Westminster',
      'SW1A 2AA',
    ],
    [
      {
        street: '1 Church Road',
        city: 'London',
        state: 'Greater London',
        zipCode: 'sw19 5ae',
        country: 'GB',
      },
      'Wimbledon',
      'SW19 5AE',
    ],
    [
      { street: '24 Sussex Drive', city: 'Ottawa', state: 'ON', zipCode: 'K1A 0A2', country: 'Canada' },
      'Ottawa',
      'K1A 0A2',
    ],
    [
      {
        street: 'Damrak 1',
        city: 'Amsterdam',
        state: 'Noord-Holland',
        zipCode: '1012 JS',
        country: 'Netherlands',
      },
      'Amsterdam',
      '1012 JS',
    ],
    [
      {
        street: 'Invalidenstraße 117',
        city: 'Berlin',
        state: 'Berlin',
        zipCode: '10115',
        country: 'Germany',
      },
      'Berlin Mitte',
      '10115',
    ],
    [
      { street: '1 Test Street', city: 'Springfield', state: 'IL', zipCode: '62701-1234', country: 'US' },
      'Springfield',
      '62701-1234',
    ],
  ])('%j is in %s', async (fields, zone, postalCode) => {
    const answer = await slotsFor(await savedAddress(fields));
    expect(answer.zone?.name).toBe(zone);
    expect(answer.postalCode).toBe(postalCode);
    expect(answer.slots).toEqual([
      expect.objectContaining({ templateId: templateOf.get(zone), date: inTwoDays }),
    ]);
  });
});

describe('a typed address, parsed by its country', () => {
  it.each([
    ['10 Downing Street, London SW1A 2AA, UK', 'Westminster'],
    ['10 Downing Street\nLondon\nsw1a 2aa', 'Westminster'],
    ['24 Sussex Drive, Ottawa ON K1A 0A2, Canada', 'Ottawa'],
    ['Damrak 1, 1012 JS Amsterdam', 'Amsterdam'],
    ['Invalidenstraße 117, 10115 Berlin, Deutschland', 'Berlin Mitte'],
    ['1 Test Street, Springfield, IL 62701', 'Springfield'],
  ])('%j is in %s', async (line, zone) => {
    expect((await slotsFor(line)).zone?.name).toBe(zone);
  });

  it('books the zone of a UK address: an order to SW1A 2AA takes a Westminster slot', async () => {
    const product = await makeProduct(shop.dataSource);
    const placed = await rest('POST', '/api/orders', {
      items: [{ productId: product.id, quantity: 1, price: product.price }],
      total: product.price,
      paymentMethod: 'cash_on_delivery',
      shippingAddress: '10 Downing Street, London SW1A 2AA, United Kingdom',
    });
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    expect(placed.body.deliverySlot).toMatchObject({ date: inTwoDays });
    const [row] = await shop.dataSource.query(
      `SELECT delivery_slot_template_id AS id FROM orders WHERE id = $1`,
      [placed.body.id],
    );
    expect(row.id).toBe(templateOf.get('Westminster'));
  });
});

describe('outside every zone', () => {
  it('a UK district that only starts like a zone prefix is outside it: SW1 is not SW19, SW1A is not SW1', async () => {
    const answer = await slotsFor('1 Victoria Street, London SW1H 0ET, UK');
    expect(answer).toMatchObject({ slotted: true, zone: null, slots: [], postalCode: 'SW1H 0ET' });
  });

  it('says which postcode it read, or that it found none', async () => {
    expect((await slotsFor('5 Far Road, Faraway, NY 10001, US')).postalCode).toBe('10001');
    expect((await slotsFor('somewhere')).postalCode).toBeNull();
  });

  it('an order there is refused at its field', async () => {
    const product = await makeProduct(shop.dataSource);
    const refused = await rest('POST', '/api/orders', {
      items: [{ productId: product.id, quantity: 1, price: product.price }],
      total: product.price,
      paymentMethod: 'cash_on_delivery',
      shippingAddress: 'Rue de Rivoli 1, 75001 Paris, France',
    });
    expect(refused.status).toBe(400);
    expect(refused.body.issues).toEqual([{ path: 'shippingAddress', message: OUTSIDE_DELIVERY_AREA }]);
  });
});
