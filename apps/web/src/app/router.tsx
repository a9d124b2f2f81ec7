/**
 * The route table (docs/product.md §2). Every screen but the storefront loads lazily (the first load stays
 * within its budget, see scripts/bundle-report.ts), and the admin area is its own chunk: shoppers
 * never download it.
 */
import { createBrowserRouter } from 'react-router-dom';
import { AppLayout } from '../components/layout/app-layout';
import { SiteRoot } from './site-root';
import { HomePage } from '../routes/home.page';
import { accountRoutes } from '../features/auth/account-routes';
import { adminRoutes } from '../features/admin/admin-routes';
import { shopperRoutes } from '../features/orders/shopper-routes';

export const router = createBrowserRouter([
  {
    element: <SiteRoot />,
    children: [
      { path: '/', element: <HomePage /> },
      {
        element: <AppLayout />,
        children: [
          {
            path: '/cart',
            lazy: () => import('../routes/cart.page').then((m) => ({ Component: m.CartPage })),
          },
          ...accountRoutes,
          ...adminRoutes,
          ...shopperRoutes,
          {
            path: '*',
            lazy: () => import('../routes/not-found.page').then((m) => ({ Component: m.NotFoundPage })),
          },
        ],
      },
    ],
  },
]);
