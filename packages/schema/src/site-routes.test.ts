import { describe, expect, it } from 'vitest';
import { PRIVATE_PATH_PREFIXES, canonicalPath, documentTitle, findSiteRoute } from './site-routes';

describe('the site route table', () => {
  it.each([
    ['/', 'Fresh food, beverages and produce'],
    ['/checkout', 'Checkout'],
    ['/checkout/', 'Checkout'],
    ['/admin/users/4b1c/edit', 'Edit User · Admin'],
  ])('finds %s', (path, title) => {
    expect(findSiteRoute(path)?.title).toBe(title);
  });

  it.each(['/no-such-page', '/cart/extra', '/admin/users/4b1c', '/admin/nope', '/robots.txt'])(
    'knows %s is not a page',
    (path) => {
      expect(findSiteRoute(path)).toBeUndefined();
    },
  );

  it('names the screen before the shop', () => {
    expect(documentTitle('Checkout')).toBe('Checkout · FreshCart');
    expect(documentTitle()).toBe('FreshCart');
    expect(documentTitle('Checkout', 'Corner Grocer')).toBe('Checkout · Corner Grocer');
  });

  it('keeps the admin area and every account screen away from crawlers, not the storefront', () => {
    expect(PRIVATE_PATH_PREFIXES).toContain('/admin');
    expect(PRIVATE_PATH_PREFIXES).toContain('/orders');
    expect(PRIVATE_PATH_PREFIXES).not.toContain('/admin/users');
    expect(PRIVATE_PATH_PREFIXES).not.toContain('/');
  });

  it('gives crawlable pages a canonical address: the path, and the storefront its category', () => {
    const id = '0b8f6c1e-1111-4222-8333-444455556666';
    expect(canonicalPath('/')).toBe('/');
    expect(canonicalPath('/', `?q=tea&category=${id}&utm_source=x`)).toBe(`/?category=${id}`);
    expect(canonicalPath('/', '?q=tea')).toBe('/');
    expect(canonicalPath('/checkout')).toBeNull();
    expect(canonicalPath('/admin/users')).toBeNull();
    expect(canonicalPath('/no-such-page')).toBeNull();
  });
});
