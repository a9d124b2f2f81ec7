/**
 * GET /api/inventory/reorder.csv: Inventory's "To reorder" list as a file (issue 21 item 5), for
 * the screen's Export CSV button. A plain route, like the product export: its body is a file.
 */
import type { FastifyInstance } from 'fastify';
import type { DataSource } from 'typeorm';
import type { Permission } from '@shop/schema';
import type { UserResolver } from '../../context';
import { sendError } from '../../http/error-handler';
import { requirePermissions } from '../identity';
import { reorderCsv, reorderItems } from './reorder.service';

/** The same permission as the list on the screen (`inventory.reorder`). */
export const REORDER_EXPORT_PERMISSIONS: readonly Permission[] = ['inventory:read'];

export async function reorderCsvRoutes(
  app: FastifyInstance,
  deps: { dataSource: DataSource; resolveUser: UserResolver },
): Promise<void> {
  app.get('/api/inventory/reorder.csv', async (req, reply) => {
    try {
      await requirePermissions(req, deps, REORDER_EXPORT_PERMISSIONS);
      const csv = reorderCsv(await reorderItems(deps.dataSource.manager));
      const day = new Date().toISOString().slice(0, 10);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="reorder-${day}.csv"`)
        .header('cache-control', 'no-store')
        .send(csv);
    } catch (error) {
      return sendError(reply, error);
    }
  });
}
