/**
 * The account screens' routes (/login, /signup, /forgot-password, /reset-password), each loaded on
 * demand: they are not part of the storefront's first load. Spread into the AppLayout's children.
 */
import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from 'react';
import { Center, Loader } from '@mantine/core';
import type { RouteObject } from 'react-router-dom';
import { paths } from '../../paths';

const LoginPage = lazy(() => import('../../routes/login.page').then((m) => ({ default: m.LoginPage })));
const SignupPage = lazy(() => import('../../routes/signup.page').then((m) => ({ default: m.SignupPage })));
const ForgotPasswordPage = lazy(() =>
  import('../../routes/forgot-password.page').then((m) => ({ default: m.ForgotPasswordPage })),
);
const ResetPasswordPage = lazy(() =>
  import('../../routes/reset-password.page').then((m) => ({ default: m.ResetPasswordPage })),
);

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

export const accountRoutes: RouteObject[] = [
  { path: paths.login, element: <Lazy page={LoginPage} /> },
  { path: paths.signup, element: <Lazy page={SignupPage} /> },
  { path: paths.forgotPassword, element: <Lazy page={ForgotPasswordPage} /> },
  { path: paths.resetPassword, element: <Lazy page={ResetPasswordPage} /> },
];
