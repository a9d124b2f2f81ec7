/** Admin → Outbox's calls (`outbox.page`, `outbox.message`): refetched when the window regains focus. */
import { trpc } from '../../lib/trpc';
import { REFETCH_ON_FOCUS } from '../../lib/query-client';

export function useOutboxPage(page: number) {
  return trpc.outbox.page.useQuery(
    { page },
    { ...REFETCH_ON_FOCUS, refetchOnMount: 'always', placeholderData: (previous) => previous },
  );
}

export function useOutboxMessage(id: string | null) {
  return trpc.outbox.message.useQuery({ id: id ?? '' }, { enabled: id !== null });
}
