/**
 * GET /api/admin/analytics/orders.csv?from=…&to=…: the orders placed in a range as a CSV file, for
 * Admin → Analytics' Export button. A plain HTTP route rather than a procedure, because its answer
 * is a file (as the product export, product-csv.routes.ts).
 */
import type { FastifyInstance } from 'fastify';
import type { DataSource } from 'typeorm';
import { AnalyticsRangeInput, type Permission } from '@shop/schema';
import type { UserResolver } from '../../context';
import { sendError } from '../../http/error-handler';
import { requirePermissions } from '../identity';
import { exportOrdersCsv } from './analytics.service';

export const ORDERS_EXPORT_PERMISSIONS: readonly Permission[] = ['analytics:read'];

export async function analyticsRoutes(
  app: FastifyInstance,
  deps: { dataSource: DataSource; resolveUser: UserResolver },
): Promise<void> {
  app.get('/api/admin/analytics/orders.csv', async (req, reply) => {
    try {
      await requirePermissions(req, deps, ORDERS_EXPORT_PERMISSIONS);
      // A bad range is a ZodError: 400 with each field and reason (errors.ts).
      const range = AnalyticsRangeInput.parse(req.query ?? {});
      const csv = await exportOrdersCsv(deps.dataSource.manager, range);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="orders-${range.from}-to-${range.to}.csv"`)
        .header('cache-control', 'no-store')
        .send(csv);
    } catch (error) {
      return sendError(reply, error);
    }
  });
}
