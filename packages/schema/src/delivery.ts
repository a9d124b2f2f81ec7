/**
 * Delivery zones and slots (issue 21 part 1, docs/delivery-slots.md): the staff's zones and weekly
 * slot templates, a day's slots with their load, blocking one, and the open slots checkout offers.
 */
import { z } from 'zod';
import { MoneyString } from './products';

export * from './delivery-rules';

const Time = z
  .string('time must be HH:MM')
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'time must be HH:MM (00:00 to 23:59)');
export const SlotDate = z.iso.date('date must be a date, YYYY-MM-DD');
const Prefix = z
  .string('each postal prefix must be text')
  .trim()
  .max(20, 'a postal prefix has at most 20 characters')
  .regex(/^[A-Za-z0-9 -]*$/, 'a postal prefix holds letters, digits, spaces and dashes only');

export const DeliveryZoneInput = z.strictObject({
  name: z.string('name is required').trim().min(1, 'name is required').max(100, 'name has at most 100 characters'),
  /** Postal-code prefixes (a whole code is its own prefix); '' covers every postal code. */
  postalPrefixes: z
    .array(Prefix, 'postalPrefixes must be a list')
    .min(1, 'postalPrefixes needs at least one prefix ("" for every postal code)')
    .max(500, 'postalPrefixes holds at most 500 prefixes'),
});
export type DeliveryZoneInput = z.infer<typeof DeliveryZoneInput>;
export const UpdateDeliveryZoneInput = DeliveryZoneInput.extend({ id: z.uuid('id must be a uuid') });

const TemplateFields = z.strictObject({
  /** 0 Sunday … 6 Saturday. */
  weekday: z
    .number('weekday must be 0 (Sunday) to 6 (Saturday)')
    .int('weekday must be 0 (Sunday) to 6 (Saturday)')
    .min(0, 'weekday must be 0 (Sunday) to 6 (Saturday)')
    .max(6, 'weekday must be 0 (Sunday) to 6 (Saturday)'),
  start: Time,
  end: Time,
  capacity: z
    .number('capacity must be a whole number')
    .int('capacity must be a whole number')
    .min(0, 'capacity must be 0 or more')
    .max(100_000, 'capacity is at most 100000 orders'),
  cutoffHours: z
    .number('cutoffHours must be a whole number')
    .int('cutoffHours must be a whole number')
    .min(0, 'cutoffHours must be 0 or more')
    .max(24 * 14, 'cutoffHours is at most 336 (14 days)'),
  /** Overrides the shop's delivery fee for orders in this slot; null = the shop's fee. */
  deliveryFee: MoneyString.nullable().default(null),
});
/** A slot's window ends after it starts (same day; times compare as text, HH:MM). */
export const SLOT_WINDOW_MESSAGE = 'end must be after start';
const windowCheck = (value: { start: string; end: string }, ctx: z.RefinementCtx) => {
  if (value.end <= value.start) ctx.addIssue({ code: 'custom', path: ['end'], message: SLOT_WINDOW_MESSAGE });
};
export const SlotTemplateInput = TemplateFields.extend({ zoneId: z.uuid('zoneId must be a uuid') }).superRefine(
  windowCheck,
);
export type SlotTemplateInput = z.infer<typeof SlotTemplateInput>;
export const UpdateSlotTemplateInput = TemplateFields.extend({ id: z.uuid('id must be a uuid') }).superRefine(
  windowCheck,
);
export type UpdateSlotTemplateInput = z.infer<typeof UpdateSlotTemplateInput>;
export const DeliveryIdInput = z.strictObject({ id: z.uuid('id must be a uuid') });

export const SlotTemplateDto = z.object({
  id: z.uuid(),
  zoneId: z.uuid(),
  weekday: z.number().int(),
  start: z.string(),
  end: z.string(),
  capacity: z.number().int(),
  cutoffHours: z.number().int(),
  deliveryFee: MoneyString.nullable(),
});
export type SlotTemplateDto = z.infer<typeof SlotTemplateDto>;

export const DeliveryZoneDto = z.object({
  id: z.uuid(),
  name: z.string(),
  postalPrefixes: z.array(z.string()),
  templates: z.array(SlotTemplateDto),
});
export type DeliveryZoneDto = z.infer<typeof DeliveryZoneDto>;

export const DeliverySlotRefInput = z.strictObject({
  templateId: z.uuid('deliverySlot.templateId must be a uuid'),
  date: SlotDate,
});

export const DeliverySlotOptionDto = z.object({
  templateId: z.uuid(),
  date: z.string(),
  start: z.iso.datetime({ offset: true }),
  end: z.iso.datetime({ offset: true }),
  placesLeft: z.number().int(),
  deliveryFee: MoneyString.nullable(),
});

/** Checkout's question: the open slots for this shipping line (without one: only whether slotted). */
export const DeliverySlotsInput = z
  .strictObject({
    shippingAddress: z.string('shippingAddress must be text').trim().min(1).max(500).optional(),
  })
  .optional();
/**
 * `slotted` false: no zone exists, delivery is not slotted (checkout shows no section).
 * `zone` null while slotted: the address is outside every zone.
 */
export const DeliverySlotsDto = z.object({
  slotted: z.boolean(),
  zone: z.object({ id: z.uuid(), name: z.string() }).nullable(),
  slots: z.array(DeliverySlotOptionDto),
  /**
   * While slotted, for an address: the postal code read from it in its written form ("SW1A 2AA",
   * postcodes.ts), null when none was found; checkout names it when no zone covers the address.
   */
  postalCode: z.string().nullable().optional(),
});
export type DeliverySlotsDto = z.infer<typeof DeliverySlotsDto>;

export const DeliveryDayInput = z.strictObject({ date: SlotDate });
export const DeliveryDaySlotDto = z.object({
  templateId: z.uuid(),
  zoneId: z.uuid(),
  zoneName: z.string(),
  date: z.string(),
  start: z.iso.datetime({ offset: true }),
  end: z.iso.datetime({ offset: true }),
  booked: z.number().int(),
  capacity: z.number().int(),
  blocked: z.boolean(),
  /** Past its cut-off: no longer offered. */
  closed: z.boolean(),
});
export type DeliveryDaySlotDto = z.infer<typeof DeliveryDaySlotDto>;
export const DeliveryDayDto = z.object({ date: z.string(), slots: z.array(DeliveryDaySlotDto) });
export type DeliveryDayDto = z.infer<typeof DeliveryDayDto>;

export const SlotBlockInput = z.strictObject({
  templateId: z.uuid('templateId must be a uuid'),
  date: SlotDate,
  blocked: z.boolean('blocked must be true or false'),
});
export type SlotBlockInput = z.infer<typeof SlotBlockInput>;
