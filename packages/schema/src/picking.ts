/**
 * The picking list (issue 21 part 4; docs/picking.md): one day's orders to pick, grouped by delivery
 * slot window, each with its lines, the lots to take them from (docs/stock-lots.md) and the catch
 * weight to record. Staff with `orders:read_all` read it (`orderManagement.picking`).
 *
 * The day is a calendar day in the shop's time zone (UTC, as delivery slots: docs/delivery-slots.md).
 */
import { z } from 'zod';
import { ORDER_LINE_MEASURE_SHAPE } from './measure-fields';
import type { OrderStatus } from './orders';
import { OrderLineLotDto, shopToday } from './stock-lots';
import { ORDER_LINE_SUBSTITUTION_SHAPE } from './substitutions';

/** Statuses still to pick: placed and not yet shipped (cancelled, shipped and delivered are left out). */
export const PICKING_STATUSES = ['pending', 'processing'] as const satisfies readonly OrderStatus[];

export const PICKING_MESSAGES = {
  date: 'date must be a date, YYYY-MM-DD',
} as const;

/** `{ date }`: the day to pick, today (UTC) when left out. */
export const PickingInput = z.strictObject({
  date: z.iso.date(PICKING_MESSAGES.date).default(() => shopToday()),
});
export type PickingInput = z.input<typeof PickingInput>;

/** One line to pick: what, how much, from which lots, and its catch weight. */
export const PickingLineDto = z.object({
  id: z.uuid(),
  productId: z.uuid(),
  /** The name, SKU and unit as bought. */
  name: z.string(),
  sku: z.string(),
  unit: z.string(),
  quantity: z.number().int(),
  ...ORDER_LINE_MEASURE_SHAPE,
  /** The lots to take it from, first expiry first; what they do not cover is undated stock. */
  lots: z.array(OrderLineLotDto),
  /** What to do if it is short (docs/substitutions.md), and whether it was. */
  ...ORDER_LINE_SUBSTITUTION_SHAPE,
  substituteProductName: z.string().nullable(),
});
export type PickingLineDto = z.infer<typeof PickingLineDto>;

export const PickingOrderDto = z.object({
  id: z.uuid(),
  /** The first 8 characters, as every screen and email names an order. */
  shortId: z.string(),
  status: z.enum(PICKING_STATUSES),
  customerEmail: z.string().nullable(),
  shippingAddress: z.string(),
  notes: z.string().nullable(),
  createdAt: z.iso.datetime({ offset: true }),
  lines: z.array(PickingLineDto),
});
export type PickingOrderDto = z.infer<typeof PickingOrderDto>;

/**
 * The orders of one slot window (every zone's slot with that start and end), or, with `start` and
 * `end` null, the "No slot" group: unslotted orders whose estimated delivery falls on the day.
 */
export const PickingSlotDto = z.object({
  start: z.iso.datetime({ offset: true }).nullable(),
  end: z.iso.datetime({ offset: true }).nullable(),
  orders: z.array(PickingOrderDto),
});
export type PickingSlotDto = z.infer<typeof PickingSlotDto>;

/** The day's picking list: slot windows earliest first, then "No slot"; empty when nothing to pick. */
export const PickingDayDto = z.object({
  date: z.string(),
  slots: z.array(PickingSlotDto),
});
export type PickingDayDto = z.infer<typeof PickingDayDto>;

/** A slot group's title: '08:00–10:00 (UTC)', or 'No slot'. */
export function pickingSlotTitle(slot: { start: string | null; end: string | null }): string {
  if (!slot.start || !slot.end) return 'No slot';
  const hhmm = (iso: string) => iso.slice(11, 16);
  return `${hhmm(new Date(slot.start).toISOString())}–${hhmm(new Date(slot.end).toISOString())} (UTC)`;
}
