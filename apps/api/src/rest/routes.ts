/**
 * The REST adapter's one route table: each documented `/api` path names the tRPC procedure it calls
 * (through a caller), so validation and authorization exist once (docs/architecture.md §3), and the OpenAPI
 * document is generated from the same procedures' zod schemas (src/openapi).
 */
import type { FastifyRequest } from 'fastify';
import type { createCaller } from '../app-router';
import type { RequestContext } from '../context';
import { listVisibleOrders, orderBodyWithIdempotencyKey } from '../modules/orders/orders.rest';

export type Caller = ReturnType<typeof createCaller>;

/** 'router.procedure', e.g. 'products.create': every query and mutation the caller offers. */
export type ProcedurePath = {
  [R in keyof Caller]: Caller[R] extends Record<string, unknown>
    ? `${R & string}.${keyof Caller[R] & string}`
    : never;
}[keyof Caller];

export interface RestRoute {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  url: string;
  /** One line for the OpenAPI document. */
  summary: string;
  /** The procedure behind the path; its input schema is the path's body (writes) or query (reads). */
  procedure: ProcedurePath;
  /** Status on success (default 200). */
  status?: number;
  /** The procedure's input when it is not the default (see `routeInput`). */
  input?: (req: FastifyRequest) => unknown;
  /**
   * Calls more than the one procedure (GET /api/orders chooses by permission, and says in headers
   * how many there are); `ctx` is the request's, for its reply's headers.
   */
  call?: (caller: Caller, input: unknown, ctx: RequestContext) => Promise<unknown>;
}

type Params = Record<string, string>;

/** The query string as the procedure's input; no query at all means "no input". */
export function queryInput(req: FastifyRequest): Record<string, unknown> | undefined {
  const query = req.query as Record<string, unknown> | undefined;
  return query && Object.keys(query).length > 0 ? query : undefined;
}

/**
 * The default input: a read's (GET, DELETE) query string or a write's body, with the path's
 * parameters (`:id`) on top, so a body cannot point the call at another record.
 */
export function routeInput(route: RestRoute, req: FastifyRequest): unknown {
  if (route.input) return route.input(req);
  const source = route.method === 'GET' || route.method === 'DELETE' ? queryInput(req) : req.body;
  const params = req.params as Params;
  if (Object.keys(params).length === 0) return source;
  return { ...(source as object), ...params };
}

/** Runs a route's procedure (or its `call`) with its input. */
export function callRoute(route: RestRoute, caller: Caller, ctx: RequestContext): Promise<unknown> {
  const input = routeInput(route, ctx.req);
  if (route.call) return route.call(caller, input, ctx);
  const [router, name] = route.procedure.split('.') as [string, string];
  const procedure = (
    caller as unknown as Record<string, Record<string, (input: unknown) => Promise<unknown>>>
  )[router]![name]!;
  return procedure(input);
}

