/**
 * The web app's route table as both sides need it (docs/product.md §2): the browser names each
 * screen in the document title, the server answers a path outside this table with a real 404
 * (docs/accessibility.md, "Real statuses"), and the sitemap lists the crawlable ones.
 *
 * Every path of the web's router (apps/web/src/app/router.tsx and the admin area's
 * apps/web/src/features/admin/admin-routes.tsx) is here with a title of its own:
 * apps/web/src/app/site-routes.test.tsx fails when a screen is added to one and not the other.
 */

/**
 * The shop's name when nothing else names it: the default of Admin → Settings' shop name
 * (settings-rules.ts). Titles, the header and the emails say the name saved there (issue 33 item 7).
 */
export const SITE_NAME = 'FreshCart';

export interface SiteRoute {
  /** A react-router path; `:name` matches one path segment. */
  readonly path: string;
  /** The screen's name in the document title: "Checkout · FreshCart". */
  readonly title: string;
  /** Listed in /sitemap.xml and open to crawlers; the rest is disallowed in /robots.txt. */
  readonly crawl?: boolean;
}

export const SITE_ROUTES: readonly SiteRoute[] = [
  { path: '/', title: 'Fresh food, beverages and produce', crawl: true },
  /** A product's page (issue 20); it names the product in its title once loaded. */
  { path: '/products/:id', title: 'Product', crawl: true },
  { path: '/cart', title: 'Cart' },
  { path: '/checkout', title: 'Checkout' },
  { path: '/login', title: 'Sign In' },
  { path: '/signup', title: 'Create Account' },
  { path: '/forgot-password', title: 'Forgot Password' },
  { path: '/reset-password', title: 'Reset Password' },
  { path: '/dashboard', title: 'Dashboard' },
  { path: '/profile', title: 'Profile' },
  { path: '/orders', title: 'My Orders' },
  { path: '/admin', title: 'Admin' },
  { path: '/admin/inventory', title: 'Inventory · Admin' },
  { path: '/admin/orders', title: 'Orders · Admin' },
  { path: '/admin/picking', title: 'Picking · Admin' },
  { path: '/admin/delivery', title: 'Delivery · Admin' },
  { path: '/admin/users', title: 'Users · Admin' },
  { path: '/admin/users/create', title: 'Create User · Admin' },
  { path: '/admin/users/:id/edit', title: 'Edit User · Admin' },
  { path: '/admin/permissions', title: 'Permissions · Admin' },
  { path: '/admin/api-tokens', title: 'API Tokens · Admin' },
  { path: '/admin/audit-log', title: 'Audit Log · Admin' },
  { path: '/admin/outbox', title: 'Outbox · Admin' },
];

/**
 * `route-preloads.json`, which the web's build writes beside index.html (apps/web/src/app/route-modules.ts)
 * and the api reads (apps/api/src/http/spa.ts): each route path's chunks, and under
 * ANY_OTHER_ROUTE those of a route it does not list.
 */
export const ROUTE_PRELOADS_FILE = 'route-preloads.json';
export const ANY_OTHER_ROUTE = '*';

/** The title of the 404 page. */
export const NOT_FOUND_TITLE = 'Page Not Found';

/** Path prefixes crawlers must not index (robots.txt): the staff area and every signed-in screen. */
export const PRIVATE_PATH_PREFIXES = SITE_ROUTES.filter((route) => !route.crawl && route.path !== '/')
  .map((route) => route.path)
  .filter((path, _, all) => !all.some((other) => other !== path && path.startsWith(`${other}/`)));

function matches(pattern: string, pathname: string): boolean {
  const want = pattern.split('/').filter(Boolean);
  const have = pathname.split('/').filter(Boolean);
  return (
    want.length === have.length &&
    want.every((segment, i) => segment.startsWith(':') || segment === decodeSegment(have[i]!))
  );
}

function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** The route a pathname shows (a trailing slash is the same page), or undefined for a 404. */
export function findSiteRoute(pathname: string): SiteRoute | undefined {
  return SITE_ROUTES.find((route) => matches(route.path, pathname));
}

let displayShopName = SITE_NAME;

/**
 * The shop's name every title drawn from now on ends with, when none is given (as
 * `setDisplayCurrency` in money.ts is for amounts): the web sets it from the shop's settings
 * (apps/web/src/features/settings/shop-name.ts). The api names the shop in each call instead.
 */
export function setDisplayShopName(name: string): void {
  displayShopName = name;
}

/** "Checkout · FreshCart" (the shop's name last: Admin → Settings); the shop's name alone for no title. */
export function documentTitle(title?: string, shopName: string = displayShopName): string {
  return title ? `${title} · ${shopName}` : shopName;
}

/** The storefront's one parameter that makes another page worth indexing: a category (its id). */
const CANONICAL_PARAMS: Record<string, RegExp> = {
  category: /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i,
};

/**
 * The address a crawlable page is known by (`<link rel="canonical">`): its path, plus the
 * storefront's category when one is chosen; a search or anything else in the query is the same
 * page. Null for a page crawlers do not index (account, checkout, staff) or a 404.
 */
export function canonicalPath(pathname: string, search = ''): string | null {
  const route = findSiteRoute(pathname);
  if (!route?.crawl) return null;
  const params = new URLSearchParams(search);
  const kept = new URLSearchParams();
  for (const [name, valid] of Object.entries(CANONICAL_PARAMS)) {
    const value = params.get(name);
    if (value && valid.test(value)) kept.set(name, value.toLowerCase());
  }
  const query = kept.toString();
  // A page with a parameter (a product) is known by its own path, without a trailing slash.
  const path = route.path.includes(':')
    ? `/${pathname.split('/').filter(Boolean).join('/')}`.toLowerCase()
    : route.path;
  return query ? `${path}?${query}` : path;
}
