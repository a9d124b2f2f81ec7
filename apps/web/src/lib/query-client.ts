import { QueryClient } from '@tanstack/react-query';

/** docs/product.md §7: reads are never retried nor refetched automatically, and cached data never goes stale. */
export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: false,
        refetchOnWindowFocus: false,
        refetchOnReconnect: false,
        refetchOnMount: false,
        staleTime: Infinity,
      },
      mutations: { retry: false },
    },
  });
}

/**
 * Issue 15 (newer than the spec): admin screens that no live event keeps true — users, roles and
 * permissions, API tokens, the overview's user count — refetch when the window regains focus.
 * Opted into per query, so the shop itself keeps the spec's rule above.
 */
export const REFETCH_ON_FOCUS = { refetchOnWindowFocus: 'always' } as const;
