// @vitest-environment jsdom
/**
 * Every screen of the web's router is in the shared route table (packages/schema/src/site-routes.ts)
 * with a title of its own, and the table names no screen the router lacks. The api answers a path
 * outside that table with 404 and titles its page from it (apps/api/src/http/site-pages.test.ts
 * requests every path of the table), so a screen missing here answered 404 "Page Not Found"
 * (issue 33: /admin/picking and /admin/delivery).
 */
import { afterAll, describe, expect, it } from 'vitest';
import type { ReactElement, ReactNode } from 'react';
import { createRoutesFromChildren, type RouteObject } from 'react-router-dom';
import { NOT_FOUND_TITLE, SITE_ROUTES, findSiteRoute } from '@shop/schema';
import { router } from './router';
// The admin area is a lazily loaded chunk, not part of the admin shell's face: this test alone reads
// its route table directly.
// eslint-disable-next-line boundaries/dependencies
import AdminArea from '../features/admin/admin-area';

/**
 * The route tables drawn by a component under a splat route (`/admin/*`): the admin area is its own
 * chunk, and its screens are `<Route>`s inside `<Routes>` (features/admin/admin-area.tsx).
 */
const DESCENDANT_ROUTES: Record<string, () => RouteObject[]> = {
  '/admin/*': () => {
    const routes = AdminArea() as ReactElement<{ children: ReactNode }>;
    return createRoutesFromChildren(routes.props.children);
  },
};

const joinPath = (base: string, path: string) =>
  path.startsWith('/') ? path : `${base.replace(/\/$/, '')}/${path}`;

/** Every path a screen is drawn at, as a react-router pattern ('/admin/users/:id/edit'). */
function screenPaths(routes: readonly RouteObject[], base: string): string[] {
  return routes.flatMap((route) => {
    if (route.path === '*') return []; // the 404 page
    const path = route.path === undefined ? base : joinPath(base, route.path);
    if (path.endsWith('/*')) {
      const descendants = DESCENDANT_ROUTES[path];
      if (!descendants) throw new Error(`${path}: no descendant route table known to this test`);
      return screenPaths(descendants(), path.slice(0, -2) || '/');
    }
    const own = route.index || (route.path !== undefined && !route.children) ? [path] : [];
    return [...own, ...screenPaths(route.children ?? [], path)];
  });
}

const pattern = (path: string) => path.replace(/:\w+/g, ':param');
const sample = (path: string) => path.replace(/:\w+/g, '0b8f6c1e-1111-4222-8333-444455556666');

afterAll(() => router.dispose());

describe("the web's router and the shared route table", () => {
  const paths = screenPaths(router.routes as RouteObject[], '/');

  it('finds the shopper and staff screens', () => {
    expect(paths).toEqual(
      expect.arrayContaining(['/', '/checkout', '/admin', '/admin/picking', '/admin/delivery']),
    );
  });

  it('has every screen of the router in the table, and nothing else', () => {
    expect([...new Set(paths.map(pattern))].sort()).toEqual(
      SITE_ROUTES.map((route) => pattern(route.path)).sort(),
    );
  });

  it.each(paths)('%s is a page of the table (not the 404 page)', (path) => {
    expect(findSiteRoute(sample(path))?.path).toBe(path);
  });

  it('gives every screen a title of its own, none of them the 404 title', () => {
    const titles = SITE_ROUTES.map((route) => route.title);
    expect(new Set(titles).size).toBe(titles.length);
    expect(titles).not.toContain(NOT_FOUND_TITLE);
  });
});
