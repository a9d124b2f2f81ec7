import { trpc } from '../../../lib/trpc';

/** Opens an emailed confirmation link: the new email becomes the user's; reloads the current user. */
export function useConfirmEmail() {
  const utils = trpc.useUtils();
  return trpc.profile.confirmEmail.useMutation({
    onSettled: () => Promise.all([utils.auth.session.invalidate(), utils.profile.pendingEmail.invalidate()]),
  });
}
