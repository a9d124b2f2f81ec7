/**
 * The signed-in shopper's routes (docs/product.md §2): /checkout, /orders, /dashboard and /profile, each loaded
 * on demand behind the route guard (the guard itself is small and loads with the app). Spread into
 * the AppLayout's children.
 *
 * Signed out, /checkout toasts 'Sign in required' and goes to sign in after 1 s (docs/product.md §4, §8); the
 * others show the sign-in-required card and stay (docs/product.md §2).
 */
import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from 'react';
import { Center, Loader } from '@mantine/core';
import type { RouteObject } from 'react-router-dom';
import { RouteGuard } from '../auth/route-guard';
import type { ToastOptions } from '../../lib/toast';
import { paths } from '../../paths';

const CheckoutPage = lazy(() =>
  import('../../routes/checkout.page').then((m) => ({ default: m.CheckoutPage })),
);
const OrdersPage = lazy(() => import('../../routes/orders.page').then((m) => ({ default: m.OrdersPage })));
const DashboardPage = lazy(() =>
  import('../../routes/dashboard.page').then((m) => ({ default: m.DashboardPage })),
);
const ProfilePage = lazy(() => import('../../routes/profile.page').then((m) => ({ default: m.ProfilePage })));

export const CHECKOUT_SIGN_IN_TOAST: ToastOptions = {
  title: 'Sign in required',
  description: 'Please sign in to complete your checkout',
  variant: 'destructive',
};

function Lazy({ page: Page }: { page: LazyExoticComponent<ComponentType> }) {
  return (
    <Suspense
      fallback={
        <Center py={64} role="status" aria-label="Loading">
          <Loader color="green" />
        </Center>
      }
    >
      <Page />
    </Suspense>
  );
}

export const shopperRoutes: RouteObject[] = [
  {
    path: paths.checkout,
    element: (
      <RouteGuard signedOutToast={CHECKOUT_SIGN_IN_TOAST}>
        <Lazy page={CheckoutPage} />
      </RouteGuard>
    ),
  },
  {
    path: paths.orders,
    element: (
      <RouteGuard signedOut="card">
        <Lazy page={OrdersPage} />
      </RouteGuard>
    ),
  },
  {
    path: paths.dashboard,
    element: (
      <RouteGuard signedOut="card">
        <Lazy page={DashboardPage} />
      </RouteGuard>
    ),
  },
  {
    path: paths.profile,
    element: (
      <RouteGuard signedOut="card">
        <Lazy page={ProfilePage} />
      </RouteGuard>
    ),
  },
];
