/**
 * Serves the built SPA: precompressed (brotli or gzip, as the browser accepts), hashed assets cached
 * for a year, everything else revalidated. A GET of one of the app's pages (the route table in
 * packages/schema/src/site-routes.ts) answers index.html; any other path that is not an API path
 * answers index.html with status 404, so the router shows its 404 page and crawlers see a real 404
 * (docs/accessibility.md, "Real statuses and crawlers").
 *
 * Every page carries its screen's title ("Checkout · FreshCart", the route table's; "Page Not
 * Found · FreshCart" for the 404 page), so a printed or bookmarked page is named before the app
 * runs. The shop's name in it is the one saved in Admin → Settings (`shopName`, read per page), and
 * the page names the shop in `<meta name="application-name">` too, so the app shows that name from
 * its first render (apps/web/src/features/settings/shop-name.ts). A page crawlers index names its canonical address (`canonicalPath` in site-routes.ts, on
 * PUBLIC_URL's origin or the request's). A product's page carries the product's own title,
 * description and Open Graph tags (name, price, picture: `PageHead`), so a shared link previews it. A page of the app lists, as modulepreload links, the chunks its screen needs beyond the entry
 * (`route-preloads.json`, written by the web's build: apps/web/src/app/route-modules.ts), so the
 * browser fetches them alongside the entry rather than after it (docs/accessibility.md, "Phones").
 *
 * The pages of the route table are answered inside the api's session scope (app.ts,
 * `sitePageRoutes`): each carries who is signed in, as the `auth.session` query would answer it
 * (`<script type="application/json" id="shop-session">`, data the browser never runs), so a page
 * draws for its shopper at once instead of asking first (apps/web/src/lib/embedded-session.ts).
 * Such a page is then private to its visitor (no-store, from http/private-answers.ts); a visitor's
 * page, the same for everyone, stays revalidated and varies by cookie. Assets, the 404 page and a
 * page's trailing-slash twin are answered without reading a session, as before.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import {
  ANY_OTHER_ROUTE,
  NOT_FOUND_TITLE,
  ROUTE_PRELOADS_FILE,
  SITE_NAME,
  SITE_ROUTES,
  canonicalPath,
  documentTitle,
  findSiteRoute,
  type CurrentUserDto,
} from '@shop/schema';
import type { Env } from '../env';
import { shopOrigin } from './origin';
import { ServiceUnavailableError } from '../errors';
import { escapeMarkup } from './escape-markup';

const API_PREFIXES = ['/api/', '/trpc/', '/oidc/'];
const ASSET_URL = /^\/assets\/[\w.-]+\.(?:js|css)$/;

/**
 * index.html with each route's preload links, by route path; empty without a build's
 * route-preloads.json (the page is then sent as it is). Read again when the build changes under a
 * running api (a `vite build` during development), so a page never names assets that are gone.
 */
function pagesWithPreloads(root: string): (routePath: string | null) => string | undefined {
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
    if (routePath === null) return index;
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

/**
 * What the head of a page says beyond the route table's title: a product's page names the product
 * (its own title, description and Open Graph tags, so a shared link previews it).
 */
export interface PageHead {
  /** The screen's name in the title ("Organic Bananas · FreshCart"); the route table's when absent. */
  readonly title?: string;
  /** The meta description; the shop's (index.html) when absent. */
  readonly description?: string;
  /** Open Graph: the page's type ('product') and picture (a path on the shop's origin or a URL). */
  readonly type?: string;
  readonly image?: string | null;
  /** Open Graph's product price (`product:price:amount`, `product:price:currency`). */
  readonly price?: { readonly amount: string; readonly currency: string };
}

/**
 * What a page with a parameter shows, for the status and head of its answer: null when it shows
 * nothing (an unknown or inactive product: the 404 page with status 404), else its head.
 */
export type PageHeadOf = (routePath: string, pathname: string) => Promise<PageHead | null>;

const TITLE = /<title>[^<]*<\/title>/;
/** The meta element the web reads the shop's name from (apps/web/src/features/settings/shop-name.ts). */
export const SHOP_NAME_META = 'application-name';
const DESCRIPTION = /<meta name="description" content="[^"]*"\s*\/?>/;

/**
 * The page's `<title>`, and for a page with a head of its own its description and Open Graph tags,
 * every value escaped (http/escape-markup.ts). `origin` makes the Open Graph addresses absolute.
 */
function writeHead(
  html: string,
  title: string,
  shopName: string,
  head: PageHead,
  url: string | null,
  origin: string | null,
): string {
  const meta = (property: string, content: string) =>
    `<meta property="${property}" content="${escapeMarkup(content)}">`;
  const named = `<title>${escapeMarkup(title)}</title><meta name="${SHOP_NAME_META}" content="${escapeMarkup(shopName)}">`;
  let page = TITLE.test(html) ? html.replace(TITLE, () => named) : html.replace('</head>', () => `${named}</head>`);
  if (!head.type) return page;
  const tags: string[] = [
    meta('og:type', head.type),
    meta('og:site_name', shopName),
    meta('og:title', head.title ?? title),
  ];
  if (head.description) {
    const description = `<meta name="description" content="${escapeMarkup(head.description)}">`;
    if (DESCRIPTION.test(page)) page = page.replace(DESCRIPTION, () => description);
    else tags.unshift(description);
    tags.push(meta('og:description', head.description));
  }
  if (url) tags.push(meta('og:url', url));
  const image = !head.image
    ? null
    : /^https:\/\//.test(head.image)
      ? head.image
      : head.image.startsWith('/') && origin
        ? origin + head.image
        : null;
  if (image) tags.push(meta('og:image', image), '<meta name="twitter:card" content="summary_large_image">');
  if (head.price) {
    tags.push(
      meta('product:price:amount', head.price.amount),
      meta('product:price:currency', head.price.currency),
    );
  }
  return page.replace('</head>', () => `${tags.join('')}</head>`);
}

