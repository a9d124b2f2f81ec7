/** The typed tRPC client for the api's router: batched HTTP, and server-sent events for subscriptions. */
import { createTRPCReact, httpBatchLink, httpSubscriptionLink, splitLink } from '@trpc/react-query';
import type { AppRouter } from '@shop/api';

export const trpc = createTRPCReact<AppRouter>();

export function createTrpcClient() {
  return trpc.createClient({
    links: [
      splitLink({
        condition: (op) => op.type === 'subscription',
        true: httpSubscriptionLink({ url: '/trpc' }),
        false: httpBatchLink({
          url: '/trpc',
          maxItems: 10,
          fetch: (url, init) => fetch(url, { ...init, credentials: 'same-origin' }),
        }),
      }),
    ],
  });
}
