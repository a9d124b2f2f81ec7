/**
 * Sold by the piece or by measure (issue 20 part B; docs/money.md): the one place for the rules of
 * quantities, line totals, unit prices and catch weight. Plain functions without zod, so the
 * storefront's first load can use them; the zod fields are in measure-fields.ts.
 *
 * Quantities are integers in the product's BASE unit: pieces, grams or millilitres. 0.75 kg of
 * salmon is 750; stock, cart lines, order lines, the stock ledger and the CSV all carry 750.
 * Prices are integer cents per PRICE BASIS: a piece, a kg (1000 g), a L (1000 ml), 100 g or 100 ml.
 */

export const SOLD_BY = ['piece', 'measure'] as const;
export type SoldBy = (typeof SOLD_BY)[number];

/** The measures a product may be sold by: quantities are shown in it and its price is per its basis. */
export const MEASURE_UNITS = ['kg', 'g', 'L', 'ml'] as const;
export type MeasureUnit = (typeof MEASURE_UNITS)[number];

/** A pack's net content is stated in a base unit: 250 g of coffee, 1500 ml of water. */
export const NET_CONTENT_UNITS = ['g', 'ml'] as const;
export type NetContentUnit = (typeof NET_CONTENT_UNITS)[number];

/** What a unit price is per (EU Directive 98/6/EC: per kg or L; per 100 g / 100 ml for small packs). */
export type UnitPriceBasis = 'kg' | 'L' | '100 g' | '100 ml';

interface MeasureInfo {
  /** The base unit quantities are kept in. */
  base: NetContentUnit;
  /** Base units in one of this unit (1 kg = 1000 g). */
  size: number;
  /** Base units the price is for: per kg, per L, per 100 g, per 100 ml. */
  priceBasis: number;
  /** How the price basis reads: '$24.00 / kg', '$1.20 / 100 g'. */
  priceLabel: string;
}

export const MEASURES: Record<MeasureUnit, MeasureInfo> = {
  kg: { base: 'g', size: 1000, priceBasis: 1000, priceLabel: 'kg' },
  g: { base: 'g', size: 1, priceBasis: 100, priceLabel: '100 g' },
  L: { base: 'ml', size: 1000, priceBasis: 1000, priceLabel: 'L' },
  ml: { base: 'ml', size: 1, priceBasis: 100, priceLabel: '100 ml' },
};

/** The measure fields of a product (its DTO, its form, its CSV row): pieces have `measureUnit` null. */
export interface ProductMeasure {
  soldBy: SoldBy;
  measureUnit: MeasureUnit | null;
  /** Base units: the quantity controls move by it and every quantity is a multiple of it. */
  quantityStep: number;
  minQuantity: number;
  maxQuantity: number;
  /** A pack's net content in `netContentUnit` (coffee: 250 g), for its unit price; null if none. */
  netContent: number | null;
  netContentUnit: NetContentUnit | null;
  /** Catch weight: ± this percent between the ordered and the weighed quantity; null = not weighed. */
  weightTolerance: number | null;
}

/** What every existing product is (the migration's defaults): one piece at a time, 1 to 1000. */
export const PIECE_MEASURE: ProductMeasure = {
  soldBy: 'piece',
  measureUnit: null,
  quantityStep: 1,
  minQuantity: 1,
  maxQuantity: 1000,
  netContent: null,
  netContentUnit: null,
  weightTolerance: null,
};

/** The most of anything one order line may hold, in base units (1000 kg, 1000 L, a million pieces). */
export const MAX_BASE_QUANTITY = 1_000_000;
/** The widest catch-weight tolerance a product may state, in percent. */
export const MAX_WEIGHT_TOLERANCE = 50;

// ---------------------------------------------------------------------------------------------
// Money: the one rounding rule
// ---------------------------------------------------------------------------------------------

/**
 * THE rounding rule (docs/money.md): numerator / denominator rounded once, half up (away from zero
 * at exactly .5), in exact integer arithmetic. Every amount the shop derives from a quantity and a
 * price passes here exactly once; sums of rounded amounts are never rounded again.
 */
