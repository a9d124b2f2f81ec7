/**
 * Booking delivery slots while placing orders (docs/delivery-slots.md), the way stock is taken
 * (orders/workflows/place-order.ts): the group's slot rows are locked after its products, each order is checked
 * against them in memory as the orders before it in the group leave them, and the group's write
 * books the places with one conditional upsert per slot (`slotGroupBookingCte`; written one order
 * at a time, each order's write with `slotBookingCte` inside its savepoint), so a refusal or
 * rollback frees them. The condition (`booked + places <= capacity AND NOT blocked`) is the guard
 * that holds even if the memory were wrong, as the stock UPDATE's `stock >= quantity` is.
 *
 * With no zone at all, delivery is not slotted: nothing is read beyond the (empty) zones and every
 * order is placed as before.
 */
import type { EntityManager } from 'typeorm';
import {
  NO_SLOT_LEFT,
  OUTSIDE_DELIVERY_AREA,
  SLOT_UNAVAILABLE,
  postalCodeOf,
  slotLabel,
  type DeliverySlotRef,
  type SlotUnavailableDetails,
} from '@shop/schema';
import { BadRequestError, ConflictError } from '../../errors';
import { loadZones, lockLoads, zoneFor, type ZonePlan } from './delivery-plan';
import {
  openOptions,
  placesLeft,
  slotKey,
  upcomingSlots,
  type CalendarSlot,
  type SlotLoad,
} from './slot-calendar';

/** The slot an order books: written on the order, and its fee override (null: the shop's fee). */
export interface SlotChoice {
  templateId: string;
  date: string;
  start: Date;
  end: Date;
  deliveryFee: string | null;
}

/** What an order asks of delivery: its shipping line and, optionally, the slot picked. */
export interface SlotRequest {
  shippingAddress: string;
  deliverySlot?: DeliverySlotRef;
}

/** The group's slots, locked: `take` books one in memory for the i-th order (or throws its refusal). */
export interface GroupSlots {
  take(index: number): SlotChoice;
  giveBack(choice: SlotChoice): void;
}

/** The 409 for a slot that is full, blocked, past its cut-off or not this address's. */
export function slotUnavailable(nextSlots: SlotUnavailableDetails['nextSlots']): ConflictError {
  const next = nextSlots.slice(0, 3).map(slotLabel);
  const message = next.length
    ? `This delivery slot is no longer available. Next free slots: ${next.join('; ')}.`
    : NO_SLOT_LEFT;
  const details: SlotUnavailableDetails = { reason: SLOT_UNAVAILABLE, nextSlots };
  return new ConflictError(message, { ...details });
}

/** The 400 for an address outside every zone, at the field (the REST error format's issues). */
export function outsideDeliveryArea(): BadRequestError {
  return new BadRequestError(OUTSIDE_DELIVERY_AREA, [
    { path: 'shippingAddress', message: OUTSIDE_DELIVERY_AREA },
  ]);
}

/**
 * Locks the slots the group's orders may book (their zones' upcoming slots) and answers how to
 * book them; null when delivery is not slotted. Called after the products are locked.
 */
export async function lockGroupSlots(
  tx: EntityManager,
  requests: readonly SlotRequest[],
  now = new Date(),
): Promise<GroupSlots | null> {
  const zones = await loadZones(tx);
  if (zones.length === 0) return null;

  const calendars = new Map<string, CalendarSlot[]>();
  const zoneOf = requests.map((request) => {
    const zone = zoneFor(zones, postalCodeOf(request.shippingAddress));
    if (zone && !calendars.has(zone.id)) calendars.set(zone.id, upcomingSlots(zone.templates, now));
    return zone;
  });
  const refs = [...calendars.values()]
    .flat()
    .map((slot) => ({ templateId: slot.template.id, date: slot.date }));
  const loads: Map<string, SlotLoad> = await lockLoads(tx, refs);
  const loadOf = (slot: CalendarSlot) => {
    const key = slotKey(slot.template.id, slot.date);
    let load = loads.get(key);
    if (!load) loads.set(key, (load = { booked: 0, blocked: false }));
    return load;
  };

  return {
    take(index) {
      const request = requests[index]!;
      const zone: ZonePlan | null = zoneOf[index] ?? null;
      if (!zone) throw outsideDeliveryArea();
      const calendar = calendars.get(zone.id)!;
      const wanted = request.deliverySlot;
      const slot = wanted
        ? calendar.find((s) => s.template.id === wanted.templateId.toLowerCase() && s.date === wanted.date)
        : calendar.find((s) => placesLeft(s, loadOf(s)) > 0);
      if (!slot || placesLeft(slot, loadOf(slot)) === 0) throw slotUnavailable(openOptions(calendar, loads));
      loadOf(slot).booked += 1;
      return {
        templateId: slot.template.id,
        date: slot.date,
        start: slot.start,
        end: slot.end,
        deliveryFee: slot.template.delivery_fee,
      };
    },
    giveBack(choice) {
      loads.get(slotKey(choice.templateId, choice.date))!.booked -= 1;
    },
  };
}

/**
 * The booking, as a CTE of the order's write: one conditional upsert on the (template, date) row.
 * `$template` NULL (delivery not slotted) books nothing. The write counts its row (`slot_booked`):
 * 0 for a slotted order means full or blocked, and the order is refused and rolled back.
 */
export function slotBookingCte(template: string, date: string): string {
  return `INSERT INTO delivery_slots AS s (template_id, slot_date, booked)
    SELECT ${template}::uuid, ${date}::date, 1
    WHERE ${template}::uuid IS NOT NULL
      AND (SELECT capacity FROM delivery_slot_templates WHERE id = ${template}::uuid) > 0
    ON CONFLICT (template_id, slot_date) DO UPDATE SET booked = s.booked + 1
    WHERE NOT s.blocked
      AND s.booked < (SELECT capacity FROM delivery_slot_templates t WHERE t.id = s.template_id)
    RETURNING 1`;
}

/**
 * The bookings of a group of orders written together (orders/place-order-write.ts): `orders` has a
 * row per order with `slot_template_id` and `slot_date`. One conditional upsert per slot for all its
 * orders: booked only when every one of them fits. Answers (template_id, slot_date) per slot booked.
 */
export function slotGroupBookingCte(orders: string): string {
  return `INSERT INTO delivery_slots AS s (template_id, slot_date, booked)
    SELECT c.template_id, c.slot_date, c.places
    FROM (SELECT o.slot_template_id AS template_id, o.slot_date, count(*)::int AS places
          FROM ${orders} o WHERE o.slot_template_id IS NOT NULL GROUP BY 1, 2) c
    WHERE (SELECT capacity FROM delivery_slot_templates t WHERE t.id = c.template_id) >= c.places
    ON CONFLICT (template_id, slot_date) DO UPDATE SET booked = s.booked + EXCLUDED.booked
    WHERE NOT s.blocked
      AND s.booked + EXCLUDED.booked <= (SELECT capacity FROM delivery_slot_templates t WHERE t.id = s.template_id)
    RETURNING s.template_id, s.slot_date`;
}

/**
 * Frees a cancelled order's place, in the cancellation's transaction (after its products, as
 * placement locks them). Nothing for an order placed without a slot or whose template is gone.
 */
export async function releaseSlot(tx: EntityManager, orderId: string): Promise<void> {
  await tx.query(
    `UPDATE delivery_slots s SET booked = s.booked - 1
     FROM orders o
     WHERE o.id = $1 AND s.template_id = o.delivery_slot_template_id AND s.slot_date = o.delivery_slot_date
       AND s.booked > 0`,
    [orderId],
  );
}
