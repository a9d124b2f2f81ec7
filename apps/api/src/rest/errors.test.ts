/**
 * What every failure looks like on the wire (docs/architecture.md §3): the documented JSON, the right status,
 * security headers, and never a stack trace or SQL, even when the server itself fails.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoInternals } from '../test/expect-no-internals';
import { startTestApp, type TestApp } from '../test/test-app';

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp({ listen: false });
});

afterAll(async () => {
  await t?.close();
});

describe('error answers', () => {
  it('GET /api/auth/user signed out → 401 {"message":"Unauthorized","code":"UNAUTHORIZED"}', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/auth/user' });
    expect(response.statusCode).toBe(401);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.json()).toEqual({ message: 'Unauthorized', code: 'UNAUTHORIZED' });
  });

  it.each([
    ['GET', '/api/nope'],
    ['GET', '/api/'],
    ['GET', '/api'],
    ['POST', '/api/nope'],
    ['DELETE', '/api/products'],
    ['GET', '/trpc'],
  ] as const)('%s %s → 404 JSON', async (method, url) => {
    const response = await t.app.inject({ method, url });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    const body = response.json();
    expect(body.code).toBe('NOT_FOUND');
    expect(typeof body.message).toBe('string');
  });

  it('a body over the limit → 413 in the documented format', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/trpc/auth.me',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ filler: 'x'.repeat(2 * 1024 * 1024) }),
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ message: expect.any(String), code: 'PAYLOAD_TOO_LARGE' });
  });

  it('a body that is not JSON on a JSON path → 4xx, not a 500', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/trpc/auth.me',
      headers: { 'content-type': 'application/json' },
      payload: '{"not json',
    });
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(response.statusCode).toBeLessThan(500);
    expectNoInternals(response.body);
  });
});

describe('security headers', () => {
  it.each([
    ['GET', '/api/products', 200],
    ['GET', '/api/health', 200],
    ['GET', '/api/auth/user', 401],
    ['GET', '/api/products?categoryId=x', 400],
    ['GET', '/api/nope', 404],
    ['GET', '/trpc/categories.list', 200],
  ] as const)('%s %s (%i) carries them', async (method, url, status) => {
    const response = await t.app.inject({ method, url });
    expect(response.statusCode).toBe(status);
    const headers = response.headers;
    expect(headers['content-security-policy']).toContain("default-src 'self'");
    expect(headers['content-security-policy']).toContain("frame-ancestors 'self'");
    expect(headers['content-security-policy']).not.toContain('upgrade-insecure-requests');
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(headers['referrer-policy']).toBe('no-referrer');
    expect(headers['strict-transport-security']).toMatch(/max-age=\d+/);
    expect(headers['cross-origin-opener-policy']).toBe('same-origin');
    expect(headers['x-powered-by']).toBeUndefined();
  });
});

describe('no stack trace or SQL in any answer', () => {
  it('holds across ordinary and failing requests', async () => {
    const urls = [
      '/api/products',
      '/api/products?search=%27%20OR%201%3D1--',
      '/api/products?categoryId=%27',
      '/api/products/%27%3B%20SELECT%201',
      '/api/products/6f1c3b2e-0000-4000-8000-000000000000',
      '/api/categories',
      '/api/auth/user',
      '/api/nope',
      '/trpc/products.list?input=%7B',
      '/trpc/products.byId?input=%7B%22id%22%3A1%7D',
    ];
    for (const url of urls) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBeLessThan(500);
      expectNoInternals(response.body);
    }
  });

  it('holds when the database itself fails: a generic 500 for REST and tRPC', async () => {
    const broken = await startTestApp({ listen: false });
    try {
      await broken.db.dataSource.query('ALTER TABLE products RENAME TO products_moved_away');
      for (const url of ['/api/products', '/trpc/products.list']) {
        const response = await broken.app.inject({ method: 'GET', url });
        expect(response.statusCode, url).toBe(500);
        expectNoInternals(response.body);
        expect(response.body).not.toMatch(/products_moved_away|relation|does not exist|categories c/);
        expect(response.body).toContain('Something went wrong on our side. Please try again.');
      }
      expect((await broken.app.inject({ method: 'GET', url: '/api/products' })).json()).toEqual({
        message: 'Something went wrong on our side. Please try again.',
        code: 'INTERNAL_SERVER_ERROR',
      });
    } finally {
      await broken.close();
    }
  });
});
