/**
 * Serves the built SPA: precompressed (brotli or gzip, as the browser accepts), hashed assets cached
 * for a year, everything else revalidated. A GET of one of the app's pages (the route table in
 * packages/schema/src/site-routes.ts) answers index.html; any other path that is not an API path
 * answers index.html with status 404, so the router shows its 404 page and crawlers see a real 404
 * (docs/accessibility.md, "Real statuses and crawlers").
 *
 * A page crawlers index names its canonical address (`canonicalPath` in site-routes.ts, on
 * PUBLIC_URL's origin or the request's). A page of the app lists, as modulepreload links, the chunks its screen needs beyond the entry
 * (`route-preloads.json`, written by the web's build: apps/web/src/app/route-modules.ts), so the
 * browser fetches them alongside the entry rather than after it (docs/accessibility.md, "Phones").
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import { canonicalPath, findSiteRoute } from '@shop/schema';
import type { Env } from '../env';
import { shopOrigin } from './origin';

const API_PREFIXES = ['/api/', '/trpc/', '/oidc/'];
const ROUTE_PRELOADS_FILE = 'route-preloads.json';
/** The entry of route-preloads.json for a route it does not list. */
const ANY_OTHER_ROUTE = '*';
const ASSET_URL = /^\/assets\/[\w.-]+\.(?:js|css)$/;

/**
 * index.html with each route's preload links, by route path; empty without a build's
 * route-preloads.json (the page is then sent as it is). Read again when the build changes under a
 * running api (a `vite build` during development), so a page never names assets that are gone.
 */
function pagesWithPreloads(root: string): (routePath: string) => string | undefined {
  let built = -1;
  let pages = new Map<string, string>();
  let index: string | undefined;
  return (routePath) => {
    const mtime = statSync(join(root, 'index.html'), { throwIfNoEntry: false })?.mtimeMs ?? 0;
    if (mtime !== built) {
      try {
        index = readFileSync(join(root, 'index.html'), 'utf8');
        pages = readPages(root, index);
        built = mtime;
      } catch {
        pages = new Map(); // a build half-written: the page as it is, and read again next time
      }
    }
    return pages.get(routePath) ?? pages.get(ANY_OTHER_ROUTE) ?? index;
  };
}

function readPages(root: string, index: string): Map<string, string> {
  const file = join(root, ROUTE_PRELOADS_FILE);
  if (!existsSync(file)) return new Map();
  const preloads = JSON.parse(readFileSync(file, 'utf8')) as Record<string, string[]>;
  return new Map(
    Object.entries(preloads).map(([route, urls]) => {
      const links = urls
        .filter((url) => ASSET_URL.test(url))
        .map((url) =>
          url.endsWith('.css')
            ? `<link rel="stylesheet" crossorigin href="${url}">`
            : `<link rel="modulepreload" crossorigin href="${url}">`,
        )
        .join('');
      return [route, index.replace('</head>', `${links}</head>`)];
    }),
  );
}

const escapeAttribute = (text: string) => text.replace(/[&"<>]/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * Whether a page with a parameter shows something (a product page: an active product), for the
 * status of its answer; an unknown or inactive product's page is the 404 page with status 404.
 */
export type PageExists = (routePath: string, pathname: string) => Promise<boolean>;

export async function spaPlugin(
  app: FastifyInstance,
  { root, env, pageExists }: { root: string; env: Env; pageExists?: PageExists },
) {
  const hasSpa = existsSync(join(root, 'index.html'));
  const pageFor = pagesWithPreloads(root);
  if (hasSpa) {
    await app.register(fastifyStatic, {
      root,
      wildcard: true,
      // `/` is answered below like every page, with its canonical link.
      index: false,
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

  // Browsers and crawlers ask for /favicon.ico on pages that name no icon (the sign-in provider's).
  if (hasSpa) app.get('/favicon.ico', (_req, reply) => reply.redirect('/favicon.svg', 301));

  /** A page of the app (status 200, with its preloads and canonical link), or the 404 page. */
  const sendPage = async (req: FastifyRequest, reply: FastifyReply, path: string) => {
    const found = findSiteRoute(path);
    const route = found && (!pageExists || (await pageExists(found.path, path))) ? found : undefined;
    const page = route && pageFor(route.path);
    reply.code(route ? 200 : 404).header('cache-control', 'no-cache');
    if (!page) return reply.type('text/html').sendFile('index.html');
    const canonical = route ? canonicalPath(path, req.url.slice(path.length)) : null;
    const origin = canonical && shopOrigin(env, req);
    const head = origin ? `<link rel="canonical" href="${escapeAttribute(origin + canonical)}">` : '';
    return reply.type('text/html; charset=utf-8').send(page.replace('</head>', `${head}</head>`));
  };
  if (hasSpa) app.get('/', (req, reply) => sendPage(req, reply, '/'));

  app.setNotFoundHandler((req, reply) => {
    const path = req.url.split('?')[0] ?? '/';
    const isApi = API_PREFIXES.some((prefix) => path.startsWith(prefix) || path === prefix.slice(0, -1));
    if (hasSpa && req.method === 'GET' && !isApi) return sendPage(req, reply, path);
    return reply.code(404).send({ message: `Not found: ${req.method} ${path}`, code: 'NOT_FOUND' });
  });
}
