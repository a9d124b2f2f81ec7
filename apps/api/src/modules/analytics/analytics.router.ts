import { AnalyticsDto, AnalyticsInput } from '@shop/schema';
import { can, router } from '../../trpc/trpc';
import { salesAnalytics } from './analytics.service';

export const analyticsRouter = router({
  /** GET /api/admin/analytics?from=…&to=…&bucket=day|week|month. */
  sales: can('analytics:read')
    .input(AnalyticsInput)
    .output(AnalyticsDto)
    .query(({ ctx, input }) => salesAnalytics(ctx, input)),
});
