/**
 * The slot calendar (docs/delivery-slots.md): which (template, date) slots exist in the coming
 * days, when each opens and closes, and which are open. Pure: the database's rows go in, the
 * answers come out. Times are UTC, the shop's time zone (packages/schema delivery-rules.ts).
 */
import { SLOT_BOOKING_DAYS, type DeliverySlotOption } from '@shop/schema';

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

/** A slot template as the calendar reads it ('HH:MM' or 'HH:MM:SS' times, as PostgreSQL answers). */
export interface TemplateRow {
  id: string;
  zone_id: string;
  weekday: number;
  start_time: string;
  end_time: string;
  capacity: number;
  cutoff_hours: number;
  delivery_fee: string | null;
}

/** One (template, date) of the calendar. */
export interface CalendarSlot {
  template: TemplateRow;
  date: string;
  start: Date;
  end: Date;
}

/** A slot's row in `delivery_slots` (absent = nothing booked, not blocked). */
export interface SlotLoad {
  booked: number;
  blocked: boolean;
}

export const slotKey = (templateId: string, date: string) => `${templateId}|${date}`;

const minutesOf = (time: string) => {
  const [h, m] = time.split(':');
  return Number(h) * 60 + Number(m);
};

/** 'YYYY-MM-DD' of an instant (UTC). */
export const dayOf = (at: Date) => at.toISOString().slice(0, 10);

/** The slot of `template` on `date` (whatever its weekday). */
export function slotOn(template: TemplateRow, date: string): CalendarSlot {
  const midnight = Date.parse(`${date}T00:00:00Z`);
  return {
    template,
    date,
    start: new Date(midnight + minutesOf(template.start_time) * 60_000),
    end: new Date(midnight + minutesOf(template.end_time) * 60_000),
  };
}

/** Whether `date` (YYYY-MM-DD) falls on the template's weekday. */
export const onWeekday = (template: TemplateRow, date: string) =>
  new Date(`${date}T00:00:00Z`).getUTCDay() === template.weekday;

/** Past its cut-off: `cutoff_hours` before the window opens, the slot closes for good. */
export const isClosed = (slot: CalendarSlot, now: Date) =>
  now.getTime() >= slot.start.getTime() - slot.template.cutoff_hours * HOUR_MS;

/**
 * The slots of these templates from today through SLOT_BOOKING_DAYS - 1 days ahead that have not
 * reached their cut-off, earliest first (ties by template id, so the order is stable).
 */
export function upcomingSlots(templates: readonly TemplateRow[], now: Date, days = SLOT_BOOKING_DAYS) {
  const today = Date.parse(`${dayOf(now)}T00:00:00Z`);
  const slots: CalendarSlot[] = [];
  for (let d = 0; d < days; d++) {
    const date = dayOf(new Date(today + d * DAY_MS));
    for (const template of templates) {
      if (!onWeekday(template, date)) continue;
      const slot = slotOn(template, date);
      if (!isClosed(slot, now)) slots.push(slot);
    }
  }
  return slots.sort(
    (a, b) => a.start.getTime() - b.start.getTime() || (a.template.id < b.template.id ? -1 : 1),
  );
}

/** Places left in a slot given its load; 0 when blocked or full. */
export function placesLeft(slot: CalendarSlot, load: SlotLoad | undefined): number {
  if (load?.blocked) return 0;
  return Math.max(0, slot.template.capacity - (load?.booked ?? 0));
}

/** The slot as checkout and a 409 show it. */
export function toSlotOption(slot: CalendarSlot, left: number): DeliverySlotOption {
  return {
    templateId: slot.template.id,
    date: slot.date,
    start: slot.start.toISOString(),
    end: slot.end.toISOString(),
    placesLeft: left,
    deliveryFee: slot.template.delivery_fee,
  };
}

/** The open slots among `slots` (places left), as options, earliest first. */
export function openOptions(
  slots: readonly CalendarSlot[],
  loads: ReadonlyMap<string, SlotLoad>,
): DeliverySlotOption[] {
  return slots.flatMap((slot) => {
    const left = placesLeft(slot, loads.get(slotKey(slot.template.id, slot.date)));
    return left > 0 ? [toSlotOption(slot, left)] : [];
  });
}
