/**
 * The shared header of every page but the home page (docs/product.md §2 'Shared header'): brand, Products /
 * Orders / Admin Panel (staff only), the search box, the cart with its count, and either the avatar
 * menu (signed in) or Sign In (/login) and Get Started (/api/login).
 */
import { lazy, Suspense, useState } from 'react';
import { Button, Container, Group, Skeleton } from '@mantine/core';
import { Link } from 'react-router-dom';
import { Brand } from '../../components/brand';
import { HeaderSearch } from './header-search';
import { NotificationToggle } from '../../features/notifications';
import { CartButton } from '../../features/cart';
import { useShopName } from '../../features/settings';
import { AccountAvatar } from './account-avatar';
import { useAuth } from '../../features/auth';
import { useIdle } from '../../lib/when-idle';
import { paths } from '../../paths';

// The account menu needs Mantine's floating layer and a dialog (~30 KB compressed): only signed-in
// visitors load it, once the page has drawn or when they reach for the avatar, whichever is first.
const loadUserMenu = () => import('./user-menu');
const UserMenu = lazy(() => loadUserMenu().then((m) => ({ default: m.UserMenu })));
const MENU_LOAD_TIMEOUT_MS = 3000;

export function AppHeader() {
  const { user, isStaff, isLoading } = useAuth();
  const shopName = useShopName();
  // A click on the avatar while the menu's code is still loading opens the menu once it arrives.
  const [menuRequested, setMenuRequested] = useState(false);
  const idle = useIdle(MENU_LOAD_TIMEOUT_MS);
  // Reaching for the avatar fetches the menu's code, without swapping the button under the pointer
  // (a swap between press and release would lose the click); a click before it is there opens the
  // menu once it is.
  const avatar = user && (
    <AccountAvatar
      user={user}
      onClick={() => setMenuRequested(true)}
      onPointerEnter={() => void loadUserMenu()}
      onFocus={() => void loadUserMenu()}
    />
  );
  return (
    <Container size="xl" h="100%">
      <Group h="100%" justify="space-between" wrap="nowrap" gap="md">
        <Group gap="lg" wrap="nowrap">
          <Brand name={shopName} />
          <Group gap={4} visibleFrom="sm">
            <Button component={Link} to={paths.home} variant="subtle" color="gray">
              Products
            </Button>
            <Button component={Link} to={paths.orders} variant="subtle" color="gray">
              Orders
            </Button>
            {isStaff && (
              <Button component={Link} to={paths.admin} variant="subtle" color="gray">
                Admin Panel
              </Button>
            )}
          </Group>
        </Group>
        <HeaderSearch />
        <Group gap="sm" wrap="nowrap">
          <NotificationToggle />
          <CartButton />
          {isLoading ? (
            <Skeleton circle height={38} aria-hidden />
          ) : user && (idle || menuRequested) ? (
            <Suspense fallback={avatar}>
              <UserMenu user={user} isStaff={isStaff} defaultOpened={menuRequested} />
            </Suspense>
          ) : user ? (
            avatar
          ) : (
            <>
              <Button component={Link} to={paths.login} variant="default">
                Sign In
              </Button>
              <Button component="a" href={paths.apiLogin}>
                Get Started
              </Button>
            </>
          )}
        </Group>
      </Group>
    </Container>
  );
}
