/** The order emails show a weighed line as the shopper's My Orders does (issue 20 part B). */
import { describe, expect, it } from 'vitest';
import { orderEmail, type OrderForEmail } from './order-email';

const order: OrderForEmail = {
  id: '0c3f5a52-2f43-4a59-9d43-3a7f6f0a2b22',
  customerName: 'Casey Customer',
  total: '22.46',
  paymentMethod: 'cash_on_delivery',
  shippingAddress: '1 Test Street',
  estimatedDelivery: null,
  lines: [
    {
      name: 'Atlantic Salmon Fillet',
      quantity: 750,
      unitPrice: '24.99',
      measureUnit: 'kg',
      weightTolerance: 10,
      weighedQuantity: 820,
    },
    { name: 'Sparkling Mineral Water', quantity: 2, unitPrice: '0.99' },
  ],
};

describe('order emails by measure', () => {
  it('say the weight, the price per kg and the corrected line total', () => {
    const { text, html } = orderEmail('shipped', order);
    expect(text).toContain('0.75 kg (weighed: 0.82 kg) × Atlantic Salmon Fillet @ $24.99 / kg = $20.49');
    expect(text).toContain('2 × Sparkling Mineral Water @ $0.99 = $1.98');
    expect(html).toContain('0.75 kg (weighed: 0.82 kg)');
  });

  it('before weighing, the tolerance the shopper agreed to', () => {
    const { text } = orderEmail('confirmation', {
      ...order,
      lines: [{ ...order.lines[0]!, weighedQuantity: null }],
    });
    expect(text).toContain('0.75 kg (±10 % at picking) × Atlantic Salmon Fillet @ $24.99 / kg = $18.74');
  });
});
