/**
 * The signed-in shopper's routes (docs/product.md §2): /checkout, /orders, /dashboard and /profile, each loaded
 * on demand with its route and drawn behind the route guard (the guard itself is small and loads
 * with the app; these screens hold no staff code, so a visitor fetching one costs nothing). Spread
 * into the AppLayout's children.
 *
 * Signed out, /checkout toasts 'Sign in required' and goes to sign in after 1 s (docs/product.md §4, §8); the
 * others show the sign-in-required card and stay (docs/product.md §2).
 */
import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router-dom';
import { RouteGuard, type RouteGuardProps } from '../features/auth';
import type { ToastOptions } from '../lib/toast';
import { paths } from '../paths';

export const CHECKOUT_SIGN_IN_TOAST: ToastOptions = {
  title: 'Sign in required',
  description: 'Please sign in to complete your checkout',
  variant: 'destructive',
};

/**
 * A screen loaded with its route (the router fetches the chunk before it draws, as for /cart), then
 * drawn behind the guard. Not React.lazy under Suspense: React holds a Suspense boundary's content
 * back for up to 300 ms after its fallback showed, so a screen whose chunk was already preloaded
 * still painted 200–300 ms late (the checkout's LCP on a phone).
 */
function guarded(
  load: () => Promise<ComponentType>,
  guard: Omit<RouteGuardProps, 'children'>,
): Pick<RouteObject, 'lazy'> {
  return {
    lazy: async () => {
      const Page = await load();
      return {
        Component: () => (
          <RouteGuard {...guard}>
            <Page />
          </RouteGuard>
        ),
      };
    },
  };
}

export const shopperRoutes: RouteObject[] = [
  {
    path: paths.checkout,
    ...guarded(() => import('../features/checkout/routes/checkout.page').then((m) => m.CheckoutPage), {
      signedOutToast: CHECKOUT_SIGN_IN_TOAST,
    }),
  },
  {
    path: paths.orders,
    ...guarded(() => import('../features/orders/routes/orders.page').then((m) => m.OrdersPage), {
      signedOut: 'card',
    }),
  },
  {
    path: paths.dashboard,
    ...guarded(() => import('../features/dashboard/routes/dashboard.page').then((m) => m.DashboardPage), {
      signedOut: 'card',
    }),
  },
  {
    path: paths.profile,
    ...guarded(() => import('../features/profile/routes/profile.page').then((m) => m.ProfilePage), {
      signedOut: 'card',
    }),
  },
];
