/**
 * The signed-in user's effective permissions (`roles.myAccess`), computed by the server from their
 * role's permission groups. The admin area is guarded and laid out by these, not by role names,
 * so a custom role reaches exactly the screens its permissions allow. The server still checks
 * every call on its own.
 */
import { useMemo } from 'react';
import type { Permission } from '@shop/schema';
import { trpc } from '../../lib/trpc';
import { useAuth } from './use-auth';

export interface Access {
  isLoading: boolean;
  error: unknown;
  permissions: ReadonlySet<string>;
  /** Holds at least one permission: staff (the admin area's entrance). */
  isStaff: boolean;
  can: (permission: Permission) => boolean;
  /** What 'Access Denied' names: the custom role, else the built-in role. */
  roleName: string;
  /** The custom role's name; null for a built-in role (or while loading). */
  customRoleName: string | null;
  refetch: () => Promise<unknown>;
}

export function useAccess(): Access {
  const { user, isLoading: authLoading } = useAuth();
  const query = trpc.roles.myAccess.useQuery(undefined, { enabled: !!user, retry: false });
  return useMemo(() => {
    const permissions = new Set(query.data?.permissions ?? []);
    return {
      isLoading: authLoading || (!!user && query.isLoading),
      error: query.error,
      permissions,
      isStaff: permissions.size > 0,
      can: (permission: Permission) => permissions.has(permission),
      roleName: query.data?.customRole?.name ?? user?.role ?? 'unknown',
      customRoleName: query.data?.customRole?.name ?? null,
      refetch: query.refetch,
    };
  }, [authLoading, user, query.data, query.isLoading, query.error, query.refetch]);
}
