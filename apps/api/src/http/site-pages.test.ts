/**
 * Every page of the shared route table (packages/schema/src/site-routes.ts) answers 200 with its
 * own title, the shopper's and the staff's alike; anything else answers 404 titled "Page Not
 * Found". apps/web/src/app/site-routes.test.tsx holds the table to the web's router, so together
 * they walk every screen the router draws (issue 33: /admin/picking answered 404).
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NOT_FOUND_TITLE, SITE_ROUTES, documentTitle } from '@shop/schema';
import { startTestApp, type TestApp } from '../test/test-app';
import { signIn } from '../test/sign-in';

/** The built page as the web's build writes it (apps/web/index.html): a title and the shop's description. */
const INDEX =
  '<!doctype html><html lang="en"><head><meta charset="UTF-8" />' +
  '<meta name="description" content="Fresh produce, delivered." /><title>FreshCart Market</title></head>' +
  '<body><div id="root"></div></body></html>';
const webDist = mkdtempSync(join(tmpdir(), 'shop-site-pages-'));
let t: TestApp;
let productId: string;
let productName: string;

const titleOf = (body: string) => /<title>([^<]*)<\/title>/.exec(body)?.[1];

beforeAll(async () => {
  mkdirSync(join(webDist, 'assets'));
  writeFileSync(join(webDist, 'index.html'), INDEX);
  t = await startTestApp({ listen: false, env: { WEB_DIST: webDist } });
  const [product]: { id: string; name: string }[] = await t.dataSource.query(
    `SELECT id, name FROM products WHERE is_active ORDER BY name LIMIT 1`,
  );
  productId = product!.id;
  productName = product!.name;
});

afterAll(async () => {
  await t?.close();
  rmSync(webDist, { recursive: true, force: true });
});

/** A route path with its parameters filled in: a real product for its page, any id elsewhere. */
const urlOf = (path: string) =>
  path === '/products/:id'
    ? `/products/${productId}`
    : path.replace(/:\w+/g, '0b8f6c1e-1111-4222-8333-444455556666');

describe('the pages of the route table', () => {
  it.each(SITE_ROUTES.map((route) => [route.path, route.title] as const))(
    '%s answers 200 titled with its own screen',
    async (path, title) => {
      const page = await t.app.inject({ url: urlOf(path) });
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-type']).toMatch(/^text\/html/);
      expect(titleOf(page.body)).toBe(
        path === '/products/:id' ? documentTitle(productName) : documentTitle(title),
      );
    },
  );

  it('titles every page differently, as a signed-in admin sees them too', async () => {
    const admin = await signIn(t.app, 'admin@example.com');
    const titles: string[] = [];
    for (const route of SITE_ROUTES) {
      const page = await t.app.inject({ url: urlOf(route.path), headers: { cookie: admin.cookie } });
      expect(page.statusCode, route.path).toBe(200);
      titles.push(titleOf(page.body) ?? '');
    }
    expect(new Set(titles).size).toBe(SITE_ROUTES.length);
    expect(titles).not.toContain(documentTitle(NOT_FOUND_TITLE));
  });

  it('answers the staff screens once missing from the table with their titles', async () => {
    for (const [url, title] of [
      ['/admin/picking', 'Picking · Admin · FreshCart'],
      ['/admin/delivery', 'Delivery · Admin · FreshCart'],
    ]) {
      const page = await t.app.inject({ url: url! });
      expect(page.statusCode, url).toBe(200);
      expect(titleOf(page.body), url).toBe(title);
    }
  });

  it.each([
    '/no-such-page',
    '/admin/nope',
    '/admin/picking/extra',
    `/products/${'0'.repeat(8)}-0000-4000-8000-000000000000`,
  ])('%s is no page: 404 titled "Page Not Found"', async (url) => {
    const page = await t.app.inject({ url });
    expect(page.statusCode).toBe(404);
    expect(titleOf(page.body)).toBe('Page Not Found · FreshCart');
  });
});
