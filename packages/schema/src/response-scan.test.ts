import { describe, expect, it } from 'vitest';
import { findCardNumbers, scanResponse, type ScannedAnswer } from './response-scan';

const SECURE_HEADERS = {
  'content-security-policy': "default-src 'self';frame-ancestors 'self'",
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'strict-transport-security': 'max-age=15552000',
  'cache-control': 'no-store',
  'content-type': 'application/json; charset=utf-8',
};

const answer = (overrides: Partial<ScannedAnswer> = {}): ScannedAnswer => ({
  method: 'GET',
  url: 'https://shop.example.com/api/orders',
  status: 200,
  headers: { ...SECURE_HEADERS },
  body: '{"id":"6f1c3b2e-1234-4000-8000-000000000000","total":"12.50","createdAt":"2026-11-25T18:00:00.000Z"}',
  signedIn: true,
  ...overrides,
});

describe('scanResponse', () => {
  it('finds nothing in a clean answer', () => {
    expect(scanResponse(answer())).toEqual([]);
  });

  it('names each missing security header; HSTS only over https', () => {
    const bare = { 'content-type': 'application/json', 'cache-control': 'no-store' };
    expect(scanResponse(answer({ headers: bare }))).toEqual([
      'GET /api/orders → 200: no Content-Security-Policy',
      'GET /api/orders → 200: neither CSP frame-ancestors nor X-Frame-Options (clickjacking)',
      'GET /api/orders → 200: X-Content-Type-Options is not nosniff',
      'GET /api/orders → 200: no Referrer-Policy',
      'GET /api/orders → 200: no Strict-Transport-Security over https',
    ]);
    const { 'strict-transport-security': _hsts, ...overHttp } = SECURE_HEADERS;
    expect(scanResponse(answer({ url: 'http://localhost/api/orders', headers: overHttp }))).toEqual([]);
  });

  it('checks every cookie: HttpOnly, SameSite, Path, and Secure over https', () => {
    const headers = {
      ...SECURE_HEADERS,
      'set-cookie': ['__Host-shop_sid=abc; Path=/; HttpOnly; Secure; SameSite=Lax', 'tracker=1; Path=/'],
    };
    expect(scanResponse(answer({ headers }))).toEqual([
      'GET /api/orders → 200: cookie tracker lacks HttpOnly, SameSite, Secure',
    ]);
  });

  it('wants no-store on a signed-in api answer only', () => {
    const { 'cache-control': _cache, ...cacheable } = SECURE_HEADERS;
    expect(scanResponse(answer({ headers: cacheable }))).toEqual([
      'GET /api/orders → 200: a signed-in api answer without Cache-Control: no-store',
    ]);
    expect(scanResponse(answer({ headers: cacheable, signedIn: false }))).toEqual([]);
  });

  it('finds secrets, API tokens outside their creation, and card numbers in bodies', () => {
    const token = `shop_${'A'.repeat(43)}`;
    expect(
      scanResponse(answer({ body: '{"x":"the-session-id-123"}' }), { secrets: ['the-session-id-123'] }),
    ).toEqual(['GET /api/orders → 200: the body contains a secret (the-…)']);
    expect(scanResponse(answer({ body: `{"token":"${token}"}` }))).toEqual([
      'GET /api/orders → 200: the body contains an API token',
    ]);
    expect(
      scanResponse(
        answer({
          method: 'POST',
          url: 'https://shop.example.com/api/admin/api-tokens',
          body: `{"token":"${token}"}`,
        }),
      ),
    ).toEqual([]);
    expect(scanResponse(answer({ body: '{"notes":"card 4242 4242 4242 4242"}' }))).toEqual([
      'GET /api/orders → 200: the body contains a card number (4242 last)',
    ]);
  });

  it('tells card numbers from ids, timestamps that fail Luhn, and prices', () => {
    expect(findCardNumbers('4111-1111-1111-1111 and 5555555555554444')).toHaveLength(2);
    expect(findCardNumbers('"6f1c3b2e-1234-4000-8000-000000000000" 1795632137906 12.50 1234')).toEqual([]);
    // Digits inside an email (a test account made of a timestamp and a random number).
    expect(findCardNumbers('{"email":"shopper-1764097212345-1239@example.com"}')).toEqual([]);
    // A millisecond timestamp, even one that happens to pass the Luhn check.
    expect(findCardNumbers('{"at":1795632137901}')).toEqual([]);
  });
});
