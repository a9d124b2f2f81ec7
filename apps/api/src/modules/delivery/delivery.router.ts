import { z } from 'zod';
import {
  DeliveryDayDto,
  DeliveryDayInput,
  DeliveryIdInput,
  DeliverySlotsDto,
  DeliverySlotsInput,
  DeliveryZoneDto,
  DeliveryZoneInput,
  SlotBlockInput,
  SlotTemplateDto,
  SlotTemplateInput,
  UpdateDeliveryZoneInput,
  UpdateSlotTemplateInput,
} from '@shop/schema';
import { authedProcedure, can, router } from '../../trpc/trpc';
import {
  createTemplate,
  createZone,
  deleteTemplate,
  deleteZone,
  listZones,
  updateTemplate,
  updateZone,
} from './delivery-zones.service';
import { availableSlots, deliveryDay, setSlotBlocked } from './delivery-slots.service';

/**
 * Delivery zones and slots (docs/delivery-slots.md). Shoppers ask for the open slots of their
 * address; staff who run orders (`orders:read_all` to look, `orders:update` to change: admins and
 * sales managers by default) manage zones, templates and blocked slots.
 */
export const deliveryRouter = router({
  /** GET /api/delivery/slots?shippingAddress=…: checkout's open slots for an address. */
  slots: authedProcedure
    .input(DeliverySlotsInput)
    .output(DeliverySlotsDto)
    .query(({ ctx, input }) => availableSlots(ctx, input)),
  zones: can('orders:read_all')
    .output(z.array(DeliveryZoneDto))
    .query(({ ctx }) => listZones(ctx)),
  createZone: can('orders:update')
    .input(DeliveryZoneInput)
    .output(DeliveryZoneDto)
    .mutation(({ ctx, input }) => createZone(ctx, input)),
  updateZone: can('orders:update')
    .input(UpdateDeliveryZoneInput)
    .output(DeliveryZoneDto)
    .mutation(({ ctx, input }) => updateZone(ctx, input)),
  deleteZone: can('orders:update')
    .input(DeliveryIdInput)
    .output(DeliveryIdInput)
    .mutation(({ ctx, input }) => deleteZone(ctx, input)),
  createTemplate: can('orders:update')
    .input(SlotTemplateInput)
    .output(SlotTemplateDto)
    .mutation(({ ctx, input }) => createTemplate(ctx, input)),
  updateTemplate: can('orders:update')
    .input(UpdateSlotTemplateInput)
    .output(SlotTemplateDto)
    .mutation(({ ctx, input }) => updateTemplate(ctx, input)),
  deleteTemplate: can('orders:update')
    .input(DeliveryIdInput)
    .output(DeliveryIdInput)
    .mutation(({ ctx, input }) => deleteTemplate(ctx, input)),
  /** A day's slots with their load (booked / capacity), blocked and closed. */
  day: can('orders:read_all')
    .input(DeliveryDayInput)
    .output(DeliveryDayDto)
    .query(({ ctx, input }) => deliveryDay(ctx, input)),
  /** Block or unblock one slot on one date; answers that day. */
  setBlocked: can('orders:update')
    .input(SlotBlockInput)
    .output(DeliveryDayDto)
    .mutation(({ ctx, input }) => setSlotBlocked(ctx, input)),
});
