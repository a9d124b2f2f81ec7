import { useDebouncedValue } from '@mantine/hooks';
import { trpc } from '../../../lib/trpc';

/**
 * The open delivery slots for the shipping line (`delivery.slots`, docs/delivery-slots.md), asked
 * again when the line changes (a typed address once the shopper pauses). Kept fresh: a slot fills
 * while the shopper decides.
 */
export function useDeliverySlots(shippingAddress: string) {
  const [address] = useDebouncedValue(shippingAddress, 400);
  const query = trpc.delivery.slots.useQuery(address ? { shippingAddress: address } : {}, {
    staleTime: 15_000,
    placeholderData: (previous) => previous,
  });
  /** The answer is this address's (not the one before it, shown while the new one loads). */
  const current = query.data !== undefined && !query.isPlaceholderData && address === shippingAddress;
  return { ...query, current };
}
