/**
 * Serves the built SPA: precompressed (brotli or gzip, as the browser accepts), hashed assets cached
 * for a year, everything else revalidated. A GET of one of the app's pages (the route table in
 * packages/schema/src/site-routes.ts) answers index.html; any other path that is not an API path
 * answers index.html with status 404, so the router shows its 404 page and crawlers see a real 404
 * (docs/accessibility.md, "Real statuses and crawlers").
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { findSiteRoute } from '@shop/schema';

const API_PREFIXES = ['/api/', '/trpc/', '/oidc/'];

export async function spaPlugin(app: FastifyInstance, { root }: { root: string }) {
  const hasSpa = existsSync(join(root, 'index.html'));
  if (hasSpa) {
    await app.register(fastifyStatic, {
      root,
      wildcard: true,
      index: 'index.html',
      // The build writes .br and .gz beside each asset: sent to browsers that accept them.
      preCompressed: true,
      setHeaders(reply, path) {
        reply.header(
          'cache-control',
          path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  }

  app.setNotFoundHandler((req, reply) => {
    const path = req.url.split('?')[0] ?? '/';
    const isApi = API_PREFIXES.some((prefix) => path.startsWith(prefix) || path === prefix.slice(0, -1));
    if (hasSpa && req.method === 'GET' && !isApi) {
      return reply
        .code(findSiteRoute(path) ? 200 : 404)
        .header('cache-control', 'no-cache')
        .type('text/html')
        .sendFile('index.html');
    }
    return reply.code(404).send({ message: `Not found: ${req.method} ${path}`, code: 'NOT_FOUND' });
  });
}
