/** /robots.txt and /sitemap.xml: real files for crawlers, from the route table and the categories. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CategoryEntity } from '@shop/db';
import { startTestApp, type TestApp } from '../test/test-app';

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp({ listen: false, env: { PUBLIC_URL: 'https://shop.example.com' } });
});

afterAll(async () => {
  await t?.close();
});

describe('crawler files', () => {
  it('robots.txt keeps crawlers out of the staff area, the account screens and the API', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/robots.txt' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain/);
    const lines = response.body.split('\n');
    expect(lines[0]).toBe('User-agent: *');
    for (const path of [
      '/admin',
      '/orders',
      '/dashboard',
      '/profile',
      '/checkout',
      '/cart',
      '/api/',
      '/trpc/',
    ]) {
      expect(lines).toContain(`Disallow: ${path}`);
    }
    expect(lines).not.toContain('Disallow: /');
    expect(lines).toContain('Sitemap: https://shop.example.com/sitemap.xml');
  });

  it('sitemap.xml lists the storefront and every category page, with absolute URLs', async () => {
    const categories = await t.dataSource.getRepository(CategoryEntity).find();
    expect(categories.length).toBeGreaterThan(0);
    const response = await t.app.inject({ method: 'GET', url: '/sitemap.xml' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/xml/);
    const locs = [...response.body.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1]);
    expect(locs[0]).toBe('https://shop.example.com/');
    for (const category of categories) {
      expect(locs).toContain(`https://shop.example.com/?category=${category.id}`);
    }
    expect(locs.some((loc) => loc?.includes('/admin'))).toBe(false);
  });
});
