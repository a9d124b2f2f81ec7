import { trpc } from '../../../lib/trpc';

/**
 * The new email waiting for its link to be opened, or null. Not asked while a link is being
 * confirmed (`enabled` false), so the answer cannot predate the confirmation.
 */
export function usePendingEmail(enabled = true) {
  return trpc.profile.pendingEmail.useQuery(undefined, { enabled });
}
