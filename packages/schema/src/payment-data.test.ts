/**
 * The card-number detector (payment-data.ts) against any grouping a person types: `.`, `/`, `-`,
 * runs of spaces, no-break spaces, in any free-text field of the schemas.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CARD_DATA_MESSAGE, containsCardNumber, isCardLikeAccountNumber, passesLuhn } from './payment-data';
import { PlaceOrderInput } from './orders';
import { AddressInput } from './addresses';
import { ProfileUpdateInput } from './profile';
import { CreateUserInput } from './user-management';
import { AdminOrderStatusInput } from './order-management';
import { ProductInput } from './products';

/** A 13–19 digit number with a valid Luhn check digit, like every payment card's. */
const cardNumber = fc
  .array(fc.integer({ min: 0, max: 9 }), { minLength: 12, maxLength: 18 })
  .map((digits) => {
    const body = digits.join('');
    const check = [...'0123456789'].find((digit) => passesLuhn(body + digit))!;
    return body + check;
  });

const SEPARATORS = [' ', '  ', '   ', '\u00A0', '\u202F', '.', '/', '-', ' - ', ' / '];

/** The number cut into groups of 1 to 6 digits joined by any of the separators. */
const written = cardNumber.chain((digits) =>
  fc.array(fc.integer({ min: 1, max: 6 }), { minLength: 1, maxLength: 19 }).chain((sizes) =>
    fc
      .array(fc.constantFrom(...SEPARATORS), { minLength: sizes.length, maxLength: sizes.length })
      .map((seps) => {
        let out = '';
        let at = 0;
        for (let i = 0; i < sizes.length && at < digits.length; i++) {
          out += digits.slice(at, at + sizes[i]!) + (at + sizes[i]! < digits.length ? seps[i] : '');
          at += sizes[i]!;
        }
        return at < digits.length ? out + digits.slice(at) : out;
      }),
  ),
);

const words = fc.string({ unit: fc.constantFrom(...'abc xyz,:;!?()'.split('')), maxLength: 20 });

describe('containsCardNumber', () => {
  it('finds a card number however it is grouped and whatever text surrounds it', () => {
    fc.assert(
      fc.property(words, written, words, (before, card, after) => {
        expect(containsCardNumber(`${before} ${card} ${after}`)).toBe(true);
      }),
      { numRuns: 500 },
    );
  });

  it('the separators the issue names', () => {
    for (const text of [
      '4242.4242.4242.4242',
      '4242/4242/4242/4242',
      '4242   4242   4242   4242',
      '4242\u00A04242\u00A04242\u00A04242',
      '4242\u202F4242\u202F4242\u202F4242',
      'card: 3782 822463 10005 thanks',
      'order 12 4242 4242 4242 4242',
    ])
      expect(containsCardNumber(text), JSON.stringify(text)).toBe(true);
  });

  it('lets through what is not a card: short numbers, dates, phones, a failing checksum', () => {
    for (const text of [
      'call +1 (212) 555-0100 after 6',
      'deliver 2026/11/25 between 10.30 and 12.00',
      '4242 4242 4242 4241',
      '1732512345678',
      'flat 12, 221B Baker Street, NW1 6XE',
    ])
      expect(containsCardNumber(text), text).toBe(false);
  });

  it('never flags a text without 13 digits', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 200 }), (text) => {
        fc.pre((text.match(/\d/g) ?? []).length < 13);
        expect(containsCardNumber(text)).toBe(false);
      }),
    );
  });
});

describe('free-text fields refuse a card number with the card-data message', () => {
  const card = '4242.4242.4242.4242';
  const address = { title: 'Home', street: '1 Main St', city: 'Springfield', state: 'IL', zipCode: '62701' };
  const cases: [
    string,
    { safeParse: (value: unknown) => { success: boolean; error?: unknown } },
    object,
    string,
  ][] = [
    ['address title', AddressInput, { ...address, title: card }, 'title'],
    ['address street', AddressInput, { ...address, street: `1 Main St ${card}` }, 'street'],
    ['address city', AddressInput, { ...address, city: card }, 'city'],
    ['address state', AddressInput, { ...address, state: card }, 'state'],
    ['address country', AddressInput, { ...address, country: card }, 'country'],
    ['profile first name', ProfileUpdateInput, { firstName: card }, 'firstName'],
    ['profile last name', ProfileUpdateInput, { lastName: card }, 'lastName'],
    ['profile phone', ProfileUpdateInput, { phone: '4242 4242 4242 4242' }, 'phone'],
    [
      'staff-created user',
      CreateUserInput,
      { email: 'a@example.com', firstName: card, lastName: 'X', role: 'customer' },
      'firstName',
    ],
    [
      'order status note',
      AdminOrderStatusInput,
      { id: '6f1c3b2e-0000-4000-8000-000000000000', status: 'processing', notes: `paid with ${card}` },
      'notes',
    ],
    [
      'product description',
      ProductInput,
      { name: 'Apples', description: `Card ${card}`, price: '1.00', categoryId: 'x', stock: 1 },
      'description',
    ],
  ];
  it.each(cases)('%s', (_name, schema, value, path) => {
    const result = schema.safeParse(value) as {
      success: boolean;
      error?: { issues: { path: PropertyKey[]; message: string }[] };
    };
    expect(result.success).toBe(false);
    expect(result.error!.issues).toContainEqual(
      expect.objectContaining({ path: [path], message: CARD_DATA_MESSAGE }),
    );
  });
});

describe('issue 32: normalised text, real account numbers', () => {
  it('finds a card behind `_`, `,`, invisible characters and compatibility digits', () => {
    for (const text of [
      '4242_4242_4242_4242',
      '4242,4242,4242,4242',
      '4242\u200B4242\u200B4242\u200B4242',
      '4242\uFEFF4242\u200D4242\u00AD4242',
      '４２４２４２４２４２４２４２４２',
      '4242\u20144242\u20144242\u20144242',
    ])
      expect(containsCardNumber(text), JSON.stringify(text)).toBe(true);
  });

  it('takes IBANs and national account numbers, refuses card numbers in the account field', () => {
    for (const account of [
      'DE89370400440532013000',
      'DE89 3704 0044 0532 0130 00',
      '40-47-84 70872490',
      '12345678',
    ])
      expect(isCardLikeAccountNumber(account), account).toBe(false);
    for (const card of ['4242 4242 4242 4242', '378282246310005', '5555-5555-5555-4444'])
      expect(isCardLikeAccountNumber(card), card).toBe(true);
    // The IBAN's digits pass the Luhn check: the free-text detector alone would refuse it.
    expect(containsCardNumber('DE89370400440532013000')).toBe(true);
  });

  it('an order paid by transfer to the standard example IBAN parses', () => {
    const order = {
      items: [{ productId: '6f1c3b2e-0000-4000-8000-000000000000', quantity: 1, price: '1.00' }],
      total: '1.00',
      paymentMethod: 'bank_transfer',
      shippingAddress: '1 Main St',
      bankName: 'Commerzbank',
      bankAccountNumber: 'DE89370400440532013000',
    };
    expect(PlaceOrderInput.safeParse(order).success).toBe(true);
    expect(PlaceOrderInput.safeParse({ ...order, bankAccountNumber: '4242424242424242' }).success).toBe(
      false,
    );
  });
});
