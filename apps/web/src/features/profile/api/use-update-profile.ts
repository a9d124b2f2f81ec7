import { trpc } from '../../../lib/trpc';

/**
 * PATCH /api/user/profile; on success the current user is reloaded (docs/product.md §7), and the
 * new email waiting for its link, if any (docs/security.md "Email changes verified").
 */
export function useUpdateProfile() {
  const utils = trpc.useUtils();
  return trpc.profile.update.useMutation({
    onSuccess: () => Promise.all([utils.auth.session.invalidate(), utils.profile.pendingEmail.invalidate()]),
  });
}
