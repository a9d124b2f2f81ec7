/**
 * Card numbers are refused in every free-text field a shopper or staff member writes, over REST,
 * with the field and the card-data message, and nothing is written (docs/architecture.md §4
 * "Payment data"). The numbers use the separators people type besides spaces and dashes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CARD_DATA_MESSAGE } from '@shop/schema';
import { startTestApp, type TestApp } from '../../test/test-app';
import { signIn } from '../../test/sign-in';
import { cardOrder, makeProduct, uniqueEmail } from '../../test/order-fixtures';

let shop: TestApp;
let admin: string;
let customer: { cookie: string; id: string };

async function call(method: string, url: string, cookie: string, body: unknown) {
  const response = await shop.app.inject({
    method: method as 'POST',
    url,
    headers: { cookie, 'content-type': 'application/json' },
    payload: JSON.stringify(body),
  });
  return { status: response.statusCode, body: response.json() };
}

beforeAll(async () => {
  // Each refused order counts against the shopper's order limit; this file places many.
  shop = await startTestApp({ listen: false, env: { ORDER_RATE_LIMIT_PER_MINUTE: '0' } });
  admin = (await signIn(shop.app, 'admin@example.com')).cookie;
  const signedIn = await signIn(shop.app, uniqueEmail('cards'));
  customer = { cookie: signedIn.cookie, id: signedIn.user.id };
});

afterAll(async () => {
  await shop?.close();
});

const CARDS = [
  '4242.4242.4242.4242',
  '4242/4242/4242/4242',
  '4242   4242   4242   4242',
  '4242\u00A04242\u00A04242\u00A04242',
  '4242\u202F4242\u202F4242\u202F4242',
];

const address = { title: 'Home', street: '1 Main St', city: 'Springfield', state: 'IL', zipCode: '62701' };

function refused(
  answer: { status: number; body: { issues?: { path: string; message: string }[] } },
  path: string,
) {
  expect(answer.status).toBe(400);
  expect(answer.body.issues).toContainEqual({ path, message: CARD_DATA_MESSAGE });
}

describe('a card number in free text is refused', () => {
  it.each(CARDS)('order notes and shipping address: %j', async (card) => {
    const product = await makeProduct(shop.dataSource, { stock: 10 });
    refused(
      await call('POST', '/api/orders', customer.cookie, {
        ...cardOrder([product]),
        notes: `leave at door ${card}`,
      }),
      'notes',
    );
    refused(
      await call('POST', '/api/orders', customer.cookie, {
        ...cardOrder([product]),
        shippingAddress: `1 Main St ${card}`,
      }),
      'shippingAddress',
    );
    const [{ count }] = await shop.dataSource.query(
      `SELECT count(*)::int AS count FROM orders WHERE user_id = $1`,
      [customer.id],
    );
    expect(count).toBe(0);
  });

  it.each(CARDS)('address lines: %j', async (card) => {
    for (const field of ['title', 'street', 'city', 'state', 'zipCode', 'country'])
      refused(
        await call('POST', '/api/user/addresses', customer.cookie, { ...address, [field]: card }),
        field,
      );
    const [{ count }] = await shop.dataSource.query(
      `SELECT count(*)::int AS count FROM user_addresses WHERE user_id = $1`,
      [customer.id],
    );
    expect(count).toBe(0);
  });

  it.each(CARDS)('profile: %j', async (card) => {
    for (const field of ['firstName', 'lastName'])
      refused(await call('PATCH', '/api/user/profile', customer.cookie, { [field]: card }), field);
    refused(
      await call('PATCH', '/api/user/profile', customer.cookie, { phone: '4242 4242 4242 4242' }),
      'phone',
    );
    refused(
      await call('PATCH', '/api/user/profile', customer.cookie, { phone: '4242.4242.4242.4242' }),
      'phone',
    );
  });

  it('staff: a status note, a user’s name, a product’s name and description', async () => {
    const card = CARDS[0]!;
    const product = await makeProduct(shop.dataSource, { stock: 10 });
    const order = await call('POST', '/api/orders', customer.cookie, cardOrder([product]));
    expect(order.status).toBe(201);
    refused(
      await call('PATCH', `/api/orders/${order.body.id}/status`, admin, {
        status: 'processing',
        notes: card,
      }),
      'notes',
    );
    const [{ status }] = await shop.dataSource.query(`SELECT status FROM orders WHERE id = $1`, [
      order.body.id,
    ]);
    expect(status).toBe('pending');

    const user = { email: uniqueEmail('staffmade'), firstName: 'Sam', lastName: 'Staff', role: 'customer' };
    refused(await call('POST', '/api/users', admin, { ...user, lastName: card }), 'lastName');

    const [category] = await shop.dataSource.query(`SELECT id FROM categories LIMIT 1`);
    const productBody = {
      name: 'Card test',
      description: 'Fresh',
      price: '1.00',
      stock: 1,
      categoryId: category.id,
    };
    refused(
      await call('POST', '/api/products', admin, { ...productBody, description: `Call ${card}` }),
      'description',
    );
    refused(await call('POST', '/api/products', admin, { ...productBody, name: card }), 'name');
  });

  it('lets ordinary numbers through: phones, dates, ZIP codes, short references', async () => {
    const saved = await call('POST', '/api/user/addresses', customer.cookie, {
      ...address,
      street: 'Flat 12/3, 221 Baker St., ring 2026.11.25',
    });
    expect(saved.status).toBe(201);
    const profile = await call('PATCH', '/api/user/profile', customer.cookie, { phone: '+1 (212) 555-0100' });
    expect(profile.status).toBe(200);
  });
});
