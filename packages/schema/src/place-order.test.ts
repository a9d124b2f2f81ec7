import { describe, expect, it } from 'vitest';
import {
  ORDER_TRANSITIONS,
  PAYMENT_METHODS,
  PlaceOrderInput,
  findCardData,
  paymentStatusAfter,
  type OrderStatus,
} from './orders';
import { containsCardNumber, passesLuhn } from './payment-data';
import { nextPaymentStatus } from './order-management';
import { AddressInput, formatAddress } from './addresses';
import { ProfileUpdateInput } from './profile';

describe('paymentStatusAfter', () => {
  it('starts pending and follows each method along every allowed path', () => {
    expect(paymentStatusAfter('delivered', 'cash_on_delivery')).toBe('paid');
    expect(paymentStatusAfter('processing', 'cash_on_delivery')).toBe('pending');
    expect(paymentStatusAfter('processing', 'card')).toBe('paid');
    expect(paymentStatusAfter('shipped', 'bank_transfer')).toBe('paid');
    expect(paymentStatusAfter('cancelled', 'card', 'pending')).toBe('cancelled');
    expect(paymentStatusAfter('cancelled', 'card', 'paid')).toBe('refunded');
  });

  it('agrees with order management’s nextPaymentStatus on every reachable path', () => {
    const walk = (status: OrderStatus, method: (typeof PAYMENT_METHODS)[number], payment: string): void => {
      for (const next of ORDER_TRANSITIONS[status]) {
        const ours = paymentStatusAfter(next, method, payment);
        expect(nextPaymentStatus(payment, next, method), `${method}: ${status} → ${next}`).toBe(ours);
        walk(next, method, ours);
      }
    };
    for (const method of PAYMENT_METHODS) walk('pending', method, 'pending');
  });
});

describe('card data detection', () => {
  it('knows a card number when it sees one', () => {
    expect(passesLuhn('4242424242424242')).toBe(true);
    expect(passesLuhn('4242424242424241')).toBe(false);
    expect(containsCardNumber('pay with 4242 4242 4242 4242')).toBe(true);
    expect(containsCardNumber('4242-4242-4242-4242')).toBe(true);
    expect(containsCardNumber('call 212 555 0100')).toBe(false);
    expect(containsCardNumber('123456789012')).toBe(false);
  });

  it('names every path that carries card data, never a uuid', () => {
    expect(
      findCardData({
        cvv: '1',
        nested: { cardNumber: 'x' },
        notes: '4111111111111111',
        items: [{ productId: '12345678-1234-4234-9234-123456789012' }],
      }),
    ).toEqual([['cvv'], ['nested', 'cardNumber'], ['notes']]);
  });

  it('never reads a timestamp-based idempotency key as a card number', () => {
    expect(findCardData({ idempotencyKey: '1732512345678' })).toEqual([]);
    expect(findCardData({ idempotencyKey: 'checkout-1732512345678-4111111111111111' })).toEqual([]);
    // In a note only a run that passes the Luhn check counts (payment-data.ts).
    expect(findCardData({ notes: '1732512345678' })).toEqual([]);
    expect(findCardData({ notes: '4222222222222' })).toEqual([['notes']]);
  });

  it('reports card data before anything else', () => {
    const result = PlaceOrderInput.safeParse({ cvv: '123' });
    expect(result.success).toBe(false);
    expect(result.error!.issues.map((issue) => issue.path.join('.'))).toEqual(['cvv']);
  });
});

describe('address and profile input', () => {
  it('defaults country to US and isDefault to false', () => {
    expect(
      AddressInput.parse({ title: 'Home', street: '1 Main', city: 'NYC', state: 'NY', zipCode: '10001' }),
    ).toMatchObject({
      country: 'US',
      isDefault: false,
    });
  });

  it('flattens an address to one shipping line (docs/product.md §5)', () => {
    expect(
      formatAddress({ street: '1 Main St', city: 'New York', state: 'NY', zipCode: '10001', country: 'US' }),
    ).toBe('1 Main St, New York, NY 10001, US');
  });

  it('lower-cases the email and clears blank fields', () => {
    expect(ProfileUpdateInput.parse({ email: ' Jo@Example.COM ', phone: ' ', firstName: '' })).toEqual({
      email: 'jo@example.com',
      phone: null,
      firstName: null,
    });
  });
});
