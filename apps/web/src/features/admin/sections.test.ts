/** Which sidebar item of the admin panel is active. */
import { describe, expect, it } from 'vitest';
import { activeSection } from './sections';

describe('the active sidebar item', () => {
  it.each([
    ['/admin', '', 'overview'],
    ['/admin/', '?section=products', 'products'],
    ['/admin', '?section=nonsense', 'overview'],
    ['/admin/inventory', '', 'inventory'],
    ['/admin/orders', '?section=products', 'orders'],
    ['/admin/picking', '', 'picking'],
    ['/admin/users/123/edit', '', 'users'],
    ['/admin/permissions', '', 'permissions'],
  ])('%s%s → %s', (pathname, search, expected) => {
    expect(activeSection(pathname, search)).toBe(expected);
  });
});
