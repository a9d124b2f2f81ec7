/**
 * The route table (spec §2). Screens other than the storefront and the cart load lazily, and the
 * admin area is its own chunk: shoppers never download it.
 */
import { createBrowserRouter } from 'react-router-dom';
import { AppLayout } from '../components/layout/app-layout';
import { HomePage } from '../routes/home.page';
import { CartPage } from '../routes/cart.page';
import { NotFoundPage } from '../routes/not-found.page';
import { accountRoutes } from '../features/auth/account-routes';
import { adminRoutes } from '../features/admin/admin-routes';
import { shopperRoutes } from '../features/orders/shopper-routes';

export const router = createBrowserRouter([
  { path: '/', element: <HomePage /> },
  {
    element: <AppLayout />,
    children: [
      { path: '/cart', element: <CartPage /> },
      ...accountRoutes,
      ...adminRoutes,
      ...shopperRoutes,
      { path: '*', element: <NotFoundPage /> },
    ],
  },
]);
