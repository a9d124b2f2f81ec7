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

/**
 * After a zone or template changes: the zones list, and every day shown (a template's window,
 * capacity or zone name is part of each day's slots). Awaited, so the screen shows the change
 * when the mutation's promise settles.
 */
function useRefreshDelivery() {
  const utils = trpc.useUtils();
  return () => Promise.all([utils.delivery.zones.invalidate(), utils.delivery.day.invalidate()]);
}

/** Adds a zone (`delivery.createZone`); a name already used is 409. */
export function useCreateZone() {
  const refresh = useRefreshDelivery();
  return trpc.delivery.createZone.useMutation({ onSuccess: refresh });
}

/** Renames a zone or changes its postal-code prefixes (`delivery.updateZone`). */
export function useUpdateZone() {
  const refresh = useRefreshDelivery();
  return trpc.delivery.updateZone.useMutation({ onSuccess: refresh });
}

/** Deletes a zone with its templates (`delivery.deleteZone`); placed orders keep their window. */
export function useDeleteZone() {
  const refresh = useRefreshDelivery();
  return trpc.delivery.deleteZone.useMutation({ onSuccess: refresh });
}

/** Adds a weekly slot to a zone (`delivery.createTemplate`). */
export function useCreateTemplate() {
  const refresh = useRefreshDelivery();
  return trpc.delivery.createTemplate.useMutation({ onSuccess: refresh });
}

/** Changes a weekly slot (`delivery.updateTemplate`); it applies to its slots at once. */
export function useUpdateTemplate() {
  const refresh = useRefreshDelivery();
  return trpc.delivery.updateTemplate.useMutation({ onSuccess: refresh });
}

/** Deletes a weekly slot (`delivery.deleteTemplate`); placed orders keep their window. */
export function useDeleteTemplate() {
  const refresh = useRefreshDelivery();
  return trpc.delivery.deleteTemplate.useMutation({ onSuccess: refresh });
}
