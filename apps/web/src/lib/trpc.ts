/**
 * The typed tRPC client for the api's router: batched HTTP, and server-sent events for
 * subscriptions. The public catalogue reads travel in batches of their own: a batch of only those
 * is what the api can answer from its catalogue cache for a visitor who is not signed in
 * (apps/api/src/modules/catalogue/catalogue-cache.http.ts), and one call about the session
 * in the same batch would make every storefront visit miss it.
 */
import { createTRPCReact, httpBatchLink, httpSubscriptionLink, splitLink } from '@trpc/react-query';
import type { AppRouter } from '@shop/api';

export const trpc = createTRPCReact<AppRouter>();

/** The catalogue reads whose answers are the same for every visitor. */
const PUBLIC_CATALOGUE_READS = new Set([
  'products.list',
  'products.page',
  'products.byId',
  'categories.list',
  'categories.storefront',
]);

const batchLink = () =>
  httpBatchLink({
    url: '/trpc',
    maxItems: 10,
    fetch: (url, init) => fetch(url, { ...init, credentials: 'same-origin' }),
  });

export function createTrpcClient() {
  return trpc.createClient({
    links: [
      splitLink({
        condition: (op) => op.type === 'subscription',
        true: httpSubscriptionLink({ url: '/trpc' }),
        false: splitLink({
          condition: (op) => op.type === 'query' && PUBLIC_CATALOGUE_READS.has(op.path),
          true: batchLink(),
          false: batchLink(),
        }),
      }),
    ],
  });
}
