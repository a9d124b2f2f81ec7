/**
 * Admin → Analytics (issue 19 item 5): sales over a chosen range, for admin and sales manager
 * (`analytics:read`). Days are UTC calendar days; `from` and `to` are both included.
 *
 * - Placed revenue: the totals of the orders placed in a period, cancelled ones left out.
 * - Delivered revenue: the totals of the orders placed in a period that have been delivered
 *   (the spec's Total Revenue counts delivered orders).
 * - Average order value: placed revenue / placed (not cancelled) orders.
 * - Top products and categories: by the revenue of their order lines (quantity × price paid) in
 *   orders placed in the range, cancelled ones left out.
 */
import { z } from 'zod';
import { OrderStatus } from './orders';

export const ANALYTICS_BUCKETS = ['day', 'week', 'month'] as const;
export type AnalyticsBucket = (typeof ANALYTICS_BUCKETS)[number];

/** The longest range one request may ask for (about two years). */
export const ANALYTICS_MAX_DAYS = 731;
/** How many products and categories the top lists show. */
export const ANALYTICS_TOP = 10;

export const ANALYTICS_MESSAGES = {
  date: 'Must be a date like 2026-01-31',
  order: 'The start must not be after the end',
  tooLong: `The range may be at most ${ANALYTICS_MAX_DAYS} days`,
} as const;

const day = z
  .string(ANALYTICS_MESSAGES.date)
  .regex(/^\d{4}-\d{2}-\d{2}$/, ANALYTICS_MESSAGES.date)
  .refine((value) => {
    const date = new Date(`${value}T00:00:00Z`);
    return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
  }, ANALYTICS_MESSAGES.date);

const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;

export const AnalyticsRangeInput = z
  .strictObject({
    from: day,
    to: day,
  })
  .refine((range) => range.from <= range.to, { message: ANALYTICS_MESSAGES.order, path: ['to'] })
  .refine((range) => daysBetween(range.from, range.to) <= ANALYTICS_MAX_DAYS, {
    message: ANALYTICS_MESSAGES.tooLong,
    path: ['from'],
  });
export type AnalyticsRangeInput = z.infer<typeof AnalyticsRangeInput>;

export const AnalyticsInput = z
  .strictObject({
    from: day,
    to: day,
    bucket: z.enum(ANALYTICS_BUCKETS).default('day'),
  })
  .refine((range) => range.from <= range.to, { message: ANALYTICS_MESSAGES.order, path: ['to'] })
  .refine((range) => daysBetween(range.from, range.to) <= ANALYTICS_MAX_DAYS, {
    message: ANALYTICS_MESSAGES.tooLong,
    path: ['from'],
  });
export type AnalyticsInput = z.input<typeof AnalyticsInput>;

/** A sum of money: a decimal string with 2 places, of any size. */
const Amount = z.string().regex(/^\d+\.\d{2}$/);

export const AnalyticsDto = z.object({
  from: z.string(),
  to: z.string(),
  bucket: z.enum(ANALYTICS_BUCKETS),
  totals: z.object({
    /** Orders placed in the range, cancelled ones included. */
    orders: z.number().int().min(0),
    placedOrders: z.number().int().min(0),
    cancelledOrders: z.number().int().min(0),
    placedRevenue: Amount,
    deliveredRevenue: Amount,
    averageOrderValue: Amount,
  }),
  /** One row per period of the range (the first day of the day, ISO week or month), empty ones included. */
  revenue: z.array(
    z.object({
      period: z.string(),
      orders: z.number().int().min(0),
      placed: Amount,
      delivered: Amount,
    }),
  ),
  ordersByStatus: z.array(z.object({ status: OrderStatus, count: z.number().int().min(0) })),
  topProductsByRevenue: z.array(
    z.object({ productId: z.uuid(), name: z.string(), revenue: Amount, units: z.number().int() }),
  ),
  topProductsByUnits: z.array(
    z.object({ productId: z.uuid(), name: z.string(), revenue: Amount, units: z.number().int() }),
  ),
  topCategories: z.array(
    z.object({
      categoryId: z.uuid().nullable(),
      name: z.string(),
      revenue: Amount,
      units: z.number().int(),
    }),
  ),
  /** Active products today: at or under their low-stock threshold (stock above 0), and at 0. */
  stock: z.object({ lowStock: z.number().int().min(0), outOfStock: z.number().int().min(0) }),
});
export type AnalyticsDto = z.infer<typeof AnalyticsDto>;
