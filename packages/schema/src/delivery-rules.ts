/**
 * Delivery slots' rules the checkout needs, without zod (docs/delivery-slots.md): the slot a shopper
 * picks, how a window reads, and which zone covers a postal code (postcodes.ts reads the postal
 * code from an address).
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

/** A UK postcode without its space: the outward code, then the inward code (a digit, two letters). */
const UK_POSTCODE = /^([A-Z]{1,2}\d[A-Z\d]?)(\d[A-Z]{2})$/;
const isDigit = (c: string) => c >= '0' && c <= '9';

/**
 * Whether a zone's prefix covers a postal code (both upper case without spaces). A prefix starts
 * the code; for a UK postcode it also ends where a part of the outward code ends, so "SW1" covers
 * SW1A 2AA (district SW1, sub-district SW1A) but not SW19 1AA, and "E" covers E1 but not EC1A.
 */
export function prefixCoversPostalCode(prefix: string, code: string): boolean {
  if (!code.startsWith(prefix)) return false;
  const uk = UK_POSTCODE.exec(code);
  if (!uk || prefix === '' || prefix.length >= uk[1]!.length) return true;
  return isDigit(prefix[prefix.length - 1]!) !== isDigit(uk[1]![prefix.length]!);
}

/**
 * The zone whose longest prefix covers the postal code ('' covers every code, even none). The code
 * is read from the address by postcodes.ts `postalCodeOf`, in its country's written form.
 */
export function zoneForPostalCode<Z extends { postalPrefixes: readonly string[] }>(
  zones: readonly Z[],
  postalCode: string | null,
): Z | null {
  const code = postalCode ? normalizePostalCode(postalCode) : '';
  let best: { zone: Z; length: number } | null = null;
  for (const zone of zones) {
    for (const prefix of zone.postalPrefixes) {
      const normal = normalizePostalCode(prefix);
      if (prefixCoversPostalCode(normal, code) && (!best || normal.length > best.length)) {
        best = { zone, length: normal.length };
      }
    }
  }
  return best?.zone ?? null;
}

/**
 * Checkout, when no zone covers the address: which postcode it was read as, so a shopper sees a
 * typo or a postcode the shop does not know instead of guessing (issue 33).
 */
export function postcodeReadText(postalCode: string | null | undefined): string {
  return postalCode
    ? `The postcode we read from this address is ${postalCode}.`
    : 'We could not find a postcode in this address.';
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
