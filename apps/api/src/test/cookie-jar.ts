/**
 * A tiny cookie jar for tests that drive the api over real HTTP with node's fetch: it keeps what
 * `Set-Cookie` says (name, value, path, expiry) for one host and sends back the cookies whose path
 * matches. Enough for our own server; not a general-purpose browser jar.
 */
interface StoredCookie {
  name: string;
  value: string;
  path: string;
  expiresAt: number | null;
}

export class CookieJar {
  private readonly cookies = new Map<string, StoredCookie>();

  /** Takes every Set-Cookie of a response (a cookie set to expire is removed). */
  store(response: Response, requestUrl: string | URL): void {
    for (const header of response.headers.getSetCookie()) this.storeOne(header, new URL(requestUrl));
  }

  /** The Cookie header for a request to `url` ('' when none applies). */
  header(url: string | URL): string {
    const path = new URL(url).pathname;
    const now = Date.now();
    return [...this.cookies.values()]
      .filter(
        (cookie) => (cookie.expiresAt === null || cookie.expiresAt > now) && pathMatches(path, cookie.path),
      )
      .sort((a, b) => b.path.length - a.path.length)
      .map((cookie) => `${cookie.name}=${cookie.value}`)
      .join('; ');
  }

  /** A cookie's value (any path), e.g. `jar.get('shop_sid')`. */
  get(name: string): string | undefined {
    return [...this.cookies.values()].find((cookie) => cookie.name === name)?.value;
  }

  set(name: string, value: string, path = '/'): void {
    this.cookies.set(`${name};${path}`, { name, value, path, expiresAt: null });
  }

  delete(name: string): void {
    for (const [key, cookie] of this.cookies) if (cookie.name === name) this.cookies.delete(key);
  }

  /** An independent copy (e.g. to replay an old session later). */
  clone(): CookieJar {
    const copy = new CookieJar();
    for (const [key, cookie] of this.cookies) copy.cookies.set(key, { ...cookie });
    return copy;
  }

  private storeOne(header: string, url: URL): void {
    const [pair = '', ...attributes] = header.split(';');
    const separator = pair.indexOf('=');
    if (separator <= 0) return;
    const name = pair.slice(0, separator).trim();
    const value = pair.slice(separator + 1).trim();
    let path = defaultPath(url.pathname);
    let expiresAt: number | null = null;
    for (const attribute of attributes) {
      const [key = '', ...rest] = attribute.split('=');
      const attributeValue = rest.join('=').trim();
      switch (key.trim().toLowerCase()) {
        case 'path':
          if (attributeValue.startsWith('/')) path = attributeValue;
          break;
        case 'max-age':
          expiresAt = Date.now() + Number(attributeValue) * 1000;
          break;
        case 'expires':
          expiresAt ??= Date.parse(attributeValue);
          break;
      }
    }
    const key = `${name};${path}`;
    if (expiresAt !== null && expiresAt <= Date.now()) this.cookies.delete(key);
    else this.cookies.set(key, { name, value, path, expiresAt });
  }
}

function defaultPath(requestPath: string): string {
  const lastSlash = requestPath.lastIndexOf('/');
  return lastSlash <= 0 ? '/' : requestPath.slice(0, lastSlash);
}

function pathMatches(requestPath: string, cookiePath: string): boolean {
  if (requestPath === cookiePath) return true;
  if (!requestPath.startsWith(cookiePath)) return false;
  return cookiePath.endsWith('/') || requestPath[cookiePath.length] === '/';
}
