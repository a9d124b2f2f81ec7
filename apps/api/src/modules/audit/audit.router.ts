import { AuditPageDto, AuditPageInput } from '@shop/schema';
import { can, router } from '../../trpc/trpc';
import { pageAuditEvents } from './audit.service';

/** Admin → Audit Log and GET /api/admin/audit-events (`audit:read`, admin by default). */
export const auditRouter = router({
  /** Newest first; every filter optional (a REST call without a query string pages everything). */
  page: can('audit:read')
    .input(AuditPageInput.optional())
    .output(AuditPageDto)
    .query(({ ctx, input }) => pageAuditEvents(ctx, input)),
});
