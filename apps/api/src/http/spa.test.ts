/** The built SPA with its history fallback, beside an API that still answers JSON. */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../test/test-app';
import { signIn } from '../test/sign-in';

const INDEX =
  '<!doctype html><html><head><title>t</title></head><body><div id="root">spa-index-marker</div></body></html>';
/** What the web's build writes (apps/web/src/app/route-modules.ts). */
const ROUTE_PRELOADS = {
  '*': ['/assets/layout-1.js'],
  '/checkout': ['/assets/layout-1.js', '/assets/checkout-2.js', '/assets/checkout-3.css'],
};
const webDist = mkdtempSync(join(tmpdir(), 'shop-web-dist-'));
let t: TestApp;

beforeAll(async () => {
  mkdirSync(join(webDist, 'assets'));
  writeFileSync(join(webDist, 'index.html'), INDEX);
  writeFileSync(join(webDist, 'route-preloads.json'), JSON.stringify(ROUTE_PRELOADS));
  writeFileSync(join(webDist, 'assets', 'app-1a2b3c.js'), 'console.log("app")');
  // What the build writes beside it (vite-plugin-compression2).
  writeFileSync(join(webDist, 'assets', 'app-1a2b3c.js.br'), brotliCompressSync('console.log("app")'));
  writeFileSync(join(webDist, 'assets', 'app-1a2b3c.js.gz'), gzipSync('console.log("app")'));
  writeFileSync(join(webDist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  mkdirSync(join(webDist, 'products'));
  writeFileSync(join(webDist, 'products', 'almonds.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  // AUTH_CACHE_MS=0: a test changes a user's name in the database and reads the page at once.
  t = await startTestApp({ listen: false, env: { WEB_DIST: webDist, AUTH_CACHE_MS: '0' } });
});

afterAll(async () => {
  await t?.close();
  rmSync(webDist, { recursive: true, force: true });
});

describe('the SPA', () => {
  it.each(['/', '/checkout', '/admin/users/123/edit', '/cart?from=home', '/orders/'])(
    'GET %s (a page of the app) → index.html',
    async (url) => {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/^text\/html/);
      expect(response.body).toContain('spa-index-marker');
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.headers['content-security-policy']).toContain("default-src 'self'");
    },
  );

  it("lists the screen's chunks as preloads in its page, the layout's for a route not listed", async () => {
    // Each page names the shop for the app's first render (features/settings/shop-name.ts).
    const SHOP_NAME = '<meta name="application-name" content="FreshCart">';
    const head = async (url: string) => /<head>(.*)<\/head>/.exec((await t.app.inject({ url })).body)?.[1];
    expect(await head('/checkout')).toBe(
      `<title>Checkout · FreshCart</title>${SHOP_NAME}<link rel="modulepreload" crossorigin href="/assets/layout-1.js">` +
        '<link rel="modulepreload" crossorigin href="/assets/checkout-2.js">' +
        '<link rel="stylesheet" crossorigin href="/assets/checkout-3.css">',
    );
    expect(await head('/orders')).toBe(
      `<title>My Orders · FreshCart</title>${SHOP_NAME}<link rel="modulepreload" crossorigin href="/assets/layout-1.js">`,
    );
    // An unknown path is a 404 with the page as built: no screen, no preloads; its title says so.
    const missing = await t.app.inject({ url: '/no-such-page' });
    expect(missing.statusCode).toBe(404);
    expect(missing.body).toBe(INDEX.replace('<title>t</title>', `<title>Page Not Found · FreshCart</title>${SHOP_NAME}`));
  });

  it('names the canonical address of a page crawlers index: the storefront and its categories', async () => {
    const id = '0b8f6c1e-1111-4222-8333-444455556666';
    const canonical = async (url: string) =>
      /<link rel="canonical" href="([^"]*)">/.exec((await t.app.inject({ url })).body)?.[1];
    expect(await canonical('/')).toBe('http://localhost/');
    expect(await canonical(`/?q=tea&category=${id}`)).toBe(`http://localhost/?category=${id}`);
    expect(await canonical('/?category="><script>x</script>')).toBe('http://localhost/');
    expect(await canonical('/checkout')).toBeUndefined();
  });

  describe('who is signed in, written into the page', () => {
    const sessionIn = (body: string) => {
      const json = /<script type="application\/json" id="shop-session">(.*?)<\/script>/.exec(body)?.[1];
      return json === undefined ? undefined : (JSON.parse(json) as { user: unknown }).user;
    };

    it('a visitor: null, and the page stays the same for every visitor', async () => {
      const page = await t.app.inject({ url: '/checkout' });
      expect(sessionIn(page.body)).toBeNull();
      expect(page.headers['cache-control']).toBe('no-cache');
      expect(page.headers.vary).toBe('Cookie');
    });

    it('a signed-in shopper: the user auth.session answers, and the page is theirs alone', async () => {
      const shopper = await signIn(t.app, 'customer@example.com');
      const page = await t.app.inject({ url: '/checkout?step=1', headers: { cookie: shopper.cookie } });
      expect(page.statusCode).toBe(200);
      expect(sessionIn(page.body)).toEqual(shopper.user);
      expect(page.headers['cache-control']).toMatch(/no-store/);
      const home = await t.app.inject({ url: '/', headers: { cookie: shopper.cookie } });
      expect(sessionIn(home.body)).toEqual(shopper.user);
    });

    it('a name that looks like markup cannot end the element early', async () => {
      const shopper = await signIn(t.app, 'markup@example.com');
      await t.dataSource.query(`UPDATE users SET first_name = $1 WHERE id = $2`, [
        '</script><script>alert(1)</script>',
        shopper.user.id,
      ]);
      const page = await t.app.inject({
        url: '/profile',
        headers: { cookie: shopper.cookie },
      });
      expect(page.body).not.toContain('<script>alert(1)');
      expect((sessionIn(page.body) as { firstName: string }).firstName).toBe(
        '</script><script>alert(1)</script>',
      );
    });

    it('the 404 page reads no session', async () => {
      const shopper = await signIn(t.app, 'customer@example.com');
      const missing = await t.app.inject({ url: '/no-such-page', headers: { cookie: shopper.cookie } });
      expect(missing.statusCode).toBe(404);
      expect(sessionIn(missing.body)).toBeUndefined();
    });
  });

  it('serves a picture under /products/ as the file, and a product id there as a page', async () => {
    const picture = await t.app.inject({ url: '/products/almonds.svg' });
    expect(picture.statusCode).toBe(200);
    expect(picture.body).toContain('<svg');
    expect(picture.headers['content-type']).toMatch(/svg/);
  });

  it('sends /favicon.ico to the icon the pages name', async () => {
    const icon = await t.app.inject({ url: '/favicon.ico' });
    expect(icon.statusCode).toBe(301);
    expect(icon.headers.location).toBe('/favicon.svg');
  });

  it('serves hashed assets with a long cache and other files revalidated', async () => {
    const asset = await t.app.inject({ method: 'GET', url: '/assets/app-1a2b3c.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.body).toBe('console.log("app")');
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const icon = await t.app.inject({ method: 'GET', url: '/favicon.svg' });
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['cache-control']).toBe('no-cache');
  });

  it('sends the precompressed asset the browser accepts, and the plain one to others', async () => {
    const url = '/assets/app-1a2b3c.js';
    const br = await t.app.inject({
      method: 'GET',
      url,
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe('console.log("app")');
    const gz = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe('console.log("app")');
    const plain = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe('console.log("app")');
  });

  it.each(['/no-such-page', '/shop/deeply/nested/unknown', '/cart/extra', '/admin/nope'])(
    'GET %s (no page of the app) → the app with status 404, which shows its 404 page',
    async (url) => {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(404);
      expect(response.headers['content-type']).toMatch(/^text\/html/);
      expect(response.body).toContain('spa-index-marker');
      expect(response.headers['cache-control']).toBe('no-cache');
    },
  );

  it('leaves API paths to the API: unknown ones are JSON 404s', async () => {
    for (const url of ['/api/nope', '/api', '/trpc', '/api/products/extra/segment']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(404);
      expect(response.headers['content-type'], url).toMatch(/^application\/json/);
      expect(response.body, url).not.toContain('spa-index-marker');
    }
  });

  it('still answers the API', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.json()).toEqual({ status: 'ok' });
  });

  it('answers other methods on client routes with a JSON 404', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/some/client/route' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ code: 'NOT_FOUND' });
  });
});

describe('without a built SPA', () => {
  it('answers every unknown path with a JSON 404', async () => {
    const bare = await startTestApp({ listen: false });
    try {
      const response = await bare.app.inject({ method: 'GET', url: '/some/client/route' });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ code: 'NOT_FOUND' });
    } finally {
      await bare.close();
    }
  });
});
