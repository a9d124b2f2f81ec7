/** User management (`users.*`, docs/product.md §7 /api/users). */
import type { UserPageInput } from '@shop/schema';
import { trpc } from '../../../lib/trpc';
import { REFETCH_ON_FOCUS } from '../../../lib/query-client';

function useInvalidateUsers() {
  const utils = trpc.useUtils();
  return () =>
    Promise.all([utils.users.invalidate(), utils.roles.list.invalidate(), utils.admin.overview.invalidate()]);
}

/** A page of users with the cards; refetched on mount once a change made it stale, and on focus. */
export function useUserPage(input: UserPageInput) {
  return trpc.users.page.useQuery(input, {
    ...REFETCH_ON_FOCUS,
    refetchOnMount: true,
    placeholderData: (previous) => previous,
  });
}

/** One user, read fresh whenever the edit screen opens. */
export function useUser(id: string) {
  return trpc.users.byId.useQuery({ id }, { staleTime: 0, refetchOnMount: 'always' });
}

export function useCreateUser() {
  const invalidate = useInvalidateUsers();
  return trpc.users.create.useMutation({ onSuccess: invalidate });
}

export function useUpdateUser() {
  const invalidate = useInvalidateUsers();
  return trpc.users.update.useMutation({ onSuccess: invalidate });
}

export function useDeleteUser() {
  const invalidate = useInvalidateUsers();
  return trpc.users.delete.useMutation({ onSuccess: invalidate });
}

/** Ends every session of a user (Admin → Users, "Sign out everywhere"). */
export function useSignOutUserEverywhere() {
  return trpc.users.signOutEverywhere.useMutation();
}
