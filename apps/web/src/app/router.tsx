/**
 * The route table (docs/product.md §2). Every screen but the storefront loads lazily (the first load stays
 * within its budget, see src/bundle-budget.ts), and the admin area is its own chunk: shoppers
 * never download it. The other screens' layout (header, navigation, AppShell) is lazy too: the
 * storefront has its own header, and a phone should not parse a layout the first page does not show.
 */
import { createBrowserRouter } from 'react-router-dom';
import { SiteRoot } from './site-root';
import { HomePage } from '../features/catalogue/routes/home.page';
import { accountRoutes } from './account-routes';
import { adminRoutes } from '../features/admin';
import { shopperRoutes } from './shopper-routes';

export const router = createBrowserRouter([
  {
    element: <SiteRoot />,
    children: [
      { path: '/', element: <HomePage /> },
      {
        lazy: () => import('./layout/app-layout').then((m) => ({ Component: m.AppLayout })),
        // Opened directly, the screen draws once its layout has arrived (preloaded with the page).
        HydrateFallback: () => null,
        children: [
          {
            path: '/products/:id',
            lazy: () =>
              import('../features/catalogue/routes/product.page').then((m) => ({ Component: m.ProductPage })),
          },
          {
            path: '/cart',
            lazy: () => import('../features/cart/routes/cart.page').then((m) => ({ Component: m.CartPage })),
          },
          ...accountRoutes,
          ...adminRoutes,
          ...shopperRoutes,
          {
            path: '*',
            lazy: () => import('../components/not-found.page').then((m) => ({ Component: m.NotFoundPage })),
          },
        ],
      },
    ],
  },
]);