/** Who is signed in, for a page (null for a visitor); a failure leaves the page to ask itself. */
export type PageSession = (req: FastifyRequest) => Promise<CurrentUserDto | null>;

/**
 * JSON inside a script element: `<` escaped, so no value (a name such as `</script>`) can end the
 * element early; the JSON parser reads `\u003c` back as `<`.
 */
const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

export interface SitePages {
  readonly hasSpa: boolean;
  /** A page of the app (status 200, with its preloads, canonical link and, when given, its session), or the 404 page. */
  send(
    req: FastifyRequest,
    reply: FastifyReply,
    path: string,
    session?: CurrentUserDto | null,
  ): Promise<FastifyReply>;
}

export function createSitePages({
  root,
  env,
  pageHead,
  shopName,
}: {
  root: string;
  env: Env;
  pageHead?: PageHeadOf;
  /** The shop's name as saved in its settings; SITE_NAME without it, or while it cannot be read. */
  shopName?: () => Promise<string>;
}): SitePages {
  const hasSpa = existsSync(join(root, 'index.html'));
  const pageFor = pagesWithPreloads(root);
  return {
    hasSpa,
    async send(req, reply, path, session) {
      const found = findSiteRoute(path);
      const head = found && (pageHead ? await pageHead(found.path, path) : {});
      const route = head ? found : undefined;
      // The 404 page is the page as built: no screen's preloads, no canonical link; its title says so.
      const page = pageFor(route ? route.path : null);
      reply.code(route ? 200 : 404).header('cache-control', 'no-cache');
      if (!page) return reply.type('text/html').sendFile('index.html');
      const canonical = route ? canonicalPath(path, req.url.slice(path.length)) : null;
      const origin = shopOrigin(env, req);
      const url = canonical && origin ? origin + canonical : null;
      const name = shopName
        ? await shopName().catch((error: unknown) => {
            req.log.warn({ err: error }, 'the page names the shop by its default name');
            return SITE_NAME;
          })
        : SITE_NAME;
      const title = documentTitle(route ? (head?.title ?? route.title) : NOT_FOUND_TITLE, name);
      let html = writeHead(page, title, name, head ?? {}, url, origin);
      if (url)
        html = html.replace('</head>', () => `<link rel="canonical" href="${escapeMarkup(url)}"></head>`);
      if (session !== undefined) {
        reply.header('vary', 'Cookie');
        const data = `<script type="application/json" id="shop-session">${scriptJson({ user: session })}</script>`;
        html = html.replace('</body>', () => `${data}</body>`);
      }
      return reply.type('text/html; charset=utf-8').send(html);
    },
  };
}

/**
 * A route path whose parameters match only ids (the app's ids are UUIDs): `/products/:id` is a
 * product's page, and `/products/almonds.svg` stays the picture the build ships under that folder
 * (served by the static files, outside this scope). Any other value finds no page route and is
 * answered by the 404 handler below, which still knows the route table.
 */
const UUID_PARAM = '(^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$)';
const withUuidParams = (path: string) => path.replace(/(:\w+)/g, `$1${UUID_PARAM}`);

/** The route table's pages (site-routes.ts), each with its visitor's session; registered in the session scope. */
export function sitePageRoutes(
  app: FastifyInstance,
  { pages, sessionOf }: { pages: SitePages; sessionOf: PageSession },
): void {
  if (!pages.hasSpa) return;
  const pathOf = (req: FastifyRequest) => req.url.split('?')[0] ?? '/';
  // The session store unreadable for a moment (a 503 from session-store.ts): the page still opens,
  // without its session; the browser then asks auth.session, which says to try again.
  const errorHandler = (error: Error, req: FastifyRequest, reply: FastifyReply) => {
    if (error instanceof ServiceUnavailableError) return pages.send(req, reply, pathOf(req));
    throw error;
  };
  for (const route of SITE_ROUTES) {
    app.get(withUuidParams(route.path), { errorHandler }, async (req, reply) => {
      const path = pathOf(req);
      const session = await sessionOf(req).catch((error: unknown) => {
        req.log.warn({ err: error }, 'the page goes without its session; the browser will ask');
        return undefined;
      });
      return pages.send(req, reply, path, session);
    });
  }
}

/** The built files, /favicon.ico and the 404 page (any other GET that is not an API path); no session read. */
export async function spaPlugin(app: FastifyInstance, { root, pages }: { root: string; pages: SitePages }) {
  const { hasSpa } = pages;
  if (hasSpa) {
    await app.register(fastifyStatic, {
      root,
      wildcard: true,
      // The pages (`/` among them) are answered by sitePageRoutes, each with its session.
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

  app.setNotFoundHandler((req, reply) => {
    const path = req.url.split('?')[0] ?? '/';
    const isApi = API_PREFIXES.some((prefix) => path.startsWith(prefix) || path === prefix.slice(0, -1));
    if (hasSpa && req.method === 'GET' && !isApi) return pages.send(req, reply, path);
    return reply.code(404).send({ message: `Not found: ${req.method} ${path}`, code: 'NOT_FOUND' });
  });
}
