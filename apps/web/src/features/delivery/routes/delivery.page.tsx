/**
 * /admin/delivery (`orders:read_all`; docs/delivery-slots.md "Staff screens"): the delivery zones
 * with the postal codes they cover and their weekly slot templates, and one day's slots with their
 * load (booked / capacity). Staff who may change orders (`orders:update`) add, edit and delete
 * zones and slots and block or unblock a slot on a day; the others see the same without buttons.
 */
import { Stack } from '@mantine/core';
import { AdminPageHeader } from '../../../components/staff/admin-page-header';
import { DeliveryDayCard } from '../components/delivery-day-card';
import { DeliveryZonesCard } from '../components/delivery-zones-card';

export function DeliveryPage() {
  return (
    <>
      <AdminPageHeader
        title="Delivery"
        description="Delivery zones, their weekly slots, and each day's load"
      />
      <Stack gap="lg">
        <DeliveryZonesCard />
        <DeliveryDayCard />
      </Stack>
    </>
  );
}
