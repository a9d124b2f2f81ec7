/**
 * The route guard (docs/product.md §6). Wrap a page's element with it in the route table:
 *
 * ```tsx
 * // any signed-in user; signed-out visitors see the sign-in-required card (docs/product.md §2)
 * { path: paths.dashboard, element: <RouteGuard signedOut="card"><DashboardPage /></RouteGuard> }
 * // staff only; customers are taken to /dashboard, everyone else denied is sent to '/'
 * { path: paths.admin, element: (
 *     <RouteGuard allowedRoles={STAFF_ROLES} customerRedirect={paths.dashboard} signedOut="card">
 *       <AdminPage />
 *     </RouteGuard>) }
 * // admin only, sent back to the admin panel when denied
 * <RouteGuard allowedRoles={['admin']} redirectTo={paths.admin}>…</RouteGuard>
 * ```
 *
 * Props:
 * - `allowedRoles` — roles that may see the page; omitted = any signed-in user.
 * - `redirectTo` — where a denied user goes after 1000 ms (default '/').
 * - `customerRedirect` — when set, a *customer* who is denied is taken here after 500 ms instead,
 *   with the toast 'Redirecting' / 'Taking you to your dashboard...'.
 * - `signedOut` — what a signed-out visitor gets:
 *   - `'redirect'` (default, docs/product.md §6): toast 'Authentication Required' / 'Please sign in to access
 *     this page.', the sign-in card meanwhile, then after 1000 ms a full-page navigation to
 *     `/api/login?returnTo=<current path>`.
 *   - `'card'` (docs/product.md §2 for /dashboard, /profile, /orders, /admin): the sign-in-required card, and
 *     it stays — no toast, no automatic redirect — so the visitor chooses the external login or /login.
 * - `signedOutToast` — replaces the 'Authentication Required' toast in `'redirect'` mode (checkout
 *   uses 'Sign in required' / 'Please sign in to complete your checkout', destructive).
 *
 * While the session loads: a spinner. A denied user sees 'Access Denied' with their role (underscore
 * as space) until the redirect; a customer being redirected sees a spinner. The children render only
 * when allowed. The guard is a convenience for people: the server authorizes every call on its own.
 */
import { useEffect, type ReactNode } from 'react';
import { Alert, Button, Center, Container, Loader, Stack, Text } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useLocation, useNavigate } from 'react-router-dom';
import type { Role } from '@shop/schema';
import { toast, type ToastOptions } from '../../lib/toast';
import { errorMessage } from '../../lib/errors';
import { loginUrl } from '../../paths';
import { useAuth } from './use-auth';
import { AccessDenied } from './access-denied';
import { SignInRequired } from './sign-in-required';

export { SignInRequired } from './sign-in-required';
export { AccessDenied } from './access-denied';

/** docs/product.md §9: sign-in redirects wait 1000 ms, the customer redirect 500 ms. */
export const SIGN_IN_REDIRECT_MS = 1000;
export const ACCESS_DENIED_REDIRECT_MS = 1000;
export const CUSTOMER_REDIRECT_MS = 500;

export const AUTH_REQUIRED_TOAST: ToastOptions = {
  title: 'Authentication Required',
  description: 'Please sign in to access this page.',
};
export const CUSTOMER_REDIRECT_TOAST: ToastOptions = {
  title: 'Redirecting',
  description: 'Taking you to your dashboard...',
};
export const ACCESS_DENIED_TOAST: ToastOptions = {
  title: 'Access Denied',
  description: "You don't have permission to access this page.",
  variant: 'destructive',
};

export interface RouteGuardProps {
  children: ReactNode;
  allowedRoles?: readonly Role[];
  redirectTo?: string;
  customerRedirect?: string;
  signedOut?: 'redirect' | 'card';
  signedOutToast?: ToastOptions;
}

type Decision = 'loading' | 'error' | 'signed-out' | 'allowed' | 'customer-redirect' | 'denied';

/** Full-page navigation to the external sign-in, coming back to `returnTo` (a same-origin path). */
export function goToSignIn(returnTo?: string) {
  window.location.assign(loginUrl(returnTo));
}

export function RouteGuard({
  children,
  allowedRoles,
  redirectTo = '/',
  customerRedirect,
  signedOut = 'redirect',
  signedOutToast = AUTH_REQUIRED_TOAST,
}: RouteGuardProps) {
  const { user, isLoading, error, refetch } = useAuth();
  const location = useLocation();
  const navigate = useNavigate();
  const returnTo = `${location.pathname}${location.search}`;

  const decision: Decision = isLoading
    ? 'loading'
    : error
      ? 'error'
      : !user
        ? 'signed-out'
        : !allowedRoles || allowedRoles.includes(user.role as Role)
          ? 'allowed'
          : user.role === 'customer' && customerRedirect
            ? 'customer-redirect'
            : 'denied';

  // The toast texts are constants in practice; depend on them by value so an inline object
  // literal does not re-fire the effect on every render.
  const { title, description, variant } = signedOutToast;
  useEffect(() => {
    let timer: number | undefined;
    if (decision === 'signed-out' && signedOut === 'redirect') {
      toast({ title, description, variant });
      timer = window.setTimeout(() => goToSignIn(returnTo), SIGN_IN_REDIRECT_MS);
    } else if (decision === 'customer-redirect' && customerRedirect) {
      toast(CUSTOMER_REDIRECT_TOAST);
      timer = window.setTimeout(() => navigate(customerRedirect, { replace: true }), CUSTOMER_REDIRECT_MS);
    } else if (decision === 'denied') {
      toast(ACCESS_DENIED_TOAST);
      timer = window.setTimeout(() => navigate(redirectTo, { replace: true }), ACCESS_DENIED_REDIRECT_MS);
    }
    return () => window.clearTimeout(timer);
  }, [decision, signedOut, returnTo, customerRedirect, redirectTo, navigate, title, description, variant]);

  switch (decision) {
    case 'loading':
    case 'customer-redirect':
      return (
        <Center
          py={64}
          role="status"
          aria-label={decision === 'loading' ? 'Checking your session' : 'Redirecting'}
        >
          <Loader color="green" />
        </Center>
      );
    case 'error':
      return (
        <Container size="sm" py={64}>
          <Alert color="red" icon={<IconAlertCircle size={18} />} title="We could not check your session">
            <Stack gap="sm" align="flex-start">
              <Text size="sm">{errorMessage(error)}</Text>
              <Button size="xs" variant="default" onClick={() => void refetch()}>
                Try again
              </Button>
            </Stack>
          </Alert>
        </Container>
      );
    case 'signed-out':
      return <SignInRequired returnTo={returnTo} />;
    case 'denied':
      return <AccessDenied role={user!.role} />;
    case 'allowed':
      return <>{children}</>;
  }
}
