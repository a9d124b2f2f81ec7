import { trpc } from '../../../lib/trpc';
import { expectOwnOrderChange, forgetOwnOrderChange } from '../../../lib/own-order-changes';

/** The signed-in user's own orders, newest first (`orders.mine`; GET /api/orders for a shopper). */
export function useMyOrders(options: { enabled?: boolean } = {}) {
  return trpc.orders.mine.useQuery(undefined, { enabled: options.enabled ?? true });
}

/**
 * POST /api/orders. On success the shopper's order list and the catalogue's stock are stale, so
 * both are refreshed.
 */
export function usePlaceOrder() {
  const utils = trpc.useUtils();
  return trpc.orders.create.useMutation({
    onSuccess: () => Promise.all([utils.orders.mine.invalidate(), utils.products.invalidate()]),
  });
}

/** One of the caller's orders with its lines as bought and its timeline, loaded when it is opened. */
export function useMyOrder(id: string, enabled: boolean) {
  return trpc.orders.byId.useQuery({ id }, { enabled });
}

/**
 * POST /api/orders/:id/cancel: the order, its timeline and the catalogue's stock change. The live
 * stream's echo of the cancellation is not announced on this page (lib/own-order-changes.ts).
 */
export function useCancelOrder() {
  const utils = trpc.useUtils();
  return trpc.orders.cancel.useMutation({
    onMutate: ({ id }) => expectOwnOrderChange(id, 'cancelled'),
    onError: (_error, { id }) => forgetOwnOrderChange(id, 'cancelled'),
    onSuccess: (order) => {
      utils.orders.byId.setData({ id: order.id }, order);
      void Promise.all([utils.orders.mine.invalidate(), utils.products.invalidate()]);
    },
  });
}

/** 'Buy again': the order's lines as they can be bought today (read fresh each time). */
export function useReorder() {
  const utils = trpc.useUtils();
  return (id: string) => utils.orders.reorder.fetch({ id }, { staleTime: 0 });
}
