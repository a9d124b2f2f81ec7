/**
 * /robots.txt and /sitemap.xml from the site's route table (packages/schema/src/site-routes.ts):
 * the storefront and its category pages are open to crawlers, the staff area and every account
 * screen are not (docs/accessibility.md, "Real statuses and crawlers").
 */
import type { FastifyInstance } from 'fastify';
import { PRIVATE_PATH_PREFIXES, SITE_ROUTES } from '@shop/schema';
import type { Env } from '../env';
import { shopOrigin } from './origin';
import { escapeMarkup } from './escape-markup';

const API_PATHS = ['/api/', '/trpc/', '/oidc/'];

export function robotsTxt(origin: string | null): string {
  const lines = [
    'User-agent: *',
    ...[...PRIVATE_PATH_PREFIXES, ...API_PATHS].map((path) => `Disallow: ${path}`),
  ];
  if (origin) lines.push('', `Sitemap: ${origin}/sitemap.xml`);
  return `${lines.join('\n')}\n`;
}

export function sitemapXml(origin: string, pagePaths: string[]): string {
  const urls = pagePaths.map((path) => `  <url><loc>${escapeMarkup(`${origin}${path}`)}</loc></url>`);
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...urls,
    '</urlset>',
    '',
  ].join('\n');
}

/**
 * The routes. `cataloguePagePaths` answers the catalogue's pages (each category's, each product's
 * on sale): handed in by the composition root (app.ts), as the base layer imports no module.
 */
export async function crawlerFiles(
  app: FastifyInstance,
  { env, cataloguePagePaths }: { env: Env; cataloguePagePaths: () => Promise<string[]> },
) {
  app.get('/robots.txt', async (req, reply) => {
    return reply
      .header('cache-control', 'public, max-age=3600')
      .type('text/plain; charset=utf-8')
      .send(robotsTxt(shopOrigin(env, req)));
  });

  app.get('/sitemap.xml', async (req, reply) => {
    const origin = shopOrigin(env, req);
    if (!origin)
      return reply.code(400).send({ message: 'The Host header is not usable', code: 'BAD_REQUEST' });
    // The storefront, each category's page of it (`/?category=<id>`) and each active product's page.
    const pages = [
      ...SITE_ROUTES.filter((route) => route.crawl && !route.path.includes(':')).map((route) => route.path),
      ...(await cataloguePagePaths()),
    ];
    return reply
      .header('cache-control', 'public, max-age=3600')
      .type('application/xml; charset=utf-8')
      .send(sitemapXml(origin, pages));
  });
}
