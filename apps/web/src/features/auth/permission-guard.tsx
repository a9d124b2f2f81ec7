/**
 * The route guard of the admin area, by permission instead of role name (custom roles decide
 * access through their permission groups). It wraps the RouteGuard for everything about being
 * signed in (spinner, sign-in card or redirect, session error), then decides with the user's
 * effective permissions, with the RouteGuard's toasts and delays (docs/product.md §6):
 *
 * ```tsx
 * <PermissionGuard permission="inventory:read" redirectTo={paths.admin} customerRedirect={paths.dashboard}>
 *   <InventoryPage />
 * </PermissionGuard>
 * // no `permission`: any staff member (someone holding at least one permission)
 * ```
 *
 * Denied: a shopper (no permission at all) with `customerRedirect` gets 'Redirecting' and goes there
 * after 500 ms; anyone else 'Access Denied' with their role's name, then `redirectTo` after 1000 ms.
 */
import { useEffect, type ReactNode } from 'react';
import { Alert, Button, Center, Container, Loader, Stack, Text } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useNavigate } from 'react-router-dom';
import type { Permission } from '@shop/schema';
import {
  ACCESS_DENIED_REDIRECT_MS,
  ACCESS_DENIED_TOAST,
  CUSTOMER_REDIRECT_MS,
  CUSTOMER_REDIRECT_TOAST,
  RouteGuard,
  type RouteGuardProps,
} from './route-guard';
import { AccessDenied } from './access-denied';
import { toast } from '../../lib/toast';
import { errorMessage } from '../../lib/errors';
import { useAccess } from './use-access';

export interface PermissionGuardProps extends Omit<RouteGuardProps, 'allowedRoles'> {
  /** The permission the page needs; omitted: any permission at all (staff). */
  permission?: Permission;
}

export function PermissionGuard({
  permission,
  redirectTo = '/',
  customerRedirect,
  children,
  ...signedOut
}: PermissionGuardProps) {
  return (
    <RouteGuard {...signedOut}>
      <PermissionCheck permission={permission} redirectTo={redirectTo} customerRedirect={customerRedirect}>
        {children}
      </PermissionCheck>
    </RouteGuard>
  );
}

type Decision = 'loading' | 'error' | 'allowed' | 'customer-redirect' | 'denied';

function PermissionCheck({
  permission,
  redirectTo,
  customerRedirect,
  children,
}: {
  permission?: Permission;
  redirectTo: string;
  customerRedirect?: string;
  children: ReactNode;
}) {
  const access = useAccess();
  const navigate = useNavigate();
  const decision: Decision = access.isLoading
    ? 'loading'
    : access.error
      ? 'error'
      : permission
        ? access.can(permission)
          ? 'allowed'
          : !access.isStaff && customerRedirect
            ? 'customer-redirect'
            : 'denied'
        : access.isStaff
          ? 'allowed'
          : customerRedirect
            ? 'customer-redirect'
            : 'denied';

  useEffect(() => {
    let timer: number | undefined;
    if (decision === 'customer-redirect' && customerRedirect) {
      toast(CUSTOMER_REDIRECT_TOAST);
      timer = window.setTimeout(() => navigate(customerRedirect, { replace: true }), CUSTOMER_REDIRECT_MS);
    } else if (decision === 'denied') {
      toast(ACCESS_DENIED_TOAST);
      timer = window.setTimeout(() => navigate(redirectTo, { replace: true }), ACCESS_DENIED_REDIRECT_MS);
    }
    return () => window.clearTimeout(timer);
  }, [decision, customerRedirect, redirectTo, navigate]);

  switch (decision) {
    case 'loading':
    case 'customer-redirect':
      return (
        <Center
          py={64}
          role="status"
          aria-label={decision === 'loading' ? 'Checking your access' : 'Redirecting'}
        >
          <Loader color="green" />
        </Center>
      );
    case 'error':
      return (
        <Container size="sm" py={64}>
          <Alert color="red" icon={<IconAlertCircle size={18} />} title="We could not check your access">
            <Stack gap="sm" align="flex-start">
              <Text size="sm">{errorMessage(access.error)}</Text>
              <Button size="xs" variant="default" onClick={() => void access.refetch()}>
                Try again
              </Button>
            </Stack>
          </Alert>
        </Container>
      );
    case 'denied':
      return <AccessDenied role={access.roleName} />;
    case 'allowed':
      return <>{children}</>;
  }
}