export const restRoutes: RestRoute[] = [
  { method: 'GET', url: '/api/auth/user', procedure: 'auth.me', summary: 'The signed-in user' },
  {
    method: 'DELETE',
    url: '/api/auth/sessions',
    procedure: 'auth.signOutEverywhere',
    summary: "Sign out everywhere: end every session of the caller, this one's included",
  },
  {
    method: 'GET',
    url: '/api/categories',
    procedure: 'categories.list',
    summary: 'The categories shoppers see, in the storefront order',
  },
  // Sales analytics (issue 19 item 5); the orders CSV export is analytics.routes.ts.
  {
    method: 'GET',
    url: '/api/admin/analytics',
    procedure: 'analytics.sales',
    summary: 'Sales over a range: revenue per period, orders by status, top products and categories',
  },
  // Categories managed by staff (issue 19 item 1).
  {
    method: 'GET',
    url: '/api/admin/categories',
    procedure: 'categories.adminList',
    summary: 'Every category, inactive ones included, with its product count',
  },
  {
    method: 'GET',
    url: '/api/admin/categories/:id',
    procedure: 'categories.byId',
    summary: 'One category as staff see it',
  },
  {
    method: 'POST',
    url: '/api/categories',
    procedure: 'categories.create',
    status: 201,
    summary: 'Create a category (at the end of the storefront order)',
  },
  {
    method: 'PUT',
    url: '/api/categories/order',
    procedure: 'categories.reorder',
    summary: 'Set the storefront order of the categories',
  },
  {
    method: 'PATCH',
    url: '/api/categories/:id',
    procedure: 'categories.update',
    summary: 'Change a category',
  },
  {
    method: 'DELETE',
    url: '/api/categories/:id',
    procedure: 'categories.delete',
    summary: 'Delete a category (or move its products to another first)',
  },
  {
    method: 'GET',
    url: '/api/products',
    procedure: 'products.list',
    summary: 'Active products (every product, with stock details, for staff who manage products)',
  },
  { method: 'GET', url: '/api/products/:id', procedure: 'products.byId', summary: 'One product' },
  // Admin: products, inventory and order management (issue 5).
  {
    method: 'GET',
    url: '/api/products/low-stock',
    procedure: 'inventory.lowStock',
    summary: 'Products at or under their low-stock threshold',
  },
  {
    method: 'GET',
    url: '/api/inventory/reorder',
    procedure: 'inventory.reorder',
    summary: 'Products due for buying in, with a suggested quantity from the last 28 days of sales',
  },
  {
    method: 'POST',
    url: '/api/products',
    procedure: 'products.create',
    status: 201,
    summary: 'Create a product',
  },
  { method: 'PUT', url: '/api/products/:id', procedure: 'products.update', summary: 'Replace a product' },
  {
    method: 'PATCH',
    url: '/api/products/:id',
    procedure: 'products.patch',
    summary: 'Change some of a product',
  },
  {
    method: 'DELETE',
    url: '/api/products/:id',
    procedure: 'products.delete',
    summary: 'Delete a product (deactivate it when it appears in an order)',
  },
  {
    method: 'PATCH',
    url: '/api/orders/:id/status',
    procedure: 'orderManagement.updateStatus',
    summary: "Change an order's status",
  },
  {
    method: 'PATCH',
    url: '/api/orders/:id/items/:itemId/weight',
    procedure: 'orderManagement.recordWeight',
    summary: 'Record the weight of a weighed line at picking (catch weight): its total and the order follow',
  },
  // Orders, addresses and profile (issue 4).
  {
    method: 'POST',
    url: '/api/orders',
    procedure: 'orders.create',
    status: 201,
    summary: 'Place an order (prices and stock checked by the server; Idempotency-Key header honoured)',
    input: orderBodyWithIdempotencyKey,
  },
  {
    method: 'GET',
    url: '/api/orders',
    procedure: 'orders.list',
    summary: "Orders, newest first: everybody's for order staff, else the caller's own",
    call: (caller, input, ctx) => listVisibleOrders(caller, input, ctx),
  },
  {
    method: 'GET',
    url: '/api/orders/:id',
    procedure: 'orders.byId',
    summary: 'One order with its items as bought and its status timeline',
  },
  {
    method: 'GET',
    url: '/api/settings',
    procedure: 'settings.get',
    summary: "The shop's settings: name, currency, delivery fee, tax and minimum order",
  },
  {
    method: 'PUT',
    url: '/api/settings',
    procedure: 'settings.update',
    summary: "Change the shop's settings (admins; send the version you loaded)",
  },
  {
    method: 'POST',
    url: '/api/orders/:id/cancel',
    procedure: 'orders.cancel',
    summary: 'Cancel your own pending order (its stock goes back)',
  },
  {
    method: 'GET',
    url: '/api/orders/:id/reorder',
    procedure: 'orders.reorder',
    summary: "Your order's lines as they can be bought today, for 'Buy again'",
  },
  {
    method: 'GET',
    url: '/api/user/addresses',
    procedure: 'addresses.list',
    summary: "The caller's addresses",
  },
  {
    method: 'POST',
    url: '/api/user/addresses',
    procedure: 'addresses.create',
    status: 201,
    summary: 'Add an address',
  },
  {
    method: 'PATCH',
    url: '/api/user/addresses/:id',
    procedure: 'addresses.update',
    summary: 'Edit an address',
  },
  {
    method: 'DELETE',
    url: '/api/user/addresses/:id',
    procedure: 'addresses.delete',
    status: 204,
    summary: 'Delete an address',
  },
  {
    method: 'PATCH',
    url: '/api/user/addresses/:id/default',
    procedure: 'addresses.setDefault',
    summary: 'Make an address the default',
  },
  {
    method: 'PATCH',
    url: '/api/user/profile',
    procedure: 'profile.update',
    summary: "Edit the caller's profile",
  },
  // User management, roles, permissions and permission groups (issue 6).
  { method: 'GET', url: '/api/users', procedure: 'users.list', summary: 'Every user' },
  { method: 'GET', url: '/api/users/:id', procedure: 'users.byId', summary: 'One user' },
  { method: 'POST', url: '/api/users', procedure: 'users.create', status: 201, summary: 'Create a user' },
  { method: 'PUT', url: '/api/users/:id', procedure: 'users.update', summary: 'Edit a user and their role' },
  { method: 'DELETE', url: '/api/users/:id', procedure: 'users.delete', summary: 'Delete a user' },
  {
    method: 'DELETE',
    url: '/api/users/:id/sessions',
    procedure: 'users.signOutEverywhere',
    summary: 'Sign a user out everywhere: end every session of the user',
  },
  { method: 'GET', url: '/api/admin/roles', procedure: 'roles.list', summary: 'Every role' },
  {
    method: 'POST',
    url: '/api/admin/roles',
    procedure: 'roles.create',
    status: 201,
    summary: 'Create a role',
  },
  { method: 'GET', url: '/api/admin/roles/:id', procedure: 'roles.byId', summary: 'One role' },
  { method: 'PATCH', url: '/api/admin/roles/:id', procedure: 'roles.update', summary: 'Edit a role' },
  { method: 'DELETE', url: '/api/admin/roles/:id', procedure: 'roles.delete', summary: 'Delete a role' },
  {
    method: 'PUT',
    url: '/api/admin/roles/:id/permission-groups',
    procedure: 'roles.setPermissionGroups',
    summary: "Set a role's permission groups",
  },
  {
    method: 'GET',
    url: '/api/admin/permissions',
    procedure: 'permissions.list',
    summary: 'Every permission',
  },
  {
    method: 'POST',
    url: '/api/admin/permissions',
    procedure: 'permissions.create',
    status: 201,
    summary: 'Create a permission',
  },
  {
    method: 'GET',
    url: '/api/admin/permission-groups',
    procedure: 'permissionGroups.list',
    summary: 'Every permission group',
  },
  {
    method: 'POST',
    url: '/api/admin/permission-groups',
    procedure: 'permissionGroups.create',
    status: 201,
    summary: 'Create a permission group',
  },
  {
    method: 'PUT',
    url: '/api/admin/permission-groups/:id/permissions',
    procedure: 'permissionGroups.setPermissions',
    summary: "Set a permission group's permissions",
  },
  // API tokens for scripts (issue 9).
  { method: 'GET', url: '/api/admin/api-tokens', procedure: 'apiTokens.list', summary: 'Every API token' },
  {
    method: 'POST',
    url: '/api/admin/api-tokens',
    procedure: 'apiTokens.create',
    status: 201,
    summary: 'Create an API token for a user (the answer holds the secret, shown once)',
  },
  {
    method: 'DELETE',
    url: '/api/admin/api-tokens/:id',
    procedure: 'apiTokens.revoke',
    summary: 'Revoke an API token',
  },
  // The audit log (issue 17).
  {
    method: 'GET',
    url: '/api/admin/audit-events',
    procedure: 'audit.page',
    summary: 'The audit log: security-relevant events, newest first, filtered and paged',
  },
  // Order emails (issue 19).
  {
    method: 'GET',
    url: '/api/admin/outbox',
    procedure: 'outbox.page',
    summary: 'The emails the shop has sent (or is sending), newest first, 50 a page',
  },
  {
    method: 'GET',
    url: '/api/admin/outbox/:id',
    procedure: 'outbox.message',
    summary: 'One sent email with its HTML and text',
  },
  // Delivery zones and slots (issue 21 part 1, docs/delivery-slots.md).
  {
    method: 'GET',
    url: '/api/delivery/slots',
    procedure: 'delivery.slots',
    summary: "The next days' open delivery slots for a shipping address (checkout)",
  },
  {
    method: 'GET',
    url: '/api/admin/delivery/zones',
    procedure: 'delivery.zones',
    summary: 'Delivery zones with their weekly slot templates',
  },
  {
    method: 'POST',
    url: '/api/admin/delivery/zones',
    procedure: 'delivery.createZone',
    summary: 'Create a delivery zone (postal-code prefixes; "" covers every code)',
    status: 201,
  },
  {
    method: 'PUT',
    url: '/api/admin/delivery/zones/:id',
    procedure: 'delivery.updateZone',
    summary: "Change a delivery zone's name and postal-code prefixes",
  },
  {
    method: 'DELETE',
    url: '/api/admin/delivery/zones/:id',
    procedure: 'delivery.deleteZone',
    summary: 'Delete a delivery zone and its slot templates (orders keep their slot)',
  },
  {
    method: 'POST',
    url: '/api/admin/delivery/templates',
    procedure: 'delivery.createTemplate',
    summary: 'Add a weekly slot template to a zone (weekday, window, capacity, cut-off, fee)',
    status: 201,
  },
  {
    method: 'PUT',
    url: '/api/admin/delivery/templates/:id',
    procedure: 'delivery.updateTemplate',
    summary: 'Change a slot template (applies to its slots at once)',
  },
  {
    method: 'DELETE',
    url: '/api/admin/delivery/templates/:id',
    procedure: 'delivery.deleteTemplate',
    summary: 'Delete a slot template',
  },
  {
    method: 'GET',
    url: '/api/admin/delivery/days/:date',
    procedure: 'delivery.day',
    summary: "A day's delivery slots with their load (booked / capacity), blocked or closed",
  },
  {
    method: 'PUT',
    url: '/api/admin/delivery/slots/:templateId/:date/blocked',
    procedure: 'delivery.setBlocked',
    summary: 'Block or unblock one delivery slot on one date (body: { "blocked": true })',
  },
];
