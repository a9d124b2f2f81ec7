/**
 * Who is signed in, as the page arrived with it: the api writes the `auth.session` answer into each
 * page of the app (`<script type="application/json" id="shop-session">`, apps/api/src/http/spa.ts),
 * so the first screen draws for its shopper (the checkout, the account menu) without waiting for a
 * request first (docs/accessibility.md, "Phones"). A page without it (the service worker's copy, the
 * development server) asks the api as before.
 */
import type { QueryClient } from '@tanstack/react-query';
import { getQueryKey } from '@trpc/react-query';
import type { CurrentUserDto } from '@shop/schema';
import { trpc } from './trpc';

const ELEMENT_ID = 'shop-session';

/** The page's session: the signed-in user, null for a visitor, undefined when the page has none. */
export function readEmbeddedSession(doc: Document = document): CurrentUserDto | null | undefined {
  const element = doc.getElementById(ELEMENT_ID);
  if (!element?.textContent) return undefined;
  try {
    const data = JSON.parse(element.textContent) as { user?: CurrentUserDto | null };
    return data.user === undefined ? undefined : data.user;
  } catch {
    return undefined;
  }
}

/**
 * Puts the page's session into a new query cache as `auth.session`'s answer (features/auth/use-auth.ts),
 * once per page load: later changes (sign-out, a profile edit) invalidate the query, which then asks the api.
 */
export function seedEmbeddedSession(queryClient: QueryClient, doc: Document = document): QueryClient {
  const user = readEmbeddedSession(doc);
  if (user !== undefined) queryClient.setQueryData(getQueryKey(trpc.auth.session, undefined, 'query'), user);
  return queryClient;
}
