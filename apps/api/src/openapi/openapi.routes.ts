/**
 * GET /api/openapi.json (the generated document) and GET /api/docs, a browsable reference: Swagger UI
 * from the swagger-ui-dist package, served by the api itself (nothing from the internet), with its
 * start script in a file so the Content-Security-Policy needs no exception.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { buildOpenApiDocument, DOCS_ASSET_PREFIX } from './openapi-document';

const swaggerUiDir = dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));
const pageDir = join(dirname(fileURLToPath(import.meta.url)), 'docs-page');

/** The files the page loads, read once: name → [directory, content type]. */
export const DOCS_ASSETS: Record<string, [string, string]> = {
  'swagger-ui.css': [swaggerUiDir, 'text/css; charset=utf-8'],
  'swagger-ui-bundle.js': [swaggerUiDir, 'text/javascript; charset=utf-8'],
  'init.js': [pageDir, 'text/javascript; charset=utf-8'],
};

export async function openApiRoutes(app: FastifyInstance): Promise<void> {
  const document = JSON.stringify(buildOpenApiDocument());
  app.get('/api/openapi.json', (_req, reply) => reply.type('application/json; charset=utf-8').send(document));

  const page = readFileSync(join(pageDir, 'index.html'));
  app.get('/api/docs', (_req, reply) => reply.type('text/html; charset=utf-8').send(page));
  for (const [name, [dir, type]] of Object.entries(DOCS_ASSETS)) {
    const content = readFileSync(join(dir, name));
    app.get(`${DOCS_ASSET_PREFIX}${name}`, (_req, reply) =>
      reply.type(type).header('cache-control', 'public, max-age=86400').send(content),
    );
  }
}
