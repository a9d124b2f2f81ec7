import { afterEach, describe, expect, it } from 'vitest';
import { isAllowedPictureUrl, pictureUrlMessage, setPictureHosts, shownPictureUrl } from './picture-rule';
import { ProductInput } from './products';

afterEach(() => setPictureHosts([]));

describe('the picture rule', () => {
  it('takes the shop’s own pictures and https addresses on the listed hosts only', () => {
    setPictureHosts(['cdn.example.com']);
    for (const ok of [
      '/products/gala-apples.svg',
      '/products/a/b.png',
      'https://cdn.example.com/x.png?w=2',
    ]) {
      expect(isAllowedPictureUrl(ok), ok).toBe(true);
    }
    for (const bad of [
      '/api/logout',
      '/trpc/auth.me',
      '/oidc/session/end',
      '/products/../api/logout',
      '/products/%2e%2e/api/logout',
      '/products/',
      '//cdn.example.com/x.png',
      '\\\\evil.example/x.png',
      'http://cdn.example.com/x.png',
      'https://cdn.example.com.evil.example/x.png',
      'https://other.example/x.png',
      'HTTPS://user@cdn.example.com/x.png',
      'javascript:alert(1)',
      'data:image/png;base64,AAAA',
    ]) {
      expect(isAllowedPictureUrl(bad), bad).toBe(false);
    }
  });

  it('without hosts, only the shop’s own pictures; the web accepts any https host', () => {
    expect(isAllowedPictureUrl('https://cdn.example.com/x.png')).toBe(false);
    expect(pictureUrlMessage()).toBe('Image URL must be one of the shop’s pictures (/products/…)');
    setPictureHosts('any');
    expect(isAllowedPictureUrl('https://cdn.example.com/x.png')).toBe(true);
    expect(isAllowedPictureUrl('/api/logout')).toBe(false);
  });

  it('a stored address that fails is not shown', () => {
    expect(shownPictureUrl('/api/logout')).toBeNull();
    expect(shownPictureUrl('/products/bananas.svg')).toBe('/products/bananas.svg');
    expect(shownPictureUrl(null)).toBeNull();
  });

  it('is the product form’s imageUrl rule, with its field message', () => {
    const base = { name: 'A', description: 'B', price: '1.00', stock: 1, categoryId: crypto.randomUUID() };
    const result = ProductInput.safeParse({ ...base, imageUrl: '/api/logout' });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['imageUrl', 'Image URL must be one of the shop’s pictures (/products/…)'],
    ]);
    expect(ProductInput.parse({ ...base, imageUrl: '  ' }).imageUrl).toBeNull();
  });
});
