/**
 * Payment data rules that fit real data (issue 32), over REST on the real app:
 * - a bank transfer takes a real IBAN (DE89 3704 0044 0532 0130 00, the standard example, whose
 *   digits pass the Luhn check) and national account numbers; a card number there is still refused;
 * - free text is normalised before the card check: `_`, `,`, zero-width spaces and full-width digits
 *   between or as the digits no longer hide a card number.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CARD_DATA_MESSAGE } from '@shop/schema';
import { startTestApp, type TestApp } from '../../test/test-app';
import { signIn } from '../../test/sign-in';
import { cardOrder, makeProduct, uniqueEmail } from '../../test/order-fixtures';

let shop: TestApp;
let customer: string;

beforeAll(async () => {
  // This file places and is refused many orders.
  shop = await startTestApp({ listen: false, env: { ORDER_RATE_LIMIT_PER_MINUTE: '0' } });
  customer = (await signIn(shop.app, uniqueEmail('payment-data'))).cookie;
}, 60_000);
afterAll(async () => {
  await shop?.close();
});

async function placeOrder(body: Record<string, unknown>) {
  const response = await shop.app.inject({
    method: 'POST',
    url: '/api/orders',
    headers: { cookie: customer, 'content-type': 'application/json' },
    payload: JSON.stringify(body),
  });
  return { status: response.statusCode, body: response.json() };
}

async function bankTransfer(bankAccountNumber: string) {
  const product = await makeProduct(shop.dataSource, { stock: 10 });
  const { cardHolderName: _holder, cardLastFour: _lastFour, ...order } = cardOrder([product]);
  return placeOrder({ ...order, paymentMethod: 'bank_transfer', bankName: 'Commerzbank', bankAccountNumber });
}

describe('bank account numbers', () => {
  it.each([
    'DE89370400440532013000',
    'DE89 3704 0044 0532 0130 00',
    'GB29 NWBK 6016 1331 9268 19',
    'FR14 2004 1010 0505 0001 3M02 606',
    'NL91ABNA0417164300',
    '12345678',
    '40-47-84 70872490',
    '000123456789012345',
    '19-2000145399-0800',
  ])('%s is accepted for a bank transfer', async (account) => {
    const answer = await bankTransfer(account);
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    expect(answer.body.paymentMethod).toBe('bank_transfer');
  });

  it.each(['4242 4242 4242 4242', '4242-4242-4242-4242', '378282246310005', '5555555555554444'])(
    'a card number (%s) is still refused there',
    async (card) => {
      const answer = await bankTransfer(card);
      expect(answer.status).toBe(400);
      expect(answer.body.issues).toContainEqual({ path: 'bankAccountNumber', message: CARD_DATA_MESSAGE });
    },
  );
});

describe('free text is normalised before the card check', () => {
  it.each([
    ['underscores', '4242_4242_4242_4242'],
    ['commas', '4242,4242,4242,4242'],
    ['zero-width spaces', '4242\u200B4242\u200B4242\u200B4242'],
    ['a word joiner and a soft hyphen', '4242\u20604242\u00AD4242\u20604242'],
    ['full-width digits', '４２４２ ４２４２ ４２４２ ４２４２'],
    ['an en dash', '4242\u20134242\u20134242\u20134242'],
    ['an ideographic space', '4242\u30004242\u30004242\u30004242'],
  ])('%s', async (_name, card) => {
    const product = await makeProduct(shop.dataSource, { stock: 10 });
    const answer = await placeOrder({ ...cardOrder([product]), notes: `leave at the door ${card}` });
    expect(answer.status).toBe(400);
    expect(answer.body.issues).toContainEqual({ path: 'notes', message: CARD_DATA_MESSAGE });
  });

  it('ordinary text with those characters passes', async () => {
    const product = await makeProduct(shop.dataSource, { stock: 10 });
    const answer = await placeOrder({
      ...cardOrder([product]),
      notes: 'ring_2, flat 12, 221B; call +1 (212) 555-0100 after 6; ２ bags',
    });
    expect(answer.status).toBe(201);
  });
});
