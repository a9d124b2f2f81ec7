/**
 * Money is a decimal string with two places on the wire and in the database (numeric(10,2)),
 * and integer cents in code: never a float in arithmetic.
 */

/** The largest amount numeric(10,2) holds, in cents. */
export const MAX_CENTS = 99_999_999_99;

import { lineCents, type MeasureUnit } from './measures';

const DECIMAL = /^(-)?(\d+)(?:\.(\d{1,2}))?$/;

/** Parses '12', '12.5' or '12.50' (or a number with at most 2 decimals) into cents; null when it is not money. */
export function toCents(value: string | number): number | null {
  const text = typeof value === 'number' ? (Number.isFinite(value) ? String(value) : '') : value.trim();
  const match = DECIMAL.exec(text);
  if (!match) return null;
  const [, minus, whole, fraction = ''] = match;
  const cents = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  if (!Number.isSafeInteger(cents)) return null;
  return minus ? -cents : cents;
}

/** Cents as the wire's decimal string: 1250 → '12.50'. */
export function centsToDecimal(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(Math.round(cents));
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** Normalises any money value to the 2-decimal string ('12.5' → '12.50'). */
export function toDecimal(value: string | number): string {
  const cents = toCents(value);
  if (cents === null) throw new RangeError(`Not an amount of money: ${String(value)}`);
  return centsToDecimal(cents);
}

const formatters = new Map<string, Intl.NumberFormat>();

/** The currency `formatMoney` uses when none is given: the web sets the shop's (its settings). */
let displayCurrency = 'USD';

/** Makes `code` the currency of every `formatMoney` without one (the web, once the settings load). */
export function setDisplayCurrency(code: string): void {
  displayCurrency = code;
}

/**
 * Money as people read it, in the shop's currency (issue 19: one `Intl.NumberFormat` for every
 * amount the shop shows): '$12.50', '$1,234.50', '€12.50'. USD unless told (or `setDisplayCurrency`), which reproduces
 * docs/product.md §9 ('$' and 2 decimals). A number with float noise is rounded to cents first.
 */
export function formatMoney(value: string | number, currency: string = displayCurrency): string {
  // A number may carry float noise (1.1 * 3 = 3.3000000000000003): round it to cents.
  const cents =
    typeof value === 'number' ? (Number.isFinite(value) ? Math.round(value * 100) : null) : toCents(value);
  let format = formatters.get(currency);
  if (!format) {
    format = new Intl.NumberFormat('en-US', {
      style: 'currency',
      currency,
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
    });
    formatters.set(currency, format);
  }
  return format.format((cents ?? 0) / 100);
}

/**
 * A line's total in cents: price × quantity, rounded once, half up (the one rule, measures.ts
 * `lineCents`; docs/money.md). Pieces are exact; a price per kg is for 1000 g of the quantity.
 */
export function lineTotalCents(
  price: string | number,
  quantity: number,
  measureUnit?: MeasureUnit | null,
): number {
  return lineCents(toCents(price) ?? 0, quantity, measureUnit);
}
