import { trpc } from '../../../lib/trpc';

/** PATCH /api/user/profile; on success the current user is reloaded (docs/product.md §7). */
export function useUpdateProfile() {
  const utils = trpc.useUtils();
  return trpc.profile.update.useMutation({ onSuccess: () => utils.auth.session.invalidate() });
}
