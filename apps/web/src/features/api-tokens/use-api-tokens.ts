/** The API Tokens screen's calls: the list, create (answers the secret once) and revoke. */
import { trpc } from '../../lib/trpc';
import { REFETCH_ON_FOCUS } from '../../lib/query-client';

export function useApiTokens() {
  return trpc.apiTokens.list.useQuery(undefined, { refetchOnMount: 'always', ...REFETCH_ON_FOCUS });
}

export function useCreateApiToken() {
  const utils = trpc.useUtils();
  return trpc.apiTokens.create.useMutation({ onSuccess: () => utils.apiTokens.list.invalidate() });
}

export function useRevokeApiToken() {
  const utils = trpc.useUtils();
  return trpc.apiTokens.revoke.useMutation({ onSuccess: () => utils.apiTokens.list.invalidate() });
}

/** Users to give a token to, searched on the server by email or name. */
export function useTokenUserOptions(search: string) {
  return trpc.users.page.useQuery(
    { ...(search && { search }), pageSize: 20 },
    { placeholderData: (previous) => previous },
  );
}
