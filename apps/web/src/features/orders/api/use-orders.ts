import { trpc } from '../../../lib/trpc';

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
