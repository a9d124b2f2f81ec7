/** The typed tRPC client for the api's router. */
import { createTRPCReact, httpBatchLink } from '@trpc/react-query';
import type { AppRouter } from '@shop/api';

export const trpc = createTRPCReact<AppRouter>();

export function createTrpcClient() {
  return trpc.createClient({
    links: [
      httpBatchLink({
        url: '/trpc',
        maxItems: 10,
        fetch: (url, init) => fetch(url, { ...init, credentials: 'same-origin' }),
      }),
    ],
  });
}
