import { trpc } from '../../../lib/trpc';
import { REFETCH_ON_FOCUS } from '../../../lib/query-client';

/**
 * The panel's overview (`admin.overview`): each part present only when the role may see it. Orders
 * and stock keep it true live; the user count does not, so it also refetches on focus.
 */
export function useAdminOverview() {
  return trpc.admin.overview.useQuery(undefined, REFETCH_ON_FOCUS);
}
