import { trpc } from '../../../lib/trpc';

/** The delivery zones with their weekly slot templates (`delivery.zones`). */
export function useDeliveryZones() {
  return trpc.delivery.zones.useQuery();
}

/** One day's slots with their load (`delivery.day`, GET /api/admin/delivery/days/:date). */
export function useDeliveryDay(date: string) {
  return trpc.delivery.day.useQuery({ date }, { enabled: /^\d{4}-\d{2}-\d{2}$/.test(date) });
}

/** Blocks or unblocks one slot on one date; the day's answer replaces the one shown. */
export function useSetSlotBlocked() {
  const utils = trpc.useUtils();
  return trpc.delivery.setBlocked.useMutation({
    onSuccess: (day) => utils.delivery.day.setData({ date: day.date }, day),
  });
}
