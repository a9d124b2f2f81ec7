import { trpc } from '../../../lib/trpc';

/** The panel's overview (`admin.overview`): each part present only when the role may see it. */
export function useAdminOverview() {
  return trpc.admin.overview.useQuery();
}
