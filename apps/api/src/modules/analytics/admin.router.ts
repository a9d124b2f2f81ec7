import { AdminOverviewDto } from '@shop/schema';
import { can, router } from '../../trpc/trpc';
import { adminOverview } from './admin.service';

export const adminRouter = router({
  /** The panel's overview cards and lists, limited to what the caller may see. */
  overview: can('admin:access')
    .output(AdminOverviewDto)
    .query(({ ctx }) => adminOverview(ctx)),
});
