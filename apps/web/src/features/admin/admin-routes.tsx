/**
 * The admin area's route (/admin and everything under it), spread into the AppLayout's children.
 * The guard runs first (staff only; customers go to /dashboard; signed-out visitors see the
 * sign-in card, docs/product.md §2 and §6) and only then is the admin chunk fetched: shoppers never
 * download it.
 */
import { lazy, Suspense } from 'react';
import { Center, Loader } from '@mantine/core';
import { useLocation, type RouteObject } from 'react-router-dom';
import { PermissionGuard } from '../auth';
import { paths } from '../../paths';

const AdminArea = lazy(() => import('./admin-area'));

/**
 * Signed out, /admin itself shows the sign-in card (docs/product.md §2); its sub-pages take the guard's default:
 * 'Authentication Required', then the sign-in after 1 s (docs/product.md §6).
 */
function AdminGuard() {
  const { pathname } = useLocation();
  const panel = pathname.replace(/\/+$/, '') === paths.admin;
  return (
    // Staff = anyone holding a permission (a built-in staff role or a custom role): by permission,
    // so a custom role's user gets in too.
    <PermissionGuard customerRedirect={paths.dashboard} signedOut={panel ? 'card' : 'redirect'}>
      <Suspense
        fallback={
          <Center py={64} role="status" aria-label="Loading the admin area">
            <Loader color="green" />
          </Center>
        }
      >
        <AdminArea />
      </Suspense>
    </PermissionGuard>
  );
}

export const adminRoutes: RouteObject[] = [{ path: `${paths.admin}/*`, element: <AdminGuard /> }];
