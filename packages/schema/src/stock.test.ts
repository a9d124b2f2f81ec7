import { describe, expect, it } from 'vitest';
import {
  SCREEN_FALLBACK_THRESHOLD,
  STOCK_STATUS_LABEL,
  canAddToCart,
  isLowStock,
  stockStatus,
} from './stock';

describe('isLowStock', () => {
  it('is true at the threshold and below, false above', () => {
    expect(isLowStock(9, 10)).toBe(true);
    expect(isLowStock(10, 10)).toBe(true);
    expect(isLowStock(11, 10)).toBe(false);
  });

  it.each([null, undefined])('falls back to 5 when the threshold is %s', (threshold) => {
    expect(SCREEN_FALLBACK_THRESHOLD).toBe(5);
    expect(isLowStock(5, threshold)).toBe(true);
    expect(isLowStock(6, threshold)).toBe(false);
  });

  it('uses a threshold of 0 as given, not the fallback', () => {
    expect(isLowStock(0, 0)).toBe(true);
    expect(isLowStock(1, 0)).toBe(false);
  });
});

describe('stockStatus', () => {
  it.each([
    [0, 10, 'out_of_stock'],
    [-1, 10, 'out_of_stock'],
    [1, 10, 'low_stock'],
    [10, 10, 'low_stock'],
    [11, 10, 'in_stock'],
    [0, 0, 'out_of_stock'],
    [1, 0, 'in_stock'],
    [5, null, 'low_stock'],
    [6, null, 'in_stock'],
    [5, undefined, 'low_stock'],
    [6, undefined, 'in_stock'],
    [0, null, 'out_of_stock'],
  ] as const)('stock %i, threshold %s → %s', (stock, threshold, status) => {
    expect(stockStatus(stock, threshold)).toBe(status);
  });

  it('has the spec labels', () => {
    expect(STOCK_STATUS_LABEL).toEqual({
      out_of_stock: 'Out of Stock',
      low_stock: 'Low Stock',
      in_stock: 'In Stock',
    });
  });
});

describe('canAddToCart', () => {
  it('is blocked at 0 or less', () => {
    expect(canAddToCart(0)).toBe(false);
    expect(canAddToCart(-3)).toBe(false);
    expect(canAddToCart(1)).toBe(true);
  });
});
