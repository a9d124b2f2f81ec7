// @vitest-environment jsdom
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import type { CurrentUserDto } from '@shop/schema';
import type { AuthState } from './use-auth';
import { toast } from '../../lib/toast';
import { RouteGuard, type RouteGuardProps } from './route-guard';

vi.mock('../../lib/toast', () => ({ toast: vi.fn() }));
const auth: { state: AuthState } = { state: signedOut() };
vi.mock('./use-auth', () => ({ useAuth: () => auth.state }));

function signedOut(): AuthState {
  return {
    user: null,
    isLoading: false,
    isAuthenticated: false,
    isStaff: false,
    error: null,
    refetch: vi.fn(),
  };
}
function as(role: string): AuthState {
  const user: CurrentUserDto = {
    id: '00000000-0000-4000-8000-000000000001',
    email: `${role}@example.com`,
    firstName: 'Test',
    lastName: 'User',
    phone: null,
    role,
    profileImageUrl: null,
    createdAt: null,
  };
  return { ...signedOut(), user, isAuthenticated: true, isStaff: role !== 'customer' };
}

beforeAll(() => {
  // What Mantine needs from a browser that jsdom lacks.
  window.matchMedia ??= ((query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => undefined,
    removeListener: () => undefined,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    dispatchEvent: () => false,
  })) as typeof window.matchMedia;
});

const assign = vi.fn();
beforeEach(() => {
  vi.useFakeTimers();
  vi.mocked(toast).mockClear();
  assign.mockClear();
  vi.stubGlobal('location', { ...window.location, assign });
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

function renderAt(path: string, props: Omit<RouteGuardProps, 'children'>) {
  const router = createMemoryRouter(
    [
      { path: '/', element: <p>home page</p> },
      { path: '/dashboard', element: <p>dashboard page</p> },
      { path: '/admin', element: <p>admin page</p> },
      {
        path: '*',
        element: (
          <RouteGuard {...props}>
            <p>protected content</p>
          </RouteGuard>
        ),
      },
    ],
    { initialEntries: [path] },
  );
  render(
    <MantineProvider>
      <RouterProvider router={router} />
    </MantineProvider>,
  );
  return router;
}

describe('RouteGuard', () => {
  it('shows a spinner while the session loads', () => {
    auth.state = { ...signedOut(), isLoading: true };
    renderAt('/secret', {});
    expect(screen.getByRole('status', { name: 'Checking your session' })).toBeTruthy();
    expect(screen.queryByText('protected content')).toBeNull();
    expect(toast).not.toHaveBeenCalled();
  });

  it('signed out (default): toast, then after 1000 ms a full-page sign-in coming back here', () => {
    auth.state = signedOut();
    renderAt('/admin/users?tab=1', { allowedRoles: ['admin'] });
    expect(toast).toHaveBeenCalledWith(
      expect.objectContaining({
        title: 'Authentication Required',
        description: 'Please sign in to access this page.',
      }),
    );
    expect(screen.getByTestId('sign-in-required')).toBeTruthy();
    expect(screen.queryByText('protected content')).toBeNull();
    act(() => vi.advanceTimersByTime(999));
    expect(assign).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(assign).toHaveBeenCalledWith('/api/login?returnTo=%2Fadmin%2Fusers%3Ftab%3D1');
  });

  it('signed out with signedOut="card": the card stays, no toast, no redirect', () => {
    auth.state = signedOut();
    renderAt('/orders', { signedOut: 'card' });
    const card = screen.getByTestId('sign-in-required');
    expect(card.querySelector('a[href="/api/login?returnTo=%2Forders"]')).toBeTruthy();
    expect(card.querySelector('a[href="/login?returnTo=%2Forders"]')).toBeTruthy();
    act(() => vi.advanceTimersByTime(5000));
    expect(toast).not.toHaveBeenCalled();
    expect(assign).not.toHaveBeenCalled();
  });

  it('a custom signed-out toast replaces the default', () => {
    auth.state = signedOut();
    const signedOutToast = {
      title: 'Sign in required',
      description: 'Please sign in to complete your checkout',
      variant: 'destructive' as const,
    };
    renderAt('/checkout', { signedOutToast });
    expect(toast).toHaveBeenCalledWith(signedOutToast);
  });

  it('lets an allowed role (or anyone signed in, without a list) through', () => {
    auth.state = as('sales_manager');
    renderAt('/admin/orders', { allowedRoles: ['admin', 'sales_manager'] });
    expect(screen.getByText('protected content')).toBeTruthy();
    cleanup();
    auth.state = as('customer');
    renderAt('/orders', {});
    expect(screen.getByText('protected content')).toBeTruthy();
    expect(toast).not.toHaveBeenCalled();
  });

  it('a customer with a customer redirect: Redirecting, then there after 500 ms', () => {
    auth.state = as('customer');
    const router = renderAt('/admin/x', {
      allowedRoles: ['admin', 'inventory_manager', 'sales_manager'],
      customerRedirect: '/dashboard',
    });
    expect(toast).toHaveBeenCalledWith({
      title: 'Redirecting',
      description: 'Taking you to your dashboard...',
    });
    expect(screen.queryByText('protected content')).toBeNull();
    act(() => vi.advanceTimersByTime(499));
    expect(router.state.location.pathname).toBe('/admin/x');
    act(() => vi.advanceTimersByTime(1));
    expect(router.state.location.pathname).toBe('/dashboard');
  });

  it('another denied role: Access Denied with the role name, then the redirect target after 1000 ms', () => {
    auth.state = as('inventory_manager');
    const router = renderAt('/admin/users', {
      allowedRoles: ['admin'],
      redirectTo: '/admin',
      customerRedirect: '/dashboard',
    });
    expect(toast).toHaveBeenCalledWith({
      title: 'Access Denied',
      description: "You don't have permission to access this page.",
      variant: 'destructive',
    });
    expect(screen.getByRole('heading', { name: 'Access Denied' })).toBeTruthy();
    expect(screen.getByTestId('access-denied').textContent).toContain('inventory manager');
    act(() => vi.advanceTimersByTime(999));
    expect(router.state.location.pathname).toBe('/admin/users');
    act(() => vi.advanceTimersByTime(1));
    expect(router.state.location.pathname).toBe('/admin');
  });

  it("a customer without a customer redirect is denied and sent to '/'", () => {
    auth.state = as('customer');
    const router = renderAt('/admin/users', { allowedRoles: ['admin'] });
    expect(toast).toHaveBeenCalledWith(expect.objectContaining({ title: 'Access Denied' }));
    act(() => vi.advanceTimersByTime(1000));
    expect(router.state.location.pathname).toBe('/');
  });

  it('a failed session check is shown as an error, not as signed out', () => {
    auth.state = { ...signedOut(), error: new Error('Failed to fetch') };
    renderAt('/orders', {});
    expect(screen.getByText('We could not check your session')).toBeTruthy();
    act(() => vi.advanceTimersByTime(2000));
    expect(toast).not.toHaveBeenCalled();
    expect(assign).not.toHaveBeenCalled();
  });
});
