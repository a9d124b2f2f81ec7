import { describe, expect, it } from 'vitest';
import { UpdateShopSettingsInput } from './settings';
import { DEFAULT_SETTINGS, orderTotals } from './settings-rules';

describe('orderTotals', () => {
  it('with the defaults: delivery free, tax 0, total = subtotal (docs/product.md §9)', () => {
    expect(orderTotals(1234, DEFAULT_SETTINGS)).toEqual({
      subtotalCents: 1234,
      deliveryFeeCents: 0,
      taxCents: 0,
      totalCents: 1234,
    });
  });

  it('adds the fee under the free-delivery threshold, not from it on', () => {
    const settings = { ...DEFAULT_SETTINGS, deliveryFee: '4.99', freeDeliveryThreshold: '50.00' };
    expect(orderTotals(4999, settings)).toMatchObject({ deliveryFeeCents: 499, totalCents: 5498 });
    expect(orderTotals(5000, settings)).toMatchObject({ deliveryFeeCents: 0, totalCents: 5000 });
  });

  it('adds tax on the goods, rounded to the cent', () => {
    const settings = { ...DEFAULT_SETTINGS, deliveryFee: '5.00', taxRate: '8.25' };
    // 8.25% of 10.01 = 0.825825 → 0.83
    expect(orderTotals(1001, settings)).toEqual({
      subtotalCents: 1001,
      deliveryFeeCents: 500,
      taxCents: 83,
      totalCents: 1584,
    });
  });

  it('with prices including tax: says how much of the subtotal is tax, adds nothing', () => {
    const settings = { ...DEFAULT_SETTINGS, taxRate: '20.00', taxInclusive: true };
    expect(orderTotals(1200, settings)).toEqual({
      subtotalCents: 1200,
      deliveryFeeCents: 0,
      taxCents: 200,
      totalCents: 1200,
    });
  });
});

describe('UpdateShopSettingsInput', () => {
  const valid = { ...DEFAULT_SETTINGS, version: 1 };
  it('normalises amounts', () => {
    expect(UpdateShopSettingsInput.parse({ ...valid, deliveryFee: '4.5' }).deliveryFee).toBe('4.50');
  });
  it.each([
    [{ deliveryFee: '-1' }, 'deliveryFee'],
    [{ taxRate: '100.01' }, 'taxRate'],
    [{ currency: 'XYZ' }, 'currency'],
    [{ shopName: '  ' }, 'shopName'],
    [{ minimumOrder: '1.234' }, 'minimumOrder'],
  ])('refuses %j at its field', (patch, field) => {
    const result = UpdateShopSettingsInput.safeParse({ ...valid, ...patch });
    expect(result.success).toBe(false);
    expect(result.error!.issues[0]!.path).toEqual([field]);
  });
});
