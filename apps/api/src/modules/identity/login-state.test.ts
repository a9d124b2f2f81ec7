import { describe, expect, test } from 'vitest';
import { safeReturnTo } from './login-state';

describe('safeReturnTo', () => {
  test.each([
    ['/orders', '/orders'],
    ['/orders?page=2#top', '/orders?page=2#top'],
    ['/admin/users/1/edit', '/admin/users/1/edit'],
    ['/a/../b', '/b'],
    ['/apiary', '/apiary'],
    ['/%0a/evil', '/%0a/evil'], // stays percent-encoded: a same-origin path
  ])('keeps the same-origin path %s', (input, expected) => {
    expect(safeReturnTo(input)).toBe(expected);
  });

  test.each([
    undefined,
    '',
    ['/orders'],
    'orders',
    '//evil.com',
    '///evil.com',
    '/\\evil.com',
    '\\\\evil.com',
    '/.//evil.com',
    '/\nevil',
    'https://evil.com',
    'http:/evil.com',
    'javascript:alert(1)',
    '/api/logout',
    '/api',
    '/oidc/auth',
    '/trpc/x',
    `/${'a'.repeat(2100)}`,
  ])('turns %j into /', (input) => {
    expect(safeReturnTo(input)).toBe('/');
  });
});
