/**
 * The account screens' routes (/login, /signup, /forgot-password, /reset-password), each loaded on
 * demand: they are not part of the storefront's first load. Spread into the AppLayout's children.
 */
import type { RouteObject } from 'react-router-dom';
import { paths } from '../paths';

// Loaded with the route, like /cart (see guarded() in shopper-routes.tsx for why
// not React.lazy under Suspense).
export const accountRoutes: RouteObject[] = [
  {
    path: paths.login,
    lazy: () => import('../features/auth/routes/login.page').then((m) => ({ Component: m.LoginPage })),
  },
  {
    path: paths.signup,
    lazy: () => import('../features/auth/routes/signup.page').then((m) => ({ Component: m.SignupPage })),
  },
  {
    path: paths.forgotPassword,
    lazy: () =>
      import('../features/auth/routes/forgot-password.page').then((m) => ({
        Component: m.ForgotPasswordPage,
      })),
  },
  {
    path: paths.resetPassword,
    lazy: () =>
      import('../features/auth/routes/reset-password.page').then((m) => ({ Component: m.ResetPasswordPage })),
  },
];
