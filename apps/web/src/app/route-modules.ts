/**
 * What each screen's first render needs beyond the entry script, by route path (the patterns of
 * packages/schema/src/site-routes.ts). The build turns it into `route-preloads.json` (the
 * `routePreloads` plugin in vite.config.ts), and the api lists those chunks as modulepreload links
 * in the page it answers for that path (apps/api/src/http/spa.ts): a phone opening /checkout
 * fetches the layout and the checkout screen alongside the entry, not one after the other
 * (docs/accessibility.md, "Phones").
 *
 * Paths are the source modules the router imports lazily (src/app/router.tsx and the route files
 * it spreads in); a module the build cannot find fails the build. A route not listed here gets the
 * layout only. The admin area's chunk is never listed: a shopper who types /admin must not
 * download it (the guard decides first).
 */
export const LAYOUT_MODULE = 'src/app/layout/app-layout.tsx';

export const SCREEN_MODULES: Readonly<Record<string, string>> = {
  '/products/:id': 'src/features/catalogue/routes/product.page.tsx',
  '/cart': 'src/features/cart/routes/cart.page.tsx',
  '/checkout': 'src/features/checkout/routes/checkout.page.tsx',
  '/orders': 'src/features/orders/routes/orders.page.tsx',
  '/dashboard': 'src/features/dashboard/routes/dashboard.page.tsx',
  '/profile': 'src/features/profile/routes/profile.page.tsx',
  '/login': 'src/features/auth/routes/login.page.tsx',
  '/signup': 'src/features/auth/routes/signup.page.tsx',
  '/forgot-password': 'src/features/auth/routes/forgot-password.page.tsx',
  '/reset-password': 'src/features/auth/routes/reset-password.page.tsx',
};
