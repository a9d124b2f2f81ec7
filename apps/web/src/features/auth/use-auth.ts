/**
 * Who is signed in: tRPC `auth.session`, the signed-in user or null (a visitor's page makes no
 * failing request). A 401 (a session that ended between calls) also means signed out, not an
 * error; any other failure is reported in `error` (the user is then unknown, not signed out).
 * Not retried (docs/product.md §7), except a 503: the api says the session store could not be read this
 * time and to try again, and a shopper must not look signed out because of one failed read.
 */
import { trpc } from '../../lib/trpc';
import { httpStatusOf } from '../../lib/errors';
import { STAFF_ROLES, type CurrentUserDto, type Role } from '@shop/schema';

export interface AuthState {
  user: CurrentUserDto | null;
  isLoading: boolean;
  isAuthenticated: boolean;
  /** admin, inventory_manager or sales_manager: sees the Admin Panel link (docs/product.md §6). */
  isStaff: boolean;
  /** A failure other than 401 (server down, network): neither signed in nor known to be signed out. */
  error: unknown;
  refetch: () => Promise<unknown>;
}

export function isStaffRole(role: string | undefined | null): boolean {
  return !!role && STAFF_ROLES.includes(role as Role);
}

/** A 503 (the session store briefly unreadable) is not an answer: ask again, a second apart, a few times. */
const UNAVAILABLE_RETRIES = 3;
const retryWhileUnavailable = (failures: number, error: unknown) =>
  httpStatusOf(error) === 503 && failures < UNAVAILABLE_RETRIES;

export function useAuth(): AuthState {
  const query = trpc.auth.session.useQuery(undefined, { retry: retryWhileUnavailable, retryDelay: 1000 });
  const signedOut = query.isError && httpStatusOf(query.error) === 401;
  const user = query.isError ? null : (query.data ?? null);
  return {
    user,
    isLoading: query.isLoading,
    isAuthenticated: user !== null,
    isStaff: isStaffRole(user?.role),
    error: query.isError && !signedOut ? query.error : null,
    refetch: query.refetch,
  };
}

/** 'Casey Customer', or the email when no name is known. */
export function fullName(user: Pick<CurrentUserDto, 'firstName' | 'lastName' | 'email'>): string {
  const name = [user.firstName, user.lastName].filter(Boolean).join(' ');
  return name || user.email;
}

export function initials(user: Pick<CurrentUserDto, 'firstName' | 'lastName' | 'email'>): string {
  const letters = `${user.firstName?.[0] ?? ''}${user.lastName?.[0] ?? ''}`;
  return (letters || user.email[0] || 'U').toUpperCase();
}
