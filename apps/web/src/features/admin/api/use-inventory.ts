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