export function divideRoundHalfUp(numerator: bigint, denominator: bigint): number {
  if (denominator <= 0n) throw new RangeError('The denominator must be positive');
  const negative = numerator < 0n;
  const abs = negative ? -numerator : numerator;
  const rounded = (2n * abs + denominator) / (2n * denominator);
  const result = Number(negative ? -rounded : rounded);
  if (!Number.isSafeInteger(result)) throw new RangeError('Amount out of range');
  return result;
}

/** Base units the product's price is for: 1 for a piece, 1000 for a kg price, 100 for a 100 g price. */
export function priceBasisOf(measureUnit: MeasureUnit | null | undefined): number {
  return measureUnit ? MEASURES[measureUnit].priceBasis : 1;
}

/**
 * A line's total in cents: quantity (base units) × price (cents per basis), rounded once, half up.
 * 750 g at $24.99 / kg = 750 × 2499 / 1000 = 1874.25 → $18.74. Pieces are exact: 3 × $2.50 = $7.50.
 */
export function lineCents(priceCents: number, quantity: number, measureUnit?: MeasureUnit | null): number {
  return divideRoundHalfUp(BigInt(priceCents) * BigInt(quantity), BigInt(priceBasisOf(measureUnit)));
}

/**
 * An order line's total in cents: the weighed quantity once staff recorded it at picking (catch
 * weight), else the quantity ordered, at the price charged; `lineCents`' one rounding.
 */
export function orderLineCents(line: {
  priceCents: number;
  quantity: number;
  weighedQuantity?: number | null;
  measureUnit?: MeasureUnit | null;
}): number {
  return lineCents(line.priceCents, line.weighedQuantity ?? line.quantity, line.measureUnit);
}

/** The comparable unit price (EU Directive 98/6/EC), computed by the server into the product DTO. */
export interface UnitPrice {
  /** Cents per `per`. */
  cents: number;
  per: UnitPriceBasis;
}

/** Packs of at most this much show their unit price per 100 g / 100 ml, as shelves do for spices. */
const SMALL_PACK = 100;

/**
 * The unit price of a product, or null when none applies (a piece without a stated net content):
 * - by measure: per kg or per L (a price per 100 g × 10);
 * - a pack with a net content: price × 1000 / content per kg or L (per 100 g / 100 ml for packs of at
 *   most 100), rounded once, half up.
 */
export function unitPriceOf(
  priceCents: number,
  measure: Pick<ProductMeasure, 'measureUnit' | 'netContent' | 'netContentUnit'>,
): UnitPrice | null {
  if (measure.measureUnit) {
    const info = MEASURES[measure.measureUnit];
    return {
      cents: divideRoundHalfUp(BigInt(priceCents) * 1000n, BigInt(info.priceBasis)),
      per: info.base === 'g' ? 'kg' : 'L',
    };
  }
  if (measure.netContent && measure.netContent > 0 && measure.netContentUnit) {
    const small = measure.netContent <= SMALL_PACK;
    const per: UnitPriceBasis =
      measure.netContentUnit === 'g' ? (small ? '100 g' : 'kg') : small ? '100 ml' : 'L';
    return {
      cents: divideRoundHalfUp(BigInt(priceCents) * BigInt(small ? 100 : 1000), BigInt(measure.netContent)),
      per,
    };
  }
  return null;
}

// ---------------------------------------------------------------------------------------------
// Quantities
// ---------------------------------------------------------------------------------------------

/** The product's limits as a cart line keeps them. */
export type QuantityRule = Pick<
  ProductMeasure,
  'measureUnit' | 'quantityStep' | 'minQuantity' | 'maxQuantity'
>;

/** Why a quantity is not one the product is sold in, or null when it is. */
export function quantityProblem(quantity: number, rule: QuantityRule): string | null {
  const show = (value: number) => formatQuantity(value, rule.measureUnit);
  if (!Number.isInteger(quantity)) return 'quantity must be a whole number of base units';
  if (quantity < rule.minQuantity) return `quantity must be at least ${show(rule.minQuantity)}`;
  if (quantity > rule.maxQuantity) return `quantity must be at most ${show(rule.maxQuantity)}`;
  if (quantity % rule.quantityStep !== 0) {
    return `quantity must be a multiple of ${show(rule.quantityStep)}`;
  }
  return null;
}

