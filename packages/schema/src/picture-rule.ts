/**
 * The one rule for a picture's address (a product image, a profile picture), used by every input
 * that takes one and by every screen that shows one (docs/architecture.md §4 "Pictures"). A picture
 * is requested by every browser that shows it, with the shopper's cookies, so it may only be:
 * - one of the shop's own pictures: a file under `/products/` (what the shop ships in
 *   apps/web/public/products/ and the demo data uses), never an address of the api
 *   (`/api`, `/trpc`, `/oidc`), where a GET could act for the viewer;
 * - an `https:` address on one of the configured image hosts (the api's IMAGE_HOSTS, which the
 *   Content-Security-Policy's `img-src` lists too), never another scheme or host, which could
 *   follow shoppers and staff around.
 *
 * The hosts are configuration: the api sets them once at start (`setPictureHosts`); the web, which
 * cannot know them, accepts any https host in its forms and leaves the host to the api and the CSP.
 *
 * No zod here: the storefront's first page uses this file, and its load budget has no room for zod
 * (the input schema is in picture-url.ts).
 */
/** Where the shop's own pictures live (apps/web/public/products/). */
export const OWN_PICTURE_PREFIX = '/products/';

/** A file under /products/: no `..`, no escapes, no query, so the browser cannot resolve it elsewhere. */
const OWN_PICTURE =
  /^\/products\/[A-Za-z0-9][A-Za-z0-9_-]*(?:\.[A-Za-z0-9_-]+)*(?:\/[A-Za-z0-9][A-Za-z0-9_-]*(?:\.[A-Za-z0-9_-]+)*)*$/;

/** A hostname as IMAGE_HOSTS lists it: `cdn.example.com`, optionally with `:port`. */
export const IMAGE_HOST_PATTERN =
  /^(?=.{1,253}(?::\d{1,5})?$)[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*(?::\d{1,5})?$/;

export const PICTURE_URL_MAX = 2000;

/** 'any': any https host (the web; the api and the CSP hold the list). */
export type PictureHosts = readonly string[] | 'any';

let configuredHosts: PictureHosts = [];

/** Sets the image hosts every later check uses (the api at start, from IMAGE_HOSTS). */
export function setPictureHosts(hosts: PictureHosts): void {
  configuredHosts = hosts === 'any' ? 'any' : hosts.map((host) => host.toLowerCase());
}

/** The field message: what an address may be, under these hosts. */
export function pictureUrlMessage(hosts: PictureHosts = configuredHosts): string {
  const own = `one of the shop’s pictures (${OWN_PICTURE_PREFIX}…)`;
  if (hosts === 'any') return `Image URL must be ${own} or an https:// address`;
  if (hosts.length === 0) return `Image URL must be ${own}`;
  return `Image URL must be ${own} or an https:// address on ${hosts.join(', ')}`;
}

/** Whether a picture address passes the rule (see the top of this file). */
export function isAllowedPictureUrl(value: string, hosts: PictureHosts = configuredHosts): boolean {
  if (value.length > PICTURE_URL_MAX) return false;
  if (value.startsWith('/')) return OWN_PICTURE.test(value);
  if (!/^https:\/\//i.test(value)) return false;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  if (url.protocol !== 'https:' || url.username || url.password) return false;
  return hosts === 'any' || hosts.includes(url.host);
}

/**
 * What a screen may show of a stored address: the address when it passes the rule, else null (the
 * screen shows its placeholder). Addresses stored before the rule existed are never requested.
 */
export function shownPictureUrl(value: string | null | undefined): string | null {
  return value && isAllowedPictureUrl(value) ? value : null;
}
