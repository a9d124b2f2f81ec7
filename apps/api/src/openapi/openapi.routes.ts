/**
 * GET /api/openapi.json (the generated document) and GET /api/docs, a browsable reference: Swagger UI
 * from the swagger-ui-dist package, served by the api itself (nothing from the internet). The page's
 * start script is a file of its own (docs-page/init.js), so helmet's default Content-Security-Policy
 * (script-src 'self', no inline script) needs no exception.
 *
 * The few files are read into memory once and sent with their content type, rather than registering
 * @fastify/static a second time beside the SPA's (src/http/spa.ts).
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { buildOpenApiDocument, DOCS_ASSET_PATHS } from './openapi-document';

const swaggerUiDir = dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));
const pageDir = join(dirname(fileURLToPath(import.meta.url)), 'docs-page');

const CONTENT_TYPES: Record<string, string> = {
  '.css': 'text/css; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
};

export async function openApiRoutes(app: FastifyInstance): Promise<void> {
  const document = JSON.stringify(buildOpenApiDocument());
  app.get('/api/openapi.json', (_req, reply) => reply.type('application/json; charset=utf-8').send(document));

  const page = readFileSync(join(pageDir, 'index.html'));
  app.get('/api/docs', (_req, reply) => reply.type('text/html; charset=utf-8').send(page));

  for (const path of DOCS_ASSET_PATHS) {
    const name = basename(path);
    const content = readFileSync(join(name === 'init.js' ? pageDir : swaggerUiDir, name));
    const type = CONTENT_TYPES[name.slice(name.lastIndexOf('.'))]!;
    // Not fingerprinted: cached for a day, then revalidated by the next deploy at the latest.
    app.get(path, (_req, reply) =>
      reply.type(type).header('cache-control', 'public, max-age=86400').send(content),
    );
  }
}
