import type { AnalyticsInput } from '@shop/schema';
import { trpc } from '../../../lib/trpc';

/** Sales over a range (`analytics.sales`); the previous range stays on screen while the next loads. */
export function useSalesAnalytics(input: AnalyticsInput) {
  return trpc.analytics.sales.useQuery(input, { placeholderData: (previous) => previous });
}
