/**
 * The composition root's tRPC half: every module's router under its name, and what the base layer
 * takes from modules by registration (the audit log's recorder of refused staff calls). It stands
 * above the modules beside app.ts; `trpc/` keeps only what modules build on.
 */
import { router, createCallerFactory, recordAccessDeniedWith } from './trpc/trpc';
import { recordAccessDenied } from './modules/audit/access-denied';
import { authRouter } from './modules/identity/auth.router';
import { categoriesRouter } from './modules/catalogue/categories.router';
import { productsRouter } from './modules/catalogue/products.router';
import { adminRouter } from './modules/analytics/admin.router';
import { inventoryRouter } from './modules/inventory/inventory.router';
import { orderManagementRouter } from './modules/orders/order-management.router';
import { ordersRouter } from './modules/orders/orders.router';
import { addressesRouter } from './modules/identity/addresses.router';
import { profileRouter } from './modules/identity/profile.router';
import { usersRouter } from './modules/identity/users.router';
import { permissionGroupsRouter, permissionsRouter, rolesRouter } from './modules/identity/roles.router';
import { liveEventsRouter, orderEventsRouter } from './modules/live-events/live-events.router';
import { apiTokensRouter } from './modules/identity/api-tokens.router';
import { auditRouter } from './modules/audit/audit.router';
import { outboxRouter } from './modules/mail/outbox.router';
import { analyticsRouter } from './modules/analytics/analytics.router';
import { settingsRouter } from './modules/settings/settings.router';
import { deliveryRouter } from './modules/delivery/delivery.router';

recordAccessDeniedWith(recordAccessDenied);

export const appRouter = router({
  auth: authRouter,
  categories: categoriesRouter,
  products: productsRouter,
  analytics: analyticsRouter,
  admin: adminRouter,
  inventory: inventoryRouter,
  orderManagement: orderManagementRouter,
  orders: ordersRouter,
  orderEvents: orderEventsRouter,
  liveEvents: liveEventsRouter,
  addresses: addressesRouter,
  profile: profileRouter,
  users: usersRouter,
  roles: rolesRouter,
  permissions: permissionsRouter,
  permissionGroups: permissionGroupsRouter,
  apiTokens: apiTokensRouter,
  audit: auditRouter,
  outbox: outboxRouter,
  settings: settingsRouter,
  delivery: deliveryRouter,
});

export type AppRouter = typeof appRouter;
export const createCaller = createCallerFactory(appRouter);