/** The next quantity up or down by one step, kept within min and max; 0 below the minimum (removes the line). */
export function stepQuantity(quantity: number, rule: QuantityRule, direction: 1 | -1): number {
  const next = quantity + direction * rule.quantityStep;
  if (next < rule.minQuantity) return 0;
  return Math.min(next, rule.maxQuantity);
}

/** An integer as a decimal of `size` (a power of 10): 750 / 1000 → '0.75', 1000 → '1'. */
function decimalOf(value: number, size: number): string {
  const sign = value < 0 ? '-' : '';
  const abs = Math.abs(value);
  const whole = Math.floor(abs / size);
  const digits = String(size).length - 1;
  const fraction =
    digits > 0
      ? String(abs % size)
          .padStart(digits, '0')
          .replace(/0+$/, '')
      : '';
  return `${sign}${whole}${fraction ? `.${fraction}` : ''}`;
}

/** A quantity as people read it: '0.75 kg', '750 g', '1.5 L', '3' (pieces). */
export function formatQuantity(quantity: number, measureUnit: MeasureUnit | null | undefined): string {
  if (!measureUnit) return String(quantity);
  return `${decimalOf(quantity, MEASURES[measureUnit].size)} ${measureUnit}`;
}

/** What a price is per: '/ kg', '/ 100 g'; '' for a piece. */
export function priceBasisLabel(measureUnit: MeasureUnit | null | undefined): string {
  return measureUnit ? `/ ${MEASURES[measureUnit].priceLabel}` : '';
}

/** A quantity typed in the measure ('0.75' kg) as base units (750), or null when it is not one. */
export function parseQuantity(text: string, measureUnit: MeasureUnit | null | undefined): number | null {
  const match = /^\s*(\d+)(?:\.(\d+))?\s*$/.exec(text);
  if (!match) return null;
  const size = measureUnit ? MEASURES[measureUnit].size : 1;
  const digits = String(size).length - 1;
  const [, whole, fraction = ''] = match;
  if (fraction.replace(/0+$/, '').length > digits) return null;
  const value = Number(whole) * size + Number(fraction.padEnd(digits, '0').slice(0, digits) || '0');
  return Number.isSafeInteger(value) ? value : null;
}

// ---------------------------------------------------------------------------------------------
// Catch weight
// ---------------------------------------------------------------------------------------------

/** The weights a line may be recorded at: ordered ± tolerance %, inclusive, in base units. */
export function toleranceRange(ordered: number, tolerancePercent: number): { min: number; max: number } {
  // Exact: min = ceil(ordered × (100 − t) / 100), max = floor(ordered × (100 + t) / 100).
  return {
    min: Math.ceil((ordered * (100 - tolerancePercent)) / 100),
    max: Math.floor((ordered * (100 + tolerancePercent)) / 100),
  };
}

/** Why a weighed quantity cannot be recorded, or null when it is within the tolerance. */
export function weighingProblem(
  weighed: number,
  ordered: number,
  tolerancePercent: number,
  measureUnit: MeasureUnit | null,
): string | null {
  const { min, max } = toleranceRange(ordered, tolerancePercent);
  if (!Number.isInteger(weighed) || weighed < 1)
    return 'weighedQuantity must be a whole number of base units';
  if (weighed < min || weighed > max) {
    const show = (value: number) => formatQuantity(value, measureUnit);
    return `The weight must be within ±${tolerancePercent} % of ${show(ordered)} (${show(min)} to ${show(max)})`;
  }
  return null;
}

/** 'weighed: 0.82 kg' (My Orders, the admin order view, the order emails). */
export function weighedLabel(weighed: number, measureUnit: MeasureUnit | null): string {
  return `weighed: ${formatQuantity(weighed, measureUnit)}`;
}

/** '±10 %' for a weighed line: its final weight and price are set at picking. */
export function toleranceLabel(tolerancePercent: number): string {
  return `±${tolerancePercent} %`;
}
