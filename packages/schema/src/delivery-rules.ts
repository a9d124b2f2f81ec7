/**
 * Delivery slots' rules the checkout needs, without zod (docs/delivery-slots.md): the slot a shopper
 * picks, how a window reads, where a postal code sits in an address line, and which zone covers it.
 * delivery.ts (the zod contracts) re-exports them; the checkout imports this file only.
 *
 * Times: the shop has no time-zone setting, so a slot's date and window are in UTC (the dates and
 * the 09:00–12:00 a template says are UTC dates and times; docs/delivery-slots.md "Time zone").
 */

/** A slot as an order names it: its template and its date (YYYY-MM-DD). */
export interface DeliverySlotRef {
  templateId: string;
  date: string;
}

/** An open slot as checkout offers it. `deliveryFee` is set when it overrides the shop's fee. */
export interface DeliverySlotOption extends DeliverySlotRef {
  start: string;
  end: string;
  placesLeft: number;
  deliveryFee: string | null;
}

/** The slot an order was placed for: its date and window (ISO instants). */
export interface OrderDeliverySlot {
  date: string;
  start: string;
  end: string;
}

/** How many days ahead checkout offers slots (today included). */
export const SLOT_BOOKING_DAYS = 7;
/** Under this many places left, checkout says how many. */
export const SLOT_FEW_PLACES = 5;

export const OUTSIDE_DELIVERY_AREA = 'This address is outside our delivery area';
export const NO_SLOT_LEFT =
  'No delivery slot is free in the next days for this address. Please try again later.';

/** `details.reason` of a 409 for a slot that is full, blocked or past its cut-off. */
export const SLOT_UNAVAILABLE = 'SLOT_UNAVAILABLE' as const;
export interface SlotUnavailableDetails {
  reason: typeof SLOT_UNAVAILABLE;
  /** The zone's next open slots, earliest first (at most SLOT_BOOKING_DAYS days ahead). */
  nextSlots: DeliverySlotOption[];
}

/** A postal code as zones compare it: upper case, no spaces. */
export function normalizePostalCode(code: string): string {
  return code.replace(/\s+/g, '').toUpperCase();
}

/**
 * The postal code of a shipping line as formatAddress writes it ('street, city, state zip,
 * country'): the last word of the part before the country. Null when the line has no such part.
 */
export function postalCodeOf(shippingAddress: string): string | null {
  const parts = shippingAddress.split(',').map((part) => part.trim());
  if (parts.length < 3) return null;
  const words = parts[parts.length - 2]!.split(/\s+/).filter(Boolean);
  const code = words[words.length - 1];
  return code ? normalizePostalCode(code) : null;
}

/** The zone whose longest prefix starts the postal code ('' covers every code, even none). */
export function zoneForPostalCode<Z extends { postalPrefixes: readonly string[] }>(
  zones: readonly Z[],
  postalCode: string | null,
): Z | null {
  const code = postalCode ? normalizePostalCode(postalCode) : '';
  let best: { zone: Z; length: number } | null = null;
  for (const zone of zones) {
    for (const prefix of zone.postalPrefixes) {
      const normal = normalizePostalCode(prefix);
      if (code.startsWith(normal) && (!best || normal.length > best.length)) {
        best = { zone, length: normal.length };
      }
    }
  }
  return best?.zone ?? null;
}

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const hhmm = (date: Date) =>
  `${String(date.getUTCHours()).padStart(2, '0')}:${String(date.getUTCMinutes()).padStart(2, '0')}`;

/** 'Mon 1 Dec' (UTC, the shop's time zone). */
export function slotDayLabel(start: string): string {
  const date = new Date(start);
  return `${WEEKDAYS[date.getUTCDay()]} ${date.getUTCDate()} ${MONTHS[date.getUTCMonth()]}`;
}

/** '09:00–12:00' (UTC). */
export function slotWindowLabel(slot: { start: string; end: string }): string {
  return `${hhmm(new Date(slot.start))}–${hhmm(new Date(slot.end))}`;
}

/** 'Mon 1 Dec, 09:00–12:00': how an order's slot reads everywhere (My Orders, staff, emails). */
export function slotLabel(slot: { start: string; end: string }): string {
  return `${slotDayLabel(slot.start)}, ${slotWindowLabel(slot)}`;
}
