import { describe, expect, it } from 'vitest';
import type { AddressDto, CartLine } from '@shop/schema';
import {
  CHECKOUT_TOASTS,
  EMPTY_CHECKOUT_FORM,
  applyServerPrices,
  checkoutFieldErrors,
  CUSTOM_ADDRESS,
  buildOrderBody,
  createIdempotencyKeys,
  effectiveShippingChoice,
  formatCardNumber,
  formatCvv,
  formatExpiry,
  newIdempotencyKey,
  validateCheckout,
  type CheckoutForm,
} from './checkout-form';

const address: AddressDto = {
  id: '11111111-1111-4111-8111-111111111111',
  title: 'Home',
  street: '1 Main St',
  city: 'New York',
  state: 'NY',
  zipCode: '10001',
  country: 'US',
  isDefault: true,
  createdAt: '2024-01-01T00:00:00.000Z',
  updatedAt: '2024-01-01T00:00:00.000Z',
};
const lines: CartLine[] = [
  { productId: 'a', name: 'Apple', price: '1.25', quantity: 2 },
  { productId: 'b', name: 'Bread', price: 3.5, quantity: 1 },
];
const card: CheckoutForm = {
  ...EMPTY_CHECKOUT_FORM,
  cardNumber: '4242 4242 4242 4242',
  expiry: '12/30',
  cvv: '123',
  cardHolderName: ' Casey Customer ',
  shippingChoice: address.id,
};

describe('input shaping', () => {
  it('groups card digits in fours, at most 19 characters', () => {
    expect(formatCardNumber('4242424242424242')).toBe('4242 4242 4242 4242');
    expect(formatCardNumber('4242-4242 42a42')).toBe('4242 4242 4242');
    expect(formatCardNumber('4'.repeat(25))).toHaveLength(19);
    expect(formatCardNumber('')).toBe('');
  });

  it('formats the expiry as MM/YY and the cvv as at most 4 digits', () => {
    expect(formatExpiry('1')).toBe('1');
    expect(formatExpiry('12')).toBe('12');
    expect(formatExpiry('123')).toBe('12/3');
    expect(formatExpiry('12/305')).toBe('12/30');
    expect(formatCvv('12a345')).toBe('1234');
  });
});

describe('validateCheckout, in the spec’s order', () => {
  it('payment method → shipping address → card details → card number → bank details', () => {
    expect(validateCheckout({ ...EMPTY_CHECKOUT_FORM, paymentMethod: '' }, [])).toBe(
      CHECKOUT_TOASTS.paymentMethod,
    );
    expect(
      validateCheckout({ ...EMPTY_CHECKOUT_FORM, shippingChoice: 'custom', customAddress: '   ' }, []),
    ).toBe(CHECKOUT_TOASTS.shippingAddress);
    expect(validateCheckout({ ...EMPTY_CHECKOUT_FORM, shippingChoice: 'gone' }, [address])).toBe(
      CHECKOUT_TOASTS.shippingAddress,
    );
    expect(validateCheckout({ ...card, cvv: '' }, [address])).toBe(CHECKOUT_TOASTS.cardDetails);
    expect(validateCheckout({ ...card, cardNumber: '4242 4242 4242' }, [address])).toBe(
      CHECKOUT_TOASTS.cardNumber,
    );
    expect(validateCheckout({ ...card, paymentMethod: 'bank_transfer', bankName: 'X' }, [address])).toBe(
      CHECKOUT_TOASTS.bankDetails,
    );
    expect(validateCheckout(card, [address])).toBeNull();
    expect(
      validateCheckout(
        {
          ...EMPTY_CHECKOUT_FORM,
          paymentMethod: 'cash_on_delivery',
          shippingChoice: 'custom',
          customAddress: 'x',
        },
        [],
      ),
    ).toBeNull();
  });

  it('uses the spec’s texts', () => {
    expect(CHECKOUT_TOASTS.cardNumber).toMatchObject({
      title: 'Invalid card number',
      description: 'Please enter a valid card number',
    });
  });
});

