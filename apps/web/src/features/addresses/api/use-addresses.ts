import { trpc } from '../../../lib/trpc';

/** GET /api/user/addresses: the default first; only asked for when signed in. */
export function useAddresses(options: { enabled?: boolean } = {}) {
  return trpc.addresses.list.useQuery(undefined, { enabled: options.enabled ?? true });
}

function useInvalidateAddresses() {
  const utils = trpc.useUtils();
  return () => utils.addresses.list.invalidate();
}

export function useCreateAddress() {
  const onSuccess = useInvalidateAddresses();
  return trpc.addresses.create.useMutation({ onSuccess });
}

export function useUpdateAddress() {
  const onSuccess = useInvalidateAddresses();
  return trpc.addresses.update.useMutation({ onSuccess });
}

export function useDeleteAddress() {
  const onSuccess = useInvalidateAddresses();
  return trpc.addresses.delete.useMutation({ onSuccess });
}

export function useSetDefaultAddress() {
  const onSuccess = useInvalidateAddresses();
  return trpc.addresses.setDefault.useMutation({ onSuccess });
}
