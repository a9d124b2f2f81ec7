/** The one rule for how a product is shown and counted (docs/measures.md), as every screen calls it. */
import { describe, expect, it } from 'vitest';
import {
  canAddProduct,
  linePricePerText,
  packUnitPriceText,
  parseStockText,
  pricePerText,
  stockChangeText,
  stockStep,
  stockText,
} from './measures';

describe('lib/measures: the one rule', () => {
  it('says what a price is per: the measure by measure, the unit for a piece', () => {
    expect(pricePerText({ measureUnit: 'kg', unit: 'kg' })).toBe('/ kg');
    expect(pricePerText({ measureUnit: 'g', unit: 'g' })).toBe('/ 100 g');
    expect(pricePerText({ measureUnit: null, unit: 'each' })).toBe('/ each');
    expect(linePricePerText('L')).toBe('/ L');
    expect(linePricePerText(null)).toBe('each');
  });

  it("gives a pack's unit price per kg or L from its net content, rounded once half up", () => {
    expect(packUnitPriceText({ price: '8.75', netContent: 400, netContentUnit: 'g' })).toBe(
      'Unit price: $21.88 / kg',
    );
    expect(packUnitPriceText({ price: 1.29, netContent: 1500, netContentUnit: 'ml' })).toBe(
      'Unit price: $0.86 / L',
    );
    expect(packUnitPriceText({ price: '2.00', netContent: 50, netContentUnit: 'g' })).toBe(
      'Unit price: $4.00 / 100 g',
    );
    // By measure the price already is per kg; a piece without a net content has none.
    expect(packUnitPriceText({ price: '24.90', measureUnit: 'kg', netContent: null })).toBeNull();
    expect(packUnitPriceText({ price: '2.50' })).toBeNull();
  });

  it('shows stock, thresholds and ledger changes in the measure, kept in base units', () => {
    expect(stockText(34_250, 'kg')).toBe('34.25 kg');
    expect(stockText(5000, 'kg')).toBe('5 kg');
    expect(stockText(1500, 'L')).toBe('1.5 L');
    expect(stockText(12, null)).toBe('12');
    expect(stockChangeText(-3750, 'kg')).toBe('-3.75 kg');
    expect(stockChangeText(500, 'g')).toBe('+500 g');
    expect(stockChangeText(7, null)).toBe('+7');
    expect(stockStep('kg')).toBe(1000);
    expect(stockStep('g')).toBe(1);
    expect(stockStep(null)).toBe(1);
  });

  it('reads a typed stock level in the measure; pieces keep the non-numeric-is-0 rule', () => {
    expect(parseStockText('34.25', 'kg')).toBe(34_250);
    expect(parseStockText('0.0005', 'kg')).toBeNull();
    expect(parseStockText('abc', 'kg')).toBeNull();
    expect(parseStockText('abc', null)).toBe(0);
    expect(parseStockText('7', null)).toBe(7);
  });

  it('offers a product only when its stock covers its first quantity', () => {
    expect(canAddProduct({ stock: 250, minQuantity: 250 })).toBe(true);
    expect(canAddProduct({ stock: 200, minQuantity: 250 })).toBe(false);
    expect(canAddProduct({ stock: 0, minQuantity: 1 })).toBe(false);
  });
});
