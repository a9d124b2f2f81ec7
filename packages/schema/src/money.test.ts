import { describe, expect, it } from 'vitest';
import { MAX_CENTS, centsToDecimal, formatMoney, lineTotalCents, toCents, toDecimal } from './money';

describe('toCents', () => {
  it.each([
    ['12', 1200],
    ['12.5', 1250],
    ['12.50', 1250],
    ['0.01', 1],
    ['0', 0],
    ['19.99', 1999],
    [' 4.20 ', 420],
    ['-3.05', -305],
    [12, 1200],
    [19.99, 1999],
    [0.07, 7],
    [1.1, 110],
  ] as const)('%j is %i cents', (value, cents) => {
    expect(toCents(value)).toBe(cents);
  });

  it.each(['', 'abc', '12.345', '1,00', '12.', '.5', '+5', '1e3', '$5', '12.5.0'])('refuses %j', (value) => {
    expect(toCents(value)).toBeNull();
  });

  it('refuses non-finite numbers and numbers with more than 2 decimals', () => {
    expect(toCents(Number.NaN)).toBeNull();
    expect(toCents(Number.POSITIVE_INFINITY)).toBeNull();
    expect(toCents(0.1 + 0.2)).toBeNull();
    expect(toCents(1.005)).toBeNull();
  });

  it('refuses amounts beyond a safe integer of cents', () => {
    expect(toCents('99999999999999999')).toBeNull();
  });

  it('reads the largest numeric(10,2) amount exactly', () => {
    expect(toCents('99999999.99')).toBe(MAX_CENTS);
  });
});

describe('centsToDecimal', () => {
  it.each([
    [0, '0.00'],
    [1, '0.01'],
    [10, '0.10'],
    [1250, '12.50'],
    [5997, '59.97'],
    [-5, '-0.05'],
    [-1250, '-12.50'],
    [MAX_CENTS, '99999999.99'],
  ])('%i cents is %s', (cents, text) => {
    expect(centsToDecimal(cents)).toBe(text);
  });
});

describe('toDecimal', () => {
  it('normalises to two places', () => {
    expect(toDecimal('12.5')).toBe('12.50');
    expect(toDecimal(3)).toBe('3.00');
  });

  it('throws on something that is not money', () => {
    expect(() => toDecimal('twelve')).toThrow(RangeError);
  });
});

describe('formatMoney', () => {
  it.each([
    ['12.5', '$12.50'],
    ['0', '$0.00'],
    ['19.99', '$19.99'],
    [7, '$7.00'],
    [19.99, '$19.99'],
    ['1234.5', '$1,234.50'],
  ] as const)('%j reads %s', (value, text) => {
    expect(formatMoney(value)).toBe(text);
  });

  it('rounds a float that drifted to the nearest cent', () => {
    expect(formatMoney(0.1 + 0.2)).toBe('$0.30');
    expect(formatMoney(19.99 * 3)).toBe('$59.97');
    expect(formatMoney(0.7 * 3)).toBe('$2.10');
  });

  // 1.1 × 3 = 3.3000000000000003: a number with float noise is rounded to cents, not refused.
  it('rounds float noise to cents: 1.1 × 3 shows $3.30', () => {
    expect(formatMoney(1.1 * 3)).toBe('$3.30');
    expect(formatMoney(1.15 * 3)).toBe('$3.45');
  });
});

describe('lineTotalCents', () => {
  it('multiplies in integer cents, without float drift', () => {
    expect(lineTotalCents('19.99', 3)).toBe(5997);
    expect(centsToDecimal(lineTotalCents('19.99', 3))).toBe('59.97');
    // 0.1 × 3 in floats is 0.30000000000000004
    expect(lineTotalCents('0.10', 3)).toBe(30);
    expect(lineTotalCents(1.1, 3)).toBe(330);
    expect(lineTotalCents('4.35', 100)).toBe(43500);
  });

  it('adds line totals exactly where floats drift', () => {
    expect(0.1 + 0.2).not.toBe(0.3);
    expect(lineTotalCents('0.1', 1) + lineTotalCents('0.2', 1)).toBe(30);
    expect(centsToDecimal(lineTotalCents('0.1', 1) + lineTotalCents('0.2', 1))).toBe('0.30');
  });

  it('is 0 for a quantity of 0', () => {
    expect(lineTotalCents('12.50', 0)).toBe(0);
  });
});

describe('formatMoney in the shop currency', () => {
  it('formats with the currency sign, 2 decimals', () => {
    expect(formatMoney('12.5', 'EUR')).toBe('€12.50');
    expect(formatMoney('1234.5', 'GBP')).toBe('£1,234.50');
    expect(formatMoney(3, 'USD')).toBe('$3.00');
  });
});
