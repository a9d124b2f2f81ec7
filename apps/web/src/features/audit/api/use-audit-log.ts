/** The Audit Log screen's call (`audit.page`): not live, so it refetches when the window regains focus. */
import type { AuditPageInput } from '@shop/schema';
import { trpc } from '../../../lib/trpc';
import { REFETCH_ON_FOCUS } from '../../../lib/query-client';

export function useAuditPage(input: AuditPageInput) {
  return trpc.audit.page.useQuery(input, {
    ...REFETCH_ON_FOCUS,
    refetchOnMount: 'always',
    placeholderData: (previous) => previous,
  });
}
