import type { AdminOrderDetailDto, AdminOrderPageInput } from '@shop/schema';
import { trpc } from '../../../lib/trpc';

/** A page of every customer's orders, searched and filtered by the server (`orderManagement.page`). */
export function useAdminOrders(input: AdminOrderPageInput) {
  return trpc.orderManagement.page.useQuery(input, { placeholderData: (previous) => previous });
}

/** The order management cards. */
export function useAdminOrderSummary() {
  return trpc.orderManagement.summary.useQuery();
}

/** One order with items and timeline, fresh each time the View dialog opens. */
export function useAdminOrder(id: string | null) {
  return trpc.orderManagement.byId.useQuery(
    { id: id ?? '' },
    { enabled: !!id, staleTime: 0, refetchOnMount: 'always' },
  );
}

/** PATCH /api/orders/:id/status; a cancellation also moves stock, so inventory views refresh too. */
export function useUpdateOrderStatus() {
  const utils = trpc.useUtils();
  return trpc.orderManagement.updateStatus.useMutation({
    // Refetched in the background: the success toast does not wait for it.
    onSuccess: () => {
      void Promise.all([
        utils.orderManagement.invalidate(),
        utils.admin.overview.invalidate(),
        utils.inventory.invalidate(),
        utils.products.invalidate(),
      ]);
    },
  });
}

/**
 * After a picking change answered with the whole order (a weight, a line short): the order's view
 * takes the answer, and everything it moves refreshes — order lists and picking, stock, products.
 */
function useAfterPickingChange() {
  const utils = trpc.useUtils();
  return (updated: AdminOrderDetailDto) => {
    utils.orderManagement.byId.setData({ id: updated.id }, updated);
    void Promise.all([
      utils.orderManagement.invalidate(),
      utils.inventory.invalidate(),
      utils.products.invalidate(),
    ]);
  };
}

/** Catch weight at picking (`orderManagement.recordWeight`): the order's totals and stock move, so both refresh. */
export function useRecordWeight() {
  return trpc.orderManagement.recordWeight.useMutation({ onSuccess: useAfterPickingChange() });
}

/** Picking: a line is short; the shopper's substitution choice is applied (docs/substitutions.md). */
export function useMarkLineShort() {
  return trpc.orderManagement.markShort.useMutation({ onSuccess: useAfterPickingChange() });
}

/**
 * A day's picking list (`orderManagement.picking`, docs/picking.md). Under `orderManagement`, so a
 * status change, a weight recorded and the staff live events' order refresh all bring it up to date.
 */
export function usePickingList(date: string) {
  return trpc.orderManagement.picking.useQuery({ date }, { placeholderData: (previous) => previous });
}
