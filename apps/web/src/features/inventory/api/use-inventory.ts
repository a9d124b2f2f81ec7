import { trpc } from '../../../lib/trpc';

/** The inventory cards (`inventory.summary`), summed by the server. */
export function useInventorySummary() {
  return trpc.inventory.summary.useQuery();
}

/** A product's stock ledger, newest first; fetched when a History dialog opens. */
export function useStockHistory(productId: string | null) {
  return trpc.inventory.history.useQuery(
    { productId: productId ?? '' },
    { enabled: !!productId, staleTime: 0, refetchOnMount: 'always' },
  );
}

/** What to buy in, with suggested quantities (`inventory.reorder`); refreshed by stock events. */
export function useReorderList() {
  return trpc.inventory.reorder.useQuery();
}

/** A product's lots and undated stock (`inventory.lots`); fetched when its Lots dialog opens. */
export function useProductLots(productId: string | null) {
  return trpc.inventory.lots.useQuery(
    { productId: productId ?? '' },
    { enabled: !!productId, staleTime: 0, refetchOnMount: 'always' },
  );
}

/** Lots whose date falls in the next `days` days, with markdown suggestions; refreshed by stock events. */
export function useExpiringLots(days: number) {
  return trpc.inventory.expiring.useQuery({ days });
}

/** Goods in: a lot received. Everything that shows stock is refreshed (the stock event does so for other screens). */
export function useReceiveLot() {
  const utils = trpc.useUtils();
  return trpc.inventory.receiveLot.useMutation({
    onSuccess: () => Promise.all([utils.inventory.invalidate(), utils.products.invalidate()]),
  });
}
