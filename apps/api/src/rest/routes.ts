/**
 * The REST adapter's one route table: each documented `/api` path calls the same tRPC procedure
 * through a caller, so validation and authorization exist once (DESIGN.md §3).
 */
import type { FastifyRequest } from 'fastify';
import type { createCaller } from '../trpc/router';
import { listVisibleOrders, orderBodyWithIdempotencyKey } from '../modules/orders/orders.rest';

export type Caller = ReturnType<typeof createCaller>;

export interface RestRoute {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  url: string;
  /** Status on success (default 200). */
  status?: number;
  call: (caller: Caller, req: FastifyRequest) => Promise<unknown>;
}

type Params = Record<string, string>;

/** The query string as the procedure's input; no query at all means "no input". */
export function queryInput(req: FastifyRequest): Record<string, unknown> | undefined {
  const query = req.query as Record<string, unknown> | undefined;
  return query && Object.keys(query).length > 0 ? query : undefined;
}

export const params = (req: FastifyRequest) => req.params as Params;

export const restRoutes: RestRoute[] = [
  { method: 'GET', url: '/api/auth/user', call: (caller) => caller.auth.me() },
  { method: 'GET', url: '/api/categories', call: (caller) => caller.categories.list() },
  { method: 'GET', url: '/api/products', call: (caller, req) => caller.products.list(queryInput(req)) },
  { method: 'GET', url: '/api/products/:id', call: (caller, req) => caller.products.byId({ id: params(req).id! }) },
  // Admin: products, inventory and order management (issue 5).
  { method: 'GET', url: '/api/products/low-stock', call: (caller) => caller.inventory.lowStock() },
  { method: 'POST', url: '/api/products', status: 201, call: (caller, req) => caller.products.create(req.body as never) },
  {
    method: 'PUT',
    url: '/api/products/:id',
    call: (caller, req) => caller.products.update({ ...(req.body as object), id: params(req).id! } as never),
  },
  {
    method: 'PATCH',
    url: '/api/products/:id',
    call: (caller, req) => caller.products.patch({ ...(req.body as object), id: params(req).id! } as never),
  },
  { method: 'DELETE', url: '/api/products/:id', call: (caller, req) => caller.products.delete({ id: params(req).id! }) },
  {
    method: 'PATCH',
    url: '/api/orders/:id/status',
    call: (caller, req) => caller.orderManagement.updateStatus({ ...(req.body as object), id: params(req).id! } as never),
  },
  // Orders, addresses and profile (issue 4).
  {
    method: 'POST',
    url: '/api/orders',
    status: 201,
    call: (caller, req) => caller.orders.create(orderBodyWithIdempotencyKey(req) as never),
  },
  { method: 'GET', url: '/api/orders', call: (caller, req) => listVisibleOrders(caller, queryInput(req) as never) },
  {
    method: 'GET',
    url: '/api/orders/:id',
    call: (caller, req) => caller.orders.byId({ id: params(req).id! }),
  },
  { method: 'GET', url: '/api/user/addresses', call: (caller) => caller.addresses.list() },
  {
    method: 'POST',
    url: '/api/user/addresses',
    status: 201,
    call: (caller, req) => caller.addresses.create(req.body as never),
  },
  {
    method: 'PATCH',
    url: '/api/user/addresses/:id',
    call: (caller, req) => caller.addresses.update({ ...(req.body as object), id: params(req).id! } as never),
  },
  {
    method: 'DELETE',
    url: '/api/user/addresses/:id',
    status: 204,
    call: (caller, req) => caller.addresses.delete({ id: params(req).id! }),
  },
  {
    method: 'PATCH',
    url: '/api/user/addresses/:id/default',
    call: (caller, req) => caller.addresses.setDefault({ id: params(req).id! }),
  },
  {
    method: 'PATCH',
    url: '/api/user/profile',
    call: (caller, req) => caller.profile.update(req.body as never),
  },
  // User management, roles, permissions and permission groups (issue 6).
  { method: 'GET', url: '/api/users', call: (caller) => caller.users.list() },
  { method: 'GET', url: '/api/users/:id', call: (caller, req) => caller.users.byId({ id: params(req).id! }) },
  { method: 'POST', url: '/api/users', status: 201, call: (caller, req) => caller.users.create(req.body as never) },
  {
    method: 'PUT',
    url: '/api/users/:id',
    call: (caller, req) => caller.users.update({ ...(req.body as object), id: params(req).id! } as never),
  },
  { method: 'DELETE', url: '/api/users/:id', call: (caller, req) => caller.users.delete({ id: params(req).id! }) },
  { method: 'GET', url: '/api/admin/roles', call: (caller) => caller.roles.list() },
  { method: 'POST', url: '/api/admin/roles', status: 201, call: (caller, req) => caller.roles.create(req.body as never) },
  { method: 'GET', url: '/api/admin/roles/:id', call: (caller, req) => caller.roles.byId({ id: params(req).id! }) },
  {
    method: 'PATCH',
    url: '/api/admin/roles/:id',
    call: (caller, req) => caller.roles.update({ ...(req.body as object), id: params(req).id! } as never),
  },
  { method: 'DELETE', url: '/api/admin/roles/:id', call: (caller, req) => caller.roles.delete({ id: params(req).id! }) },
  {
    method: 'PUT',
    url: '/api/admin/roles/:id/permission-groups',
    call: (caller, req) =>
      caller.roles.setPermissionGroups({ ...(req.body as object), id: params(req).id! } as never),
  },
  { method: 'GET', url: '/api/admin/permissions', call: (caller) => caller.permissions.list() },
  {
    method: 'POST',
    url: '/api/admin/permissions',
    status: 201,
    call: (caller, req) => caller.permissions.create(req.body as never),
  },
  { method: 'GET', url: '/api/admin/permission-groups', call: (caller) => caller.permissionGroups.list() },
  {
    method: 'POST',
    url: '/api/admin/permission-groups',
    status: 201,
    call: (caller, req) => caller.permissionGroups.create(req.body as never),
  },
  {
    method: 'PUT',
    url: '/api/admin/permission-groups/:id/permissions',
    call: (caller, req) =>
      caller.permissionGroups.setPermissions({ ...(req.body as object), id: params(req).id! } as never),
  },
];
