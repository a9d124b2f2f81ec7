/**
 * Delivery: zones, slot templates, the slot calendar and bookings (`delivery_*`). Orders book and
 * release a slot's place through the functions below; the booking CTEs are delivery's part of the
 * orders' one write statement (the placement exception, docs/architecture.md).
 */
export {
  lockGroupSlots,
  releaseSlot,
  slotBookingCte,
  slotGroupBookingCte,
  slotUnavailable,
} from './slot-booking';
export type { GroupSlots, SlotChoice } from './slot-booking';