describe('buildOrderBody', () => {
  it('sends only the holder and the last 4 digits of a card, and the server-shaped money', () => {
    const body = buildOrderBody({ ...card, notes: '  ring twice ' }, lines, [address]);
    expect(body).toEqual({
      items: [
        { productId: 'a', quantity: 2, price: '1.25' },
        { productId: 'b', quantity: 1, price: '3.50' },
      ],
      total: '6.00',
      paymentMethod: 'card',
      shippingAddress: '1 Main St, New York, NY 10001, US',
      notes: 'ring twice',
      cardHolderName: 'Casey Customer',
      cardLastFour: '4242',
    });
    expect(JSON.stringify(body)).not.toContain('4242 4242');
    expect(JSON.stringify(body)).not.toContain('12/30');
  });

  it('omits empty notes and sends bank details only for bank transfer', () => {
    const body = buildOrderBody(
      {
        ...card,
        paymentMethod: 'bank_transfer',
        bankName: ' Bank ',
        bankAccountNumber: ' 123 ',
        shippingChoice: 'custom',
        customAddress: ' 2 Side St ',
      },
      lines,
      [address],
    );
    expect(body).not.toHaveProperty('notes');
    expect(body).not.toHaveProperty('cardLastFour');
    expect(body).toMatchObject({ bankName: 'Bank', bankAccountNumber: '123', shippingAddress: '2 Side St' });
  });
});

describe('idempotency keys', () => {
  it('reuses the key for the same body and makes a new one for another', () => {
    const keys = createIdempotencyKeys();
    const first = keys.keyFor({ a: 1 });
    expect(keys.keyFor({ a: 1 })).toBe(first);
    const second = keys.keyFor({ a: 2 });
    expect(second).not.toBe(first);
    keys.reset();
    expect(keys.keyFor({ a: 2 })).not.toBe(second);
    expect(newIdempotencyKey()).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
  });
});

describe('applyServerPrices', () => {
  it('updates the cart to the server’s prices and lists what changed', () => {
    const result = applyServerPrices(lines, [
      { productId: 'a', price: '1.25' },
      { productId: 'b', price: '3.75' },
    ]);
    expect(result.lines[1]).toMatchObject({ productId: 'b', price: '3.75', quantity: 1 });
    expect(result.lines[0]).toBe(lines[0]);
    expect(result.changes).toEqual([{ name: 'Bread', from: '3.50', to: '3.75' }]);
  });
});

describe('effectiveShippingChoice', () => {
  it('preselects the default saved address, else the free text', () => {
    const other = { ...address, id: '22222222-2222-4222-8222-222222222222', isDefault: false };
    expect(effectiveShippingChoice('', [other, address])).toBe(address.id);
    expect(effectiveShippingChoice('', [])).toBe('custom');
    expect(effectiveShippingChoice(other.id, [other, address])).toBe(other.id);
  });
});

describe('checkoutFieldErrors', () => {
  it('marks every refused field, not only the first rule', () => {
    expect(
      checkoutFieldErrors(
        { ...EMPTY_CHECKOUT_FORM, paymentMethod: 'card', shippingChoice: CUSTOM_ADDRESS, cardNumber: '1234' },
        [],
      ),
    ).toEqual({
      shipping: 'Please select or enter a shipping address',
      cardNumber: 'Please enter a valid card number',
      expiry: 'Required',
      cvv: 'Required',
      cardHolderName: 'Required',
    });
  });

  it('marks the bank fields for a bank transfer, and nothing for a complete form', () => {
    const bank = {
      ...EMPTY_CHECKOUT_FORM,
      paymentMethod: 'bank_transfer' as const,
      shippingChoice: address.id,
    };
    expect(checkoutFieldErrors(bank, [address])).toEqual({
      bankName: 'Required',
      bankAccountNumber: 'Required',
    });
    expect(checkoutFieldErrors({ ...bank, bankName: 'B', bankAccountNumber: '1' }, [address])).toEqual({});
  });

  it('marks the payment method when none is chosen', () => {
    expect(checkoutFieldErrors({ ...EMPTY_CHECKOUT_FORM, paymentMethod: '' }, [address])).toMatchObject({
      paymentMethod: 'Please select a payment method',
    });
  });
});
