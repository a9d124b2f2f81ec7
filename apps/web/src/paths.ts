/** Every URL the web links to, in one place. */
export const paths = {
  home: '/',
  cart: '/cart',
  checkout: '/checkout',
  login: '/login',
  signup: '/signup',
  forgotPassword: '/forgot-password',
  resetPassword: '/reset-password',
  dashboard: '/dashboard',
  profile: '/profile',
  orders: '/orders',
  product: (id: string) => `/products/${id}`,
  admin: '/admin',
  adminUsers: '/admin/users',
  adminUsersCreate: '/admin/users/create',
  adminUserEdit: (id: string) => `/admin/users/${id}/edit`,
  adminInventory: '/admin/inventory',
  adminOrders: '/admin/orders',
  adminPicking: '/admin/picking',
  adminPermissions: '/admin/permissions',
  adminApiTokens: '/admin/api-tokens',
  adminAuditLog: '/admin/audit-log',
  adminOutbox: '/admin/outbox',
  adminDelivery: '/admin/delivery',
  /** Server routes: full-page navigations, not router links. */
  apiLogin: '/api/login',
  apiLogout: '/api/logout',
} as const;

/** The sign-in navigation, coming back to `returnTo` (a same-origin path) afterwards. */
export function loginUrl(returnTo?: string): string {
  return returnTo ? `${paths.apiLogin}?returnTo=${encodeURIComponent(returnTo)}` : paths.apiLogin;
}
