/**
 * Slots as checkout offers them and as staff run them (docs/delivery-slots.md): the open slots for
 * a shipping line, a day's slots with their load, and blocking one slot on one date.
 */
import {
  postalCodeOf,
  type DeliveryDayDto,
  type DeliverySlotsDto,
  type SlotBlockInput,
} from '@shop/schema';
import type { ServiceContext } from '../../context';
import { BadRequestError, NotFoundError } from '../../errors';
import { loadZones, readLoads, TEMPLATE_COLUMNS, zoneFor } from './delivery-plan';
import { isClosed, onWeekday, openOptions, slotKey, slotOn, upcomingSlots, type TemplateRow } from './slot-calendar';

/**
 * Checkout: the next days' open slots of the address's zone, earliest first (read, not locked),
 * and the postal code the address was read as.
 */
export async function availableSlots(
  ctx: ServiceContext,
  input: { shippingAddress?: string } | undefined,
  now = new Date(),
): Promise<DeliverySlotsDto> {
  const zones = await loadZones(ctx.db);
  if (zones.length === 0) return { slotted: false, zone: null, slots: [] };
  if (!input?.shippingAddress) return { slotted: true, zone: null, slots: [] };
  const postalCode = postalCodeOf(input.shippingAddress);
  const zone = zoneFor(zones, postalCode);
  if (!zone) return { slotted: true, zone: null, slots: [], postalCode };
  const calendar = upcomingSlots(zone.templates, now);
  const loads = await readLoads(
    ctx.db,
    calendar.map((slot) => ({ templateId: slot.template.id, date: slot.date })),
  );
  return {
    slotted: true,
    zone: { id: zone.id, name: zone.name },
    slots: openOptions(calendar, loads),
    postalCode,
  };
}

/** Staff: every zone's slots on `date`, with booked / capacity, blocked and past their cut-off. */
export async function deliveryDay(
  ctx: ServiceContext,
  input: { date: string },
  now = new Date(),
): Promise<DeliveryDayDto> {
  const zones = await loadZones(ctx.db);
  const slots = zones.flatMap((zone) =>
    zone.templates.filter((t) => onWeekday(t, input.date)).map((t) => ({ zone, slot: slotOn(t, input.date) })),
  );
  const loads = await readLoads(
    ctx.db,
    slots.map(({ slot }) => ({ templateId: slot.template.id, date: slot.date })),
  );
  return {
    date: input.date,
    slots: slots
      .sort((a, b) => a.slot.start.getTime() - b.slot.start.getTime() || a.zone.name.localeCompare(b.zone.name))
      .map(({ zone, slot }) => {
        const load = loads.get(slotKey(slot.template.id, slot.date));
        return {
          templateId: slot.template.id,
          zoneId: zone.id,
          zoneName: zone.name,
          date: slot.date,
          start: slot.start.toISOString(),
          end: slot.end.toISOString(),
          booked: load?.booked ?? 0,
          capacity: slot.template.capacity,
          blocked: load?.blocked ?? false,
          closed: isClosed(slot, now),
        };
      }),
  };
}

/**
 * Blocks (or unblocks) one slot on one date: checkout stops offering it and placement refuses it
 * (409 with the next free slots). Orders already booked in it keep their place.
 */
export async function setSlotBlocked(ctx: ServiceContext, input: SlotBlockInput): Promise<DeliveryDayDto> {
  const [template]: TemplateRow[] = await ctx.db.query(
    `SELECT ${TEMPLATE_COLUMNS} FROM delivery_slot_templates t WHERE t.id = $1`,
    [input.templateId],
  );
  if (!template) throw new NotFoundError('Slot template');
  if (!onWeekday(template, input.date)) {
    const message = 'date is not on this slot template’s weekday';
    throw new BadRequestError(message, [{ path: 'date', message }]);
  }
  await ctx.db.query(
    `INSERT INTO delivery_slots (template_id, slot_date, blocked) VALUES ($1, $2, $3)
     ON CONFLICT (template_id, slot_date) DO UPDATE SET blocked = EXCLUDED.blocked`,
    [input.templateId, input.date, input.blocked],
  );
  return deliveryDay(ctx, { date: input.date });
}
