/** The cross-site write rules (415 / 403) and the sign-in rate limit, through app.inject. */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startTestApp, type TestApp } from '../test/test-app';

let shop: TestApp;
beforeAll(async () => {
  shop = await startTestApp({ listen: false, env: { PUBLIC_URL: 'https://shop.example.com' } });
});
afterAll(async () => {
  await shop?.close();
});

describe('writes must be JSON', () => {
  test('POST to an /api path with text/plain → 415', async () => {
    const response = await shop.app.inject({
      method: 'POST',
      url: '/api/products',
      headers: { 'content-type': 'text/plain' },
      payload: '{"name":"x"}',
    });
    expect(response.statusCode).toBe(415);
    expect(response.json()).toEqual({
      message: 'Content-Type must be application/json',
      code: 'UNSUPPORTED_MEDIA_TYPE',
    });
  });

  test.each([
    ['application/x-www-form-urlencoded', 'name=x'],
    ['multipart/form-data; boundary=x', '--x--'],
    ['application/jsonp', '{}'],
  ])('%s → 415, on /trpc too', async (contentType, payload) => {
    for (const url of ['/api/orders', '/trpc/products.list']) {
      const response = await shop.app.inject({
        method: 'POST',
        url,
        headers: { 'content-type': contentType },
        payload,
      });
      expect(response.statusCode).toBe(415);
      expect(response.json().code).toBe('UNSUPPORTED_MEDIA_TYPE');
    }
  });

  test('a body without any content type → 415', async () => {
    const response = await shop.app.inject({
      method: 'PUT',
      url: '/api/products/1',
      payload: Buffer.from('{}'),
      headers: { 'content-length': '2' },
    });
    expect(response.headers['content-type']).toMatch(/json/);
    expect(response.statusCode).toBe(415);
  });

  test('JSON (with a charset) passes the guard; so does a DELETE without body or content type', async () => {
    const json = await shop.app.inject({
      method: 'POST',
      url: '/api/does-not-exist',
      headers: { 'content-type': 'application/json; charset=utf-8' },
      payload: '{}',
    });
    expect(json.statusCode).toBe(404);
    const del = await shop.app.inject({ method: 'DELETE', url: '/api/does-not-exist' });
    expect(del.statusCode).toBe(404);
  });

  test('reads are not concerned', async () => {
    const response = await shop.app.inject({
      method: 'GET',
      url: '/api/categories',
      headers: { 'content-type': 'text/plain' },
    });
    expect(response.statusCode).toBe(200);
  });
});

describe('writes with an Origin must come from the shop', () => {
  test('a foreign Origin → 403, before anything else', async () => {
    const response = await shop.app.inject({
      method: 'POST',
      url: '/api/products',
      headers: { origin: 'https://evil.example', 'content-type': 'text/plain' },
      payload: 'x',
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ message: 'Cross-site requests are not allowed', code: 'FORBIDDEN' });
  });

  test.each(['null', 'https://shop.example.com.evil.example', 'http://shop.example.com:8080', 'not a url'])(
    'Origin %s → 403',
    async (origin) => {
      const response = await shop.app.inject({
        method: 'PATCH',
        url: '/trpc/anything',
        headers: { origin, 'content-type': 'application/json' },
        payload: '{}',
      });
      expect(response.statusCode).toBe(403);
    },
  );

  test('PUBLIC_URL and the host the request was sent to are the shop', async () => {
    for (const [origin, host] of [
      ['https://shop.example.com', 'internal:3000'],
      ['http://localhost', 'localhost'],
      ['https://api.internal:8443', 'api.internal:8443'],
    ]) {
      const response = await shop.app.inject({
        method: 'POST',
        url: '/api/does-not-exist',
        headers: { origin: origin!, host: host!, 'content-type': 'application/json' },
        payload: '{}',
      });
      expect(response.statusCode, origin).toBe(404);
    }
  });

  test('a foreign Origin on a read is fine (CORS decides what the page may read)', async () => {
    const response = await shop.app.inject({
      method: 'GET',
      url: '/api/categories',
      headers: { origin: 'https://evil.example' },
    });
    expect(response.statusCode).toBe(200);
  });
});

test('security headers are set on API answers', async () => {
  const response = await shop.app.inject({ method: 'GET', url: '/api/health' });
  expect(response.headers['x-content-type-options']).toBe('nosniff');
  expect(response.headers['content-security-policy']).toContain("default-src 'self'");
});

describe('sign-in rate limit', () => {
  let limited: TestApp;
  beforeAll(async () => {
    limited = await startTestApp({ listen: false, env: { LOGIN_RATE_LIMIT_PER_MINUTE: undefined } });
  });
  afterAll(async () => {
    await limited?.close();
  });

  test('the 21st /api/login in a minute from one IP → 429 in the documented shape', async () => {
    expect(limited.env.LOGIN_RATE_LIMIT_PER_MINUTE).toBe(20);
    for (let i = 0; i < 20; i++) {
      const response = await limited.app.inject({ method: 'GET', url: '/api/login' });
      expect(response.statusCode).toBe(302);
    }
    const response = await limited.app.inject({ method: 'GET', url: '/api/login' });
    expect(response.statusCode).toBe(429);
    expect(response.json()).toEqual({
      message: expect.stringMatching(/^Too many requests/),
      code: 'TOO_MANY_REQUESTS',
    });
    expect(response.headers['retry-after']).toBeDefined();

    // Another client is not affected; the rest of the api is not limited.
    const other = await limited.app.inject({ method: 'GET', url: '/api/login', remoteAddress: '10.1.2.3' });
    expect(other.statusCode).toBe(302);
    const products = await limited.app.inject({ method: 'GET', url: '/api/products' });
    expect(products.statusCode).toBe(200);
  });

  test('/api/callback is limited too', async () => {
    let last = 0;
    for (let i = 0; i < 21; i++) {
      last = (
        await limited.app.inject({
          method: 'GET',
          url: '/api/callback?code=x&state=y',
          remoteAddress: '10.9.9.9',
        })
      ).statusCode;
    }
    expect(last).toBe(429);
  });
});
