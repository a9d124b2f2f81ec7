/**
 * Best-before lots (issue 21 part 2; docs/stock-lots.md): goods-in, a product's lots, the
 * "expiring soon" list and its markdown suggestion.
 *
 * Dates are calendar days in the shop's time zone (UTC, as delivery slots): a lot is sellable
 * through its date and leaves sellable stock when the day after begins.
 */
import { z } from 'zod';
import { ActorDto, MAX_STOCK, STOCK_REASON_MAX_LENGTH } from './inventory';
import { MEASURE_UNITS } from './measures';
import { centsToDecimal, toCents } from './money';

export const LOT_DATE_KINDS = ['best_before', 'use_by'] as const;
export const LotDateKind = z.enum(LOT_DATE_KINDS, { message: 'dateKind must be best_before or use_by' });
export type LotDateKind = z.infer<typeof LotDateKind>;
export const LOT_DATE_KIND_LABEL: Record<LotDateKind, string> = {
  best_before: 'Best before',
  use_by: 'Use by',
};

export const LOT_MESSAGES = {
  quantity: 'Quantity must be a whole number of 1 or more',
  expiresOn: 'The date must be a date, YYYY-MM-DD',
  pastDate: 'This date has passed: goods already out of date cannot be received',
  reason: 'Give a reason (a delivery note, a supplier)',
  batchCode: 'The batch code is at most 64 characters',
} as const;

export const LOT_BATCH_CODE_MAX_LENGTH = 64;
/** The longest window the "expiring soon" list looks ahead. */
export const EXPIRING_MAX_DAYS = 60;
export const EXPIRING_DEFAULT_DAYS = 7;

/** Goods in: one lot of a product received. */
export const ReceiveLotInput = z.strictObject({
  productId: z.uuid('productId must be a uuid'),
  quantity: z
    .number(LOT_MESSAGES.quantity)
    .int(LOT_MESSAGES.quantity)
    .min(1, LOT_MESSAGES.quantity)
    .max(MAX_STOCK, `Must be at most ${MAX_STOCK}`),
  /** Best-before or use-by date; null for goods that do not go off. */
  expiresOn: z.iso.date(LOT_MESSAGES.expiresOn).nullable().default(null),
  dateKind: LotDateKind.default('best_before'),
  batchCode: z
    .string()
    .trim()
    .max(LOT_BATCH_CODE_MAX_LENGTH, LOT_MESSAGES.batchCode)
    .nullish()
    .transform((code) => code || null),
  reason: z.string(LOT_MESSAGES.reason).trim().min(1, LOT_MESSAGES.reason).max(STOCK_REASON_MAX_LENGTH),
});
export type ReceiveLotInput = z.input<typeof ReceiveLotInput>;

export const ProductLotsInput = z.strictObject({ productId: z.uuid('productId must be a uuid') });

export const ExpiringLotsInput = z.strictObject({
  days: z
    .number()
    .int()
    .min(1, 'days must be 1 or more')
    .max(EXPIRING_MAX_DAYS, `days must be at most ${EXPIRING_MAX_DAYS}`)
    .default(EXPIRING_DEFAULT_DAYS),
});
export type ExpiringLotsInput = z.input<typeof ExpiringLotsInput>;

export const StockLotDto = z.object({
  id: z.uuid(),
  productId: z.uuid(),
  /** Left in the lot (the product's stock unit: pieces, grams or millilitres). */
  quantity: z.number().int(),
  receivedQuantity: z.number().int(),
  expiresOn: z.string().nullable(),
  dateKind: LotDateKind,
  batchCode: z.string().nullable(),
  reason: z.string().nullable(),
  receivedBy: ActorDto.nullable(),
  receivedAt: z.iso.datetime({ offset: true }),
  /** Its date has passed: no longer sellable (what is left is written off). */
  expired: z.boolean(),
  /** Days until its date (0: today is the last day); null without a date. */
  daysLeft: z.number().int().nullable(),
});
export type StockLotDto = z.infer<typeof StockLotDto>;

/** A product's lots: the open ones first-expiry-first, and the stock no lot records. */
export const ProductLotsDto = z.object({
  productId: z.uuid(),
  /** Sellable stock: the open, unexpired lots and the undated stock. */
  stock: z.number().int(),
  /** Stock no lot records (staff counts, imports, products made since lots arrived): sold after every lot. */
  undated: z.number().int(),
  measureUnit: z.enum(MEASURE_UNITS).nullable(),
  lots: z.array(StockLotDto),
});
export type ProductLotsDto = z.infer<typeof ProductLotsDto>;

export const ExpiringLotDto = StockLotDto.extend({
  productName: z.string(),
  sku: z.string(),
  price: z.string(),
  measureUnit: z.enum(MEASURE_UNITS).nullable(),
  markdownPercent: z.number().int(),
  markdownPrice: z.string(),
});
export type ExpiringLotDto = z.infer<typeof ExpiringLotDto>;

/** One lot an order line was taken from (picking lists, the staff order view). */
export const OrderLineLotDto = z.object({
  lotId: z.uuid(),
  quantity: z.number().int(),
  expiresOn: z.string().nullable(),
  dateKind: LotDateKind,
  batchCode: z.string().nullable(),
});
export type OrderLineLotDto = z.infer<typeof OrderLineLotDto>;

/**
 * The markdown suggested for a lot `daysLeft` days from its date: the closer, the deeper, so it
 * sells before it must be thrown away. A suggestion only: staff change prices themselves.
 */
export function markdownPercent(daysLeft: number): number {
  if (daysLeft <= 0) return 50;
  if (daysLeft === 1) return 30;
  if (daysLeft <= 3) return 20;
  return 10;
}

/** The price after a markdown, rounded down to the cent ("12.99" at 30 % → "9.09"). */
export function markedDownPrice(price: string, percent: number): string {
  const cents = toCents(price) ?? 0;
  return centsToDecimal(Math.floor((cents * (100 - percent)) / 100));
}

/** Whole days from `today` to `date` (both YYYY-MM-DD): 0 on the day itself, negative after. */
export function daysBetween(today: string, date: string): number {
  return Math.round((Date.parse(`${date}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / 86_400_000);
}

/** Today in the shop's time zone (UTC), YYYY-MM-DD. */
export function shopToday(now: Date = new Date()): string {
  return now.toISOString().slice(0, 10);
}
