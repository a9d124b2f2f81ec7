import { QueryClient } from '@tanstack/react-query';

/** Spec §7: reads are never retried nor refetched automatically, and cached data never goes stale. */
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
