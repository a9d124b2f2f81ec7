/** Roles, permissions and permission groups (`roles.*`, `permissions.*`, `permissionGroups.*`). */
import { trpc } from '../../../lib/trpc';
import { REFETCH_ON_FOCUS } from '../../../lib/query-client';

/** Any change may alter what a role grants, its user counts or the caller's own access. */
function useInvalidateAccess() {
  const utils = trpc.useUtils();
  return () =>
    Promise.all([
      utils.roles.invalidate(),
      utils.permissions.invalidate(),
      utils.permissionGroups.invalidate(),
      utils.users.invalidate(),
    ]);
}

/**
 * Lists refetch on mount once a change made them stale (the app's default is never to refetch): a
 * role created on the Permissions screen then shows in Edit User's Custom role select. And on
 * focus: another admin's changes are not sent live.
 */
const AFTER_CHANGES = { refetchOnMount: true, ...REFETCH_ON_FOCUS } as const;

export function useRoles(options: { enabled?: boolean } = {}) {
  return trpc.roles.list.useQuery(undefined, { ...AFTER_CHANGES, ...options });
}

/** One role with its groups; fetched fresh each time a dialog opens. */
export function useRole(id: string | null) {
  return trpc.roles.byId.useQuery(
    { id: id ?? '' },
    { enabled: !!id, staleTime: 0, refetchOnMount: 'always', gcTime: 0 },
  );
}

export function useCreateRole() {
  const invalidate = useInvalidateAccess();
  return trpc.roles.create.useMutation({ onSuccess: invalidate });
}

export function useUpdateRole() {
  const invalidate = useInvalidateAccess();
  return trpc.roles.update.useMutation({ onSuccess: invalidate });
}

export function useDeleteRole() {
  const invalidate = useInvalidateAccess();
  return trpc.roles.delete.useMutation({ onSuccess: invalidate });
}

export function useSetRolePermissionGroups() {
  const invalidate = useInvalidateAccess();
  return trpc.roles.setPermissionGroups.useMutation({ onSuccess: invalidate });
}

export function usePermissions() {
  return trpc.permissions.list.useQuery(undefined, AFTER_CHANGES);
}

export function useCreatePermission() {
  const invalidate = useInvalidateAccess();
  return trpc.permissions.create.useMutation({ onSuccess: invalidate });
}

export function usePermissionGroups() {
  return trpc.permissionGroups.list.useQuery(undefined, AFTER_CHANGES);
}

export function useCreatePermissionGroup() {
  const invalidate = useInvalidateAccess();
  return trpc.permissionGroups.create.useMutation({ onSuccess: invalidate });
}

export function useSetGroupPermissions() {
  const invalidate = useInvalidateAccess();
  return trpc.permissionGroups.setPermissions.useMutation({ onSuccess: invalidate });
}
