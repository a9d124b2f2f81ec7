/**
 * GET /api/products/export and POST /api/products/import: the catalogue as a CSV file, for the
 * admin panel's Export and Import buttons and the CLI. Plain HTTP routes rather than procedures,
 * because their bodies are files: the import takes `Content-Type: text/csv` (not a form type, so a
 * cross-site page cannot post one without a CORS preflight, which the shop never grants) up to
 * PRODUCT_CSV_MAX_BYTES, and answers JSON like every other route.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { DataSource } from 'typeorm';
import { PRODUCT_CSV_MAX_BYTES, PRODUCT_CSV_MESSAGES, type Permission } from '@shop/schema';
import type { CurrentUser, UserResolver } from '../../context';
import { BadRequestError } from '../../errors';
import { catalogueChanged } from './catalogue-changed';
import { sendError } from '../../http/error-handler';
import { exportProductsCsv, importProductsCsv } from './product-csv.service';
import { requirePermissions } from '../identity';

declare module 'fastify' {
  interface FastifyRequest {
    /** The import's caller, checked before its body is read. */
    importingUser?: CurrentUser;
  }
}

export const PRODUCT_EXPORT_PERMISSIONS: readonly Permission[] = ['products:read_all'];
/** An import creates and edits products and sets their stock. */
export const PRODUCT_IMPORT_PERMISSIONS: readonly Permission[] = [
  'products:create',
  'products:update',
  'inventory:update',
];
/** `?createCategories=true` creates the categories the file names that do not exist yet. */
export const CATEGORY_CREATE_PERMISSIONS: readonly Permission[] = ['categories:create'];

/** The import's `createCategories` query flag: absent or false → false, true → true, else 400. */
function createCategoriesFlag(req: FastifyRequest): boolean {
  const value = (req.query as Record<string, unknown> | undefined)?.createCategories;
  if (value === undefined || value === 'false') return false;
  if (value === 'true') return true;
  throw new BadRequestError(PRODUCT_CSV_MESSAGES.createCategoriesFlag, [
    { path: 'createCategories', message: PRODUCT_CSV_MESSAGES.createCategoriesFlag },
  ]);
}

export async function productCsvRoutes(
  app: FastifyInstance,
  deps: { dataSource: DataSource; resolveUser: UserResolver },
): Promise<void> {
  app.addContentTypeParser(
    'text/csv',
    { parseAs: 'buffer', bodyLimit: PRODUCT_CSV_MAX_BYTES },
    (_req, body, done) => done(null, body),
  );

  app.get('/api/products/export', async (req, reply) => {
    try {
      await requirePermissions(req, deps, PRODUCT_EXPORT_PERMISSIONS);
      const csv = await exportProductsCsv(deps.dataSource.manager);
      const day = new Date().toISOString().slice(0, 10);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="products-${day}.csv"`)
        .header('cache-control', 'no-store')
        .send(csv);
    } catch (error) {
      return sendError(reply, error);
    }
  });

  app.post(
    '/api/products/import',
    {
      bodyLimit: PRODUCT_CSV_MAX_BYTES,
      // Who may import is checked before the body (up to 10 MB) is read: a visitor or a sales
      // manager is refused without the server taking in their file.
      onRequest: async (req, reply) => {
        try {
          const createCategories = createCategoriesFlag(req);
          req.importingUser = await requirePermissions(req, deps, [
            ...PRODUCT_IMPORT_PERMISSIONS,
            ...(createCategories ? CATEGORY_CREATE_PERMISSIONS : []),
          ]);
        } catch (error) {
          return sendError(reply, error);
        }
      },
      // Fastify refuses a body over the limit before reading it (by Content-Length when sent).
      errorHandler: (error, _req, reply) =>
        (error as { statusCode?: number }).statusCode === 413
          ? reply.code(413).send({ message: PRODUCT_CSV_MESSAGES.tooLarge, code: 'PAYLOAD_TOO_LARGE' })
          : sendError(reply, error),
    },
    async (req, reply) => {
      try {
        const user = req.importingUser!;
        if (!Buffer.isBuffer(req.body)) {
          return reply
            .code(415)
            .send({ message: PRODUCT_CSV_MESSAGES.contentType, code: 'UNSUPPORTED_MEDIA_TYPE' });
        }
        const result = await importProductsCsv(
          { db: deps.dataSource.manager, user, log: req.log },
          req.body,
          {
            createCategories: createCategoriesFlag(req),
          },
        );
        if (result.categoriesCreated.length) catalogueChanged(deps.dataSource.manager);
        return reply.send(result);
      } catch (error) {
        return sendError(reply, error);
      }
    },
  );
}
