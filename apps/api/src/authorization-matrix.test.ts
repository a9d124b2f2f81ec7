/**
 * Who may call what, through the real app (buildApp + inject, sessions from the real sign-in flow):
 * EVERY REST route of `restRoutes` and EVERY tRPC procedure of `appRouter`, each as an anonymous
 * visitor, a customer, an inventory manager, a sales manager, an admin and a user with a custom role
 * holding only the 'Inventory' group. A route or procedure without a row here fails the first test:
 * whoever adds one must say who may call it.
 *
 * The requests are harmless: ids that do not exist and bodies that do not validate. A caller who is
 * let through therefore gets 400 or 404 (or 200 for reads), one who is not gets 401 or 403 — the
 * authorization layers run before input validation and before the service.
 *
 * Then the rules that keep the permission model safe: nobody escalates their own access (profile,
 * user update, group assignment, group contents, role creation and activation), the built-in and
 * admin roles stay whole, a demotion reaches an existing session at its next request, and deleting a
 * user keeps the stock ledger's rows.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appRouter } from './app-router';
import { restRoutes } from './rest/routes';
import { startTestApp, type TestApp } from './test/test-app';
import { signIn } from './test/sign-in';
import { makeProduct } from './test/order-fixtures';
import { uniqueWord } from './test/unique-word';

const PERSONAS = ['anonymous', 'customer', 'inventory_manager', 'sales_manager', 'admin', 'custom'] as const;
type Persona = (typeof PERSONAS)[number];
/** Expected statuses in PERSONAS order. */
type Row = readonly [number, number, number, number, number, number];

/** An id that exists nowhere. */
const MISSING = '6f1c3b2e-0000-4000-8000-000000000000';

interface Probe {
  /** The concrete URL (path parameters filled in). */
  url?: string;
  body?: unknown;
  expect: Row;
}

// Shorthands for the common shapes of a row.
const everyone = (status: number): Row => [status, status, status, status, status, status];
const signedIn = (status: number): Row => [401, status, status, status, status, status];
/** Allowed: status; the others 403 (anonymous 401). Order: customer, inventory, sales, admin, custom. */
const only = (status: number, allowed: readonly Persona[]): Row =>
  PERSONAS.map((persona) =>
    persona === 'anonymous' ? 401 : allowed.includes(persona) ? status : 403,
  ) as unknown as Row;

const INVENTORY_READERS: Persona[] = ['inventory_manager', 'admin', 'custom'];
const CATALOGUE: Persona[] = ['inventory_manager', 'admin'];
const ORDER_STAFF: Persona[] = ['sales_manager', 'admin'];
const ADMIN: Persona[] = ['admin'];

/** `METHOD /path` → the probe. The paths are restRoutes' own (`:id` included). */
const REST: Record<string, Probe> = {
  'GET /api/auth/user': { expect: signedIn(200) },
  'DELETE /api/auth/sessions': { expect: signedIn(200) },
  'GET /api/categories': { expect: everyone(200) },
  'GET /api/admin/categories': { expect: only(200, CATALOGUE) },
  'GET /api/admin/analytics': { url: '/api/admin/analytics?from=2026-01-01', expect: only(400, ORDER_STAFF) },
  'GET /api/admin/categories/:id': { url: `/api/admin/categories/${MISSING}`, expect: only(404, CATALOGUE) },
  'POST /api/categories': { body: {}, expect: only(400, CATALOGUE) },
  'PUT /api/categories/order': { body: {}, expect: only(400, CATALOGUE) },
  'PATCH /api/categories/:id': {
    url: `/api/categories/${MISSING}`,
    body: { name: 'X' },
    expect: only(404, CATALOGUE),
  },
  'DELETE /api/categories/:id': { url: `/api/categories/${MISSING}`, expect: only(404, CATALOGUE) },
  'GET /api/products': { expect: everyone(200) },
  'GET /api/products/:id': { url: `/api/products/${MISSING}`, expect: everyone(404) },
  'GET /api/products/low-stock': { expect: only(200, INVENTORY_READERS) },
  'GET /api/inventory/reorder': { expect: only(200, INVENTORY_READERS) },
  'POST /api/products': { body: {}, expect: only(400, CATALOGUE) },
  'PUT /api/products/:id': { url: `/api/products/${MISSING}`, body: {}, expect: only(400, CATALOGUE) },
  'PATCH /api/products/:id': {
    url: `/api/products/${MISSING}`,
    body: { stock: 5 },
    expect: only(404, INVENTORY_READERS),
  },
  'DELETE /api/products/:id': { url: `/api/products/${MISSING}`, expect: only(404, CATALOGUE) },
  'PATCH /api/orders/:id/status': {
    url: `/api/orders/${MISSING}/status`,
    body: { status: 'processing' },
    expect: only(404, ORDER_STAFF),
  },
  'PATCH /api/orders/:id/items/:itemId/weight': {
    url: `/api/orders/${MISSING}/items/${MISSING}/weight`,
    body: { weighedQuantity: 820, expectedWeighedQuantity: null },
    expect: only(404, ORDER_STAFF),
  },
  'POST /api/orders': { body: {}, expect: signedIn(400) },
  'GET /api/orders': { expect: signedIn(200) },
  'GET /api/orders/:id': { url: `/api/orders/${MISSING}`, expect: signedIn(404) },
  'GET /api/settings': { expect: everyone(200) },
  'GET /api/delivery/slots': { expect: signedIn(200) },
  'GET /api/admin/delivery/zones': { expect: only(200, ORDER_STAFF) },
  'POST /api/admin/delivery/zones': { body: {}, expect: only(400, ORDER_STAFF) },
  'PUT /api/admin/delivery/zones/:id': {
    url: `/api/admin/delivery/zones/${MISSING}`,
    body: {},
    expect: only(400, ORDER_STAFF),
  },
  'DELETE /api/admin/delivery/zones/:id': {
    url: `/api/admin/delivery/zones/${MISSING}`,
    expect: only(404, ORDER_STAFF),
  },
  'POST /api/admin/delivery/templates': { body: {}, expect: only(400, ORDER_STAFF) },
  'PUT /api/admin/delivery/templates/:id': {
    url: `/api/admin/delivery/templates/${MISSING}`,
    body: {},
    expect: only(400, ORDER_STAFF),
  },
  'DELETE /api/admin/delivery/templates/:id': {
    url: `/api/admin/delivery/templates/${MISSING}`,
    expect: only(404, ORDER_STAFF),
  },
  'GET /api/admin/delivery/days/:date': {
    url: '/api/admin/delivery/days/2026-12-01',
    expect: only(200, ORDER_STAFF),
  },
  'PUT /api/admin/delivery/slots/:templateId/:date/blocked': {
    url: `/api/admin/delivery/slots/${MISSING}/2026-12-01/blocked`,
    body: { blocked: true },
    expect: only(404, ORDER_STAFF),
  },
  'PUT /api/settings': { body: {}, expect: only(400, ADMIN) },
  'POST /api/orders/:id/cancel': { url: `/api/orders/${MISSING}/cancel`, body: {}, expect: signedIn(404) },
  'GET /api/orders/:id/reorder': { url: `/api/orders/${MISSING}/reorder`, expect: signedIn(404) },
  'GET /api/user/addresses': { expect: signedIn(200) },
  'POST /api/user/addresses': { body: {}, expect: signedIn(400) },
  'PATCH /api/user/addresses/:id': {
    url: `/api/user/addresses/${MISSING}`,
    body: { city: 'X' },
    expect: signedIn(404),
  },
  'DELETE /api/user/addresses/:id': { url: `/api/user/addresses/${MISSING}`, expect: signedIn(404) },
  'PATCH /api/user/addresses/:id/default': {
    url: `/api/user/addresses/${MISSING}/default`,
    expect: signedIn(404),
  },
  'PATCH /api/user/profile': { body: {}, expect: signedIn(200) },
  'GET /api/users': { expect: only(200, ADMIN) },
  'GET /api/users/:id': { url: `/api/users/${MISSING}`, expect: only(404, ADMIN) },
  'POST /api/users': { body: {}, expect: only(400, ADMIN) },
  'PUT /api/users/:id': { url: `/api/users/${MISSING}`, body: { firstName: 'X' }, expect: only(404, ADMIN) },
  'DELETE /api/users/:id': { url: `/api/users/${MISSING}`, expect: only(404, ADMIN) },
  'DELETE /api/users/:id/sessions': { url: `/api/users/${MISSING}/sessions`, expect: only(404, ADMIN) },
  'GET /api/admin/roles': { expect: only(200, ADMIN) },
  'POST /api/admin/roles': { body: {}, expect: only(400, ADMIN) },
  'GET /api/admin/roles/:id': { url: `/api/admin/roles/${MISSING}`, expect: only(404, ADMIN) },
  'PATCH /api/admin/roles/:id': {
    url: `/api/admin/roles/${MISSING}`,
    body: { name: 'X' },
    expect: only(404, ADMIN),
  },
  'DELETE /api/admin/roles/:id': { url: `/api/admin/roles/${MISSING}`, expect: only(404, ADMIN) },
  'PUT /api/admin/roles/:id/permission-groups': {
    url: `/api/admin/roles/${MISSING}/permission-groups`,
    body: { permissionGroupIds: [] },
    expect: only(404, ADMIN),
  },
  'GET /api/admin/permissions': { expect: only(200, ADMIN) },
  'POST /api/admin/permissions': { body: {}, expect: only(400, ADMIN) },
  'GET /api/admin/permission-groups': { expect: only(200, ADMIN) },
  'POST /api/admin/permission-groups': { body: {}, expect: only(400, ADMIN) },
  'PUT /api/admin/permission-groups/:id/permissions': {
    url: `/api/admin/permission-groups/${MISSING}/permissions`,
    body: { permissionIds: [] },
    expect: only(404, ADMIN),
  },
  'GET /api/admin/api-tokens': { expect: only(200, ADMIN) },
  'POST /api/admin/api-tokens': { body: {}, expect: only(400, ADMIN) },
  'DELETE /api/admin/api-tokens/:id': { url: `/api/admin/api-tokens/${MISSING}`, expect: only(404, ADMIN) },
  'GET /api/admin/audit-events': { expect: only(200, ADMIN) },
  'GET /api/admin/outbox': { expect: only(200, ORDER_STAFF) },
  'GET /api/admin/outbox/:id': { url: `/api/admin/outbox/${MISSING}`, expect: only(404, ORDER_STAFF) },
};

/** `procedure path` → its input (omitted: none) and expected statuses. */
const TRPC: Record<string, { input?: unknown; expect: Row }> = {
  'auth.me': { expect: signedIn(200) },
  'auth.session': { expect: everyone(200) },
  'auth.signOutEverywhere': { expect: signedIn(200) },
  'categories.list': { expect: everyone(200) },
  'categories.storefront': { expect: everyone(200) },
  'analytics.sales': { input: { from: '2026-01-01' }, expect: only(400, ORDER_STAFF) },
  'categories.adminList': { expect: only(200, CATALOGUE) },
  'categories.byId': { input: { id: MISSING }, expect: only(404, CATALOGUE) },
  'categories.create': { input: {}, expect: only(400, CATALOGUE) },
  'categories.update': { input: { id: MISSING, name: 'X' }, expect: only(404, CATALOGUE) },
  'categories.reorder': { input: {}, expect: only(400, CATALOGUE) },
  'categories.delete': { input: { id: MISSING }, expect: only(404, CATALOGUE) },
  'products.list': { expect: everyone(200) },
  'products.page': { input: {}, expect: everyone(200) },
  'products.facets': { input: { freeFrom: ['peanuts'] }, expect: everyone(200) },
  'products.adminPage': { input: {}, expect: only(200, INVENTORY_READERS) },
  'products.byId': { input: { id: MISSING }, expect: everyone(404) },
  'products.similar': { input: { productId: MISSING }, expect: everyone(200) },
  'products.create': { input: {}, expect: only(400, CATALOGUE) },
  'products.update': { input: { id: MISSING }, expect: only(400, CATALOGUE) },
  'products.patch': { input: { id: MISSING, stock: 5 }, expect: only(404, INVENTORY_READERS) },
  'products.delete': { input: { id: MISSING }, expect: only(404, CATALOGUE) },
  'admin.overview': { expect: only(200, ['inventory_manager', 'sales_manager', 'admin']) },
  'inventory.lowStock': { expect: only(200, INVENTORY_READERS) },
  'inventory.reorder': { expect: only(200, INVENTORY_READERS) },
  'inventory.summary': { expect: only(200, INVENTORY_READERS) },
  'inventory.history': { input: { productId: MISSING }, expect: only(404, INVENTORY_READERS) },
  'inventory.lots': { input: { productId: MISSING }, expect: only(404, INVENTORY_READERS) },
  'inventory.expiring': { input: {}, expect: only(200, INVENTORY_READERS) },
  'inventory.receiveLot': {
    input: { productId: MISSING, quantity: 1, reason: 'Goods in' },
    expect: only(404, INVENTORY_READERS),
  },
  'orderManagement.list': { expect: only(200, ORDER_STAFF) },
  'orderManagement.page': { input: {}, expect: only(200, ORDER_STAFF) },
  'orderManagement.summary': { expect: only(200, ORDER_STAFF) },
  'orderManagement.byId': { input: { id: MISSING }, expect: only(404, ORDER_STAFF) },
  'orderManagement.picking': { input: { date: '2030-01-01' }, expect: only(200, ORDER_STAFF) },
  'orderManagement.updateStatus': {
    input: { id: MISSING, status: 'processing' },
    expect: only(404, ORDER_STAFF),
  },
  'orderManagement.markShort': { input: { id: MISSING, itemId: MISSING }, expect: only(404, ORDER_STAFF) },
  'orderManagement.recordWeight': {
    input: { id: MISSING, itemId: MISSING, weighedQuantity: 820, expectedWeighedQuantity: null },
    expect: only(404, ORDER_STAFF),
  },
  'orders.create': { input: {}, expect: signedIn(400) },
  'orders.mine': { expect: signedIn(200) },
  'orderEvents.mine': { expect: signedIn(200) },
  // Order events for who may read every order, stock events for who may see every product's stock.
  'liveEvents.staff': { expect: only(200, ['inventory_manager', 'sales_manager', 'admin', 'custom']) },
  'orders.list': { expect: only(200, ORDER_STAFF) },
  'orders.byId': { input: { id: MISSING }, expect: signedIn(404) },
  'orders.cancel': { input: { id: MISSING }, expect: signedIn(404) },
  'settings.get': { expect: everyone(200) },
  'delivery.slots': { input: {}, expect: signedIn(200) },
  'delivery.zones': { expect: only(200, ORDER_STAFF) },
  'delivery.createZone': { input: {}, expect: only(400, ORDER_STAFF) },
  'delivery.updateZone': { input: {}, expect: only(400, ORDER_STAFF) },
  'delivery.deleteZone': { input: { id: MISSING }, expect: only(404, ORDER_STAFF) },
  'delivery.createTemplate': { input: {}, expect: only(400, ORDER_STAFF) },
  'delivery.updateTemplate': { input: {}, expect: only(400, ORDER_STAFF) },
  'delivery.deleteTemplate': { input: { id: MISSING }, expect: only(404, ORDER_STAFF) },
  'delivery.day': { input: { date: '2026-12-01' }, expect: only(200, ORDER_STAFF) },
  'delivery.setBlocked': {
    input: { templateId: MISSING, date: '2026-12-01', blocked: true },
    expect: only(404, ORDER_STAFF),
  },
  'settings.update': { input: {}, expect: only(400, ADMIN) },
  'orders.reorder': { input: { id: MISSING }, expect: signedIn(404) },
  'addresses.list': { expect: signedIn(200) },
  'addresses.create': { input: {}, expect: signedIn(400) },
  'addresses.update': { input: { id: MISSING, city: 'X' }, expect: signedIn(404) },
  'addresses.setDefault': { input: { id: MISSING }, expect: signedIn(404) },
  'addresses.delete': { input: { id: MISSING }, expect: signedIn(404) },
  'profile.update': { input: {}, expect: signedIn(200) },
  'profile.confirmEmail': { input: { token: 'A'.repeat(43) }, expect: signedIn(404) },
  'profile.pendingEmail': { expect: signedIn(200) },
  'users.list': { expect: only(200, ADMIN) },
  'users.page': { input: {}, expect: only(200, ADMIN) },
  'users.byId': { input: { id: MISSING }, expect: only(404, ADMIN) },
  'users.create': { input: {}, expect: only(400, ADMIN) },
  'users.update': { input: { id: MISSING, firstName: 'X' }, expect: only(404, ADMIN) },
  'users.delete': { input: { id: MISSING }, expect: only(404, ADMIN) },
  'users.signOutEverywhere': { input: { id: MISSING }, expect: only(404, ADMIN) },
  'roles.list': { expect: only(200, ADMIN) },
  'roles.byId': { input: { id: MISSING }, expect: only(404, ADMIN) },
  'roles.create': { input: {}, expect: only(400, ADMIN) },
  'roles.update': { input: { id: MISSING, name: 'X' }, expect: only(404, ADMIN) },
  'roles.delete': { input: { id: MISSING }, expect: only(404, ADMIN) },
  'roles.setPermissionGroups': { input: { id: MISSING, permissionGroupIds: [] }, expect: only(404, ADMIN) },
  'roles.myAccess': { expect: signedIn(200) },
  'permissions.list': { expect: only(200, ADMIN) },
  'permissions.create': { input: {}, expect: only(400, ADMIN) },
  'permissionGroups.list': { expect: only(200, ADMIN) },
  'permissionGroups.create': { input: {}, expect: only(400, ADMIN) },
  'permissionGroups.setPermissions': { input: { id: MISSING, permissionIds: [] }, expect: only(404, ADMIN) },
  'apiTokens.list': { expect: only(200, ADMIN) },
  'apiTokens.create': { input: {}, expect: only(400, ADMIN) },
  'apiTokens.revoke': { input: { id: MISSING }, expect: only(404, ADMIN) },
  'audit.page': { input: {}, expect: only(200, ADMIN) },
  'outbox.page': { input: {}, expect: only(200, ORDER_STAFF) },
  'outbox.message': { input: { id: MISSING }, expect: only(404, ORDER_STAFF) },
};

/**
 * Probes that end the caller's own sessions (sign out everywhere): the persona signs in again after
 * each, so the probes after it still run signed in.
 */
const SIGNS_THE_CALLER_OUT = new Set(['DELETE /api/auth/sessions', 'auth.signOutEverywhere']);

let shop: TestApp;
const cookies = new Map<Persona, string | undefined>();
const emails = new Map<Persona, string>();
let customRoleId: string;
let inventoryGroupId: string;
const groupIds = new Map<string, string>();
const roleIds = new Map<string, string>();

interface Answer {
  status: number;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  body: any;
}

async function call(
  cookie: string | undefined,
  method: string,
  url: string,
  body?: unknown,
): Promise<Answer> {
  const response = await shop.app.inject({
    method: method as 'GET',
    url,
    headers: {
      ...(cookie && { cookie }),
      ...(body !== undefined && { 'content-type': 'application/json' }),
    },
    ...(body !== undefined && { payload: JSON.stringify(body) }),
  });
  return { status: response.statusCode, body: response.body ? response.json() : null };
}

const as = (persona: Persona) => (method: string, url: string, body?: unknown) =>
  call(cookies.get(persona), method, url, body);
const admin = as('admin');

async function procedureCall(persona: Persona, path: string, type: string, input: unknown): Promise<number> {
  const cookie = cookies.get(persona);
  if (type === 'subscription') {
    // A stream (server-sent events): the status is in the headers; then hang up.
    const hangUp = new AbortController();
    const response = await fetch(`${shop.baseUrl}/trpc/${path}`, {
      headers: { accept: 'text/event-stream', ...(cookie && { cookie }) },
      signal: hangUp.signal,
    });
    // tRPC answers 200, 'connected', and then an error event when the procedure refuses: a stream
    // that stays quiet for a second after connecting was accepted.
    const reader = response.body!.getReader();
    let text = '';
    const quiet = setTimeout(() => hangUp.abort(), 1000);
    try {
      while (!text.includes('serialized-error')) {
        const { value, done } = await reader.read();
        if (done) break;
        text += new TextDecoder().decode(value);
      }
    } catch {
      // hung up after the quiet second
    } finally {
      clearTimeout(quiet);
      hangUp.abort();
    }
    const error = /event: serialized-error\ndata: (.*)\n/.exec(text)?.[1];
    if (!error) return response.status;
    return (JSON.parse(error) as { data?: { httpStatus?: number } }).data?.httpStatus ?? 500;
  }
  if (type === 'query') {
    const query = input === undefined ? '' : `?input=${encodeURIComponent(JSON.stringify(input))}`;
    return (await call(cookie, 'GET', `/trpc/${path}${query}`)).status;
  }
  return (await call(cookie, 'POST', `/trpc/${path}`, input ?? {})).status;
}

/** Creates a user (as admin) and signs them in; answers their id and cookie. */
async function newUser(prefix: string, role = 'customer', roleId?: string) {
  const email = `${prefix}-${Math.random().toString(36).slice(2, 10)}@example.com`;
  const created = await admin('POST', '/api/users', { email, firstName: 'Test', lastName: prefix, role });
  expect(created.status).toBe(201);
  if (roleId) expect((await admin('PUT', `/api/users/${created.body.id}`, { roleId })).status).toBe(200);
  const session = await signIn(shop.app, email);
  return { id: created.body.id as string, email, cookie: session.cookie };
}

beforeAll(async () => {
  shop = await startTestApp(); // listening: subscriptions are probed over real HTTP
  cookies.set('anonymous', undefined);
  for (const [persona, email] of [
    ['customer', 'customer@example.com'],
    ['inventory_manager', 'inventory@example.com'],
    ['sales_manager', 'sales@example.com'],
    ['admin', 'admin@example.com'],
  ] as const) {
    cookies.set(persona, (await signIn(shop.app, email)).cookie);
    emails.set(persona, email);
  }
  for (const group of (await admin('GET', '/api/admin/permission-groups')).body)
    groupIds.set(group.name, group.id);
  for (const role of (await admin('GET', '/api/admin/roles')).body) roleIds.set(role.name, role.id);
  inventoryGroupId = groupIds.get('Inventory')!;
  const role = await admin('POST', '/api/admin/roles', {
    name: 'Stock clerk',
    description: 'Counts the stock',
    permissionGroupIds: [inventoryGroupId],
  });
  expect(role.status).toBe(201);
  customRoleId = role.body.id;
  const clerk = await newUser('clerk', 'customer', customRoleId);
  cookies.set('custom', clerk.cookie);
  emails.set('custom', clerk.email);
});

afterAll(async () => {
  await shop?.close();
});

/** After a probe that signed the persona out everywhere: signed in again (and checks it was signed out). */
async function signBackIn(key: string, persona: Persona): Promise<void> {
  if (!SIGNS_THE_CALLER_OUT.has(key) || persona === 'anonymous') return;
  expect((await call(cookies.get(persona), 'GET', '/api/auth/user')).status, `${persona} signed out`).toBe(
    401,
  );
  cookies.set(persona, (await signIn(shop.app, emails.get(persona)!)).cookie);
}

describe('the matrix', () => {
  it('has a row for every REST route and every tRPC procedure, and none for a route that is gone', () => {
    const routes = restRoutes.map((route) => `${route.method} ${route.url}`);
    const procedures = Object.keys(appRouter._def.procedures);
    expect(
      routes.filter((route) => !(route in REST)),
      'REST routes without a row',
    ).toEqual([]);
    expect(
      procedures.filter((path) => !(path in TRPC)),
      'procedures without a row',
    ).toEqual([]);
    expect(
      Object.keys(REST).filter((route) => !routes.includes(route)),
      'rows without a route',
    ).toEqual([]);
    expect(
      Object.keys(TRPC).filter((path) => !procedures.includes(path)),
      'rows without a procedure',
    ).toEqual([]);
  });

  it('the custom role holds exactly the Inventory group', async () => {
    const access = await as('custom')('GET', '/trpc/roles.myAccess');
    expect(access.body.result.data).toEqual({
      role: 'customer',
      customRole: { id: customRoleId, name: 'Stock clerk' },
      permissions: ['inventory:read', 'inventory:update', 'products:read_all'],
    });
  });

  it.each(restRoutes.map((route) => [`${route.method} ${route.url}`] as const))('REST %s', async (key) => {
    const probe = REST[key];
    if (!probe) return; // reported by the first test
    const [method, path] = key.split(' ') as [string, string];
    const actual: number[] = [];
    for (const persona of PERSONAS) {
      actual.push((await as(persona)(method, probe.url ?? path, probe.body)).status);
      await signBackIn(key, persona);
    }
    expect(Object.fromEntries(PERSONAS.map((p, i) => [p, actual[i]]))).toEqual(
      Object.fromEntries(PERSONAS.map((p, i) => [p, probe.expect[i]])),
    );
  });

  it.each(Object.keys(appRouter._def.procedures).map((path) => [path] as const))('tRPC %s', async (path) => {
    const row = TRPC[path];
    if (!row) return; // reported by the first test
    const type = (appRouter._def.procedures as unknown as Record<string, { _def: { type: string } }>)[path]!
      ._def.type;
    const actual: number[] = [];
    for (const persona of PERSONAS) {
      actual.push(await procedureCall(persona, path, type, row.input));
      await signBackIn(path, persona);
    }
    expect(Object.fromEntries(PERSONAS.map((p, i) => [p, actual[i]]))).toEqual(
      Object.fromEntries(PERSONAS.map((p, i) => [p, row.expect[i]])),
    );
  });
});

describe('payment data by persona', () => {
  it('whole bank account numbers only in an order’s detail, only with payments:read', async () => {
    const product = await makeProduct(shop.dataSource, { stock: 5 });
    const placed = await as('customer')('POST', '/api/orders', {
      items: [{ productId: product.id, quantity: 1, price: product.price }],
      total: product.price,
      paymentMethod: 'bank_transfer',
      shippingAddress: '1 Main St, Springfield, IL 62701, US',
      bankName: 'Matrix Bank',
      bankAccountNumber: 'GB82 WEST 1234 5698 7654 32',
    });
    expect(placed.status).toBe(201);
    const seen: Record<string, unknown> = {};
    for (const persona of PERSONAS) {
      const detail = await as(persona)('GET', `/api/orders/${placed.body.id}`);
      const staff = await as(persona)(
        'GET',
        `/trpc/orderManagement.byId?input=${encodeURIComponent(JSON.stringify({ id: placed.body.id }))}`,
      );
      seen[persona] = [
        detail.status === 200 ? detail.body.bankAccountNumber : detail.status,
        staff.status === 200 ? staff.body.result.data.bankAccountNumber : staff.status,
      ];
    }
    expect(seen).toEqual({
      anonymous: [401, 401],
      customer: ['****5432', 403],
      inventory_manager: [404, 403],
      sales_manager: ['GB82 WEST 1234 5698 7654 32', 'GB82 WEST 1234 5698 7654 32'],
      admin: ['GB82 WEST 1234 5698 7654 32', 'GB82 WEST 1234 5698 7654 32'],
      custom: [404, 403],
    });
  });
});

describe('nobody escalates their own access', () => {
  it('the profile cannot carry a role or a roleId', async () => {
    const me = await newUser('profile');
    for (const body of [
      { role: 'admin' },
      { roleId: roleIds.get('admin') },
      { firstName: 'Eve', role: 'admin' },
    ]) {
      const answer = await call(me.cookie, 'PATCH', '/api/user/profile', body);
      expect(answer.status).toBe(400);
    }
    const after = await admin('GET', `/api/users/${me.id}`);
    expect(after.body).toMatchObject({ role: 'customer', roleId: null, lastName: 'profile' });
  });

  it('a user administrator (custom role) can neither raise their own role nor give anyone more than they hold', async () => {
    const role = await admin('POST', '/api/admin/roles', {
      name: `User desk ${uniqueWord()}`,
      permissionGroupIds: [groupIds.get('User administration')!],
    });
    const desk = await newUser('desk', 'customer', role.body.id);
    const other = await newUser('other');

    const own = await call(desk.cookie, 'PUT', `/api/users/${desk.id}`, { role: 'admin' });
    expect(own.status).toBe(403);
    expect(own.body.message).toBe('You cannot change your own role');
    expect((await call(desk.cookie, 'PUT', `/api/users/${desk.id}`, { roleId: null })).status).toBe(403);
    expect((await call(desk.cookie, 'PUT', `/api/users/${desk.id}`, { roleId: customRoleId })).status).toBe(
      403,
    );

    const grant = await call(desk.cookie, 'PUT', `/api/users/${other.id}`, { role: 'inventory_manager' });
    expect(grant.status).toBe(403);
    expect(grant.body.message).toMatch(/^You cannot grant permissions you do not have: admin:access/);
    expect((await call(desk.cookie, 'PUT', `/api/users/${other.id}`, { roleId: customRoleId })).status).toBe(
      403,
    );
    expect(
      (
        await call(desk.cookie, 'POST', '/api/users', {
          email: `x${uniqueWord()}@example.com`,
          firstName: 'A',
          lastName: 'B',
          role: 'admin',
        })
      ).status,
    ).toBe(403);
    // What they hold, they may hand out; an admin they may not touch.
    expect((await call(desk.cookie, 'PUT', `/api/users/${other.id}`, { firstName: 'Renamed' })).status).toBe(
      200,
    );
    const adminId = (await admin('GET', '/api/auth/user')).body.id;
    const outranked = await call(desk.cookie, 'DELETE', `/api/users/${adminId}`);
    expect(outranked.status).toBe(403);
    expect(
      (await call(desk.cookie, 'PUT', `/api/users/${adminId}`, { email: 'mine@example.com' })).status,
    ).toBe(403);
    expect((await admin('GET', `/api/users/${other.id}`)).body.role).toBe('customer');
  });

  it('an access manager (custom role) cannot assign groups or permissions they lack, nor create or wake such a role', async () => {
    const role = await admin('POST', '/api/admin/roles', {
      name: `Access desk ${uniqueWord()}`,
      permissionGroupIds: [groupIds.get('Access control')!],
    });
    const desk = await newUser('access', 'customer', role.body.id);
    const users = groupIds.get('User administration')!;
    const access = groupIds.get('Access control')!;

    const own = await call(desk.cookie, 'PUT', `/api/admin/roles/${role.body.id}/permission-groups`, {
      permissionGroupIds: [access, users],
    });
    expect(own.status).toBe(403);
    expect(own.body.message).toBe(
      'You cannot grant permissions you do not have: users:create, users:delete, users:read, users:update',
    );
    expect(
      (
        await call(desk.cookie, 'PUT', `/api/admin/roles/${customRoleId}/permission-groups`, {
          permissionGroupIds: [users],
        })
      ).status,
    ).toBe(403);
    expect(
      (
        await call(desk.cookie, 'POST', '/api/admin/roles', {
          name: `Sneaky ${uniqueWord()}`,
          permissionGroupIds: [users],
        })
      ).status,
    ).toBe(403);
    const permissions = (await admin('GET', '/api/admin/permissions')).body as { id: string; name: string }[];
    const usersRead = permissions.find((p) => p.name === 'users:read')!.id;
    const rolesRead = permissions.find((p) => p.name === 'roles:read')!.id;
    const manage = permissions.find((p) => p.name === 'roles:manage')!.id;
    const intoGroup = await call(desk.cookie, 'PUT', `/api/admin/permission-groups/${access}/permissions`, {
      permissionIds: [rolesRead, manage, usersRead],
    });
    expect(intoGroup.status).toBe(403);
    expect(
      (
        await call(desk.cookie, 'POST', '/api/admin/permission-groups', {
          name: `G ${uniqueWord()}`,
          permissionIds: [usersRead],
        })
      ).status,
    ).toBe(403);

    // An inactive role holding more cannot be switched on by them; nothing changed meanwhile.
    const sleeper = await admin('POST', '/api/admin/roles', {
      name: `Sleeper ${uniqueWord()}`,
      isActive: false,
      permissionGroupIds: [users],
    });
    expect(
      (await call(desk.cookie, 'PATCH', `/api/admin/roles/${sleeper.body.id}`, { isActive: true })).status,
    ).toBe(403);
    expect((await call(desk.cookie, 'GET', '/trpc/roles.myAccess')).body.result.data.permissions).toEqual([
      'roles:manage',
      'roles:read',
    ]);
    // What they hold they may assign.
    const fine = await call(desk.cookie, 'PUT', `/api/admin/roles/${sleeper.body.id}/permission-groups`, {
      permissionGroupIds: [users, access],
    });
    expect(fine.status).toBe(200);
  });
});

describe('the built-in and admin roles stay whole', () => {
  it('built-in roles cannot be deleted, renamed or emptied; the admin role keeps every permission and stays active', async () => {
    const adminRole = roleIds.get('admin')!;
    const inventoryRole = roleIds.get('inventory_manager')!;
    expect((await admin('DELETE', `/api/admin/roles/${inventoryRole}`)).status).toBe(409);
    const rename = await admin('PATCH', `/api/admin/roles/${inventoryRole}`, { name: 'Stock team' });
    expect(rename).toMatchObject({ status: 409, body: { message: 'Built-in roles cannot be renamed' } });
    expect((await admin('PATCH', `/api/admin/roles/${inventoryRole}`, { description: 'Stock' })).status).toBe(
      200,
    );
    const empty = await admin('PUT', `/api/admin/roles/${inventoryRole}/permission-groups`, {
      permissionGroupIds: [],
    });
    expect(empty).toMatchObject({
      status: 409,
      body: { message: 'A built-in role cannot be left without permission groups' },
    });

    const withoutAccess = [...groupIds.entries()]
      .filter(([name]) => name !== 'Access control')
      .map(([, id]) => id);
    const strip = await admin('PUT', `/api/admin/roles/${adminRole}/permission-groups`, {
      permissionGroupIds: withoutAccess,
    });
    expect(strip.status).toBe(409);
    expect(strip.body.message).toMatch(/admin role must keep every permission/);
    const permissions = (await admin('GET', '/api/admin/permissions')).body as { id: string; name: string }[];
    const accessGroup = groupIds.get('Access control')!;
    const emptied = await admin('PUT', `/api/admin/permission-groups/${accessGroup}/permissions`, {
      permissionIds: [permissions.find((p) => p.name === 'roles:read')!.id],
    });
    expect(emptied.status).toBe(409);
    expect((await admin('PATCH', `/api/admin/roles/${adminRole}`, { isActive: false })).status).toBe(409);

    const detail = await admin('GET', `/api/admin/roles/${adminRole}`);
    expect(detail.body.permissionGroups.map((g: { name: string }) => g.name).sort()).toEqual(
      [...groupIds.keys()].sort(),
    );
    expect(detail.body.permissions).toContain('roles:manage');
  });

  it('an admin cannot delete or demote themselves, and the last admin always remains', async () => {
    const me = (await admin('GET', '/api/auth/user')).body.id;
    const demote = await admin('PUT', `/api/users/${me}`, { role: 'customer' });
    expect(demote).toMatchObject({ status: 403, body: { message: 'You cannot change your own role' } });
    const remove = await admin('DELETE', `/api/users/${me}`);
    expect(remove).toMatchObject({ status: 403, body: { message: 'You cannot delete your own account' } });

    // A custom role with every group may act on admins, but not remove the last one.
    const everything = await admin('POST', '/api/admin/roles', {
      name: `Everything ${uniqueWord()}`,
      permissionGroupIds: [...groupIds.values()],
    });
    const root = await newUser('root', 'customer', everything.body.id);
    const last = await call(root.cookie, 'PUT', `/api/users/${me}`, { role: 'sales_manager' });
    expect(last).toMatchObject({ status: 409, body: { message: expect.stringMatching(/last admin/) } });
    expect((await call(root.cookie, 'DELETE', `/api/users/${me}`)).status).toBe(409);

    // With a second admin, one may go.
    const second = await newUser('second-admin', 'admin');
    expect((await admin('PUT', `/api/users/${second.id}`, { role: 'customer' })).status).toBe(200);
    expect((await admin('GET', '/api/auth/user')).body.role).toBe('admin');
  });
});

describe('a change of access reaches existing sessions at their next request', () => {
  it('a demoted user loses access at once, and so does a role whose group is taken away', async () => {
    const manager = await newUser('demoted', 'sales_manager');
    expect((await call(manager.cookie, 'GET', '/trpc/orderManagement.summary')).status).toBe(200);
    expect((await admin('PUT', `/api/users/${manager.id}`, { role: 'customer' })).status).toBe(200);
    expect((await call(manager.cookie, 'GET', '/trpc/orderManagement.summary')).status).toBe(403);
    expect((await call(manager.cookie, 'GET', '/api/auth/user')).body.role).toBe('customer');

    const role = await admin('POST', '/api/admin/roles', {
      name: `Orders desk ${uniqueWord()}`,
      permissionGroupIds: [groupIds.get('Order management')!],
    });
    const desk = await newUser('orders-desk', 'customer', role.body.id);
    expect((await call(desk.cookie, 'GET', '/api/orders')).status).toBe(200);
    expect((await call(desk.cookie, 'GET', '/trpc/orders.list')).status).toBe(200);
    expect(
      (await admin('PUT', `/api/admin/roles/${role.body.id}/permission-groups`, { permissionGroupIds: [] }))
        .status,
    ).toBe(200);
    expect((await call(desk.cookie, 'GET', '/trpc/orders.list')).status).toBe(403);

    // An inactive role grants nothing; deleting the custom role leaves the user's built-in role.
    expect(
      (
        await admin('PUT', `/api/admin/roles/${role.body.id}/permission-groups`, {
          permissionGroupIds: [groupIds.get('Order management')!],
        })
      ).status,
    ).toBe(200);
    expect((await admin('PATCH', `/api/admin/roles/${role.body.id}`, { isActive: false })).status).toBe(200);
    expect((await call(desk.cookie, 'GET', '/trpc/orders.list')).status).toBe(403);
    expect((await admin('DELETE', `/api/admin/roles/${role.body.id}`)).status).toBe(200);
    expect((await admin('GET', `/api/users/${desk.id}`)).body).toMatchObject({
      role: 'customer',
      roleId: null,
    });
    expect((await call(desk.cookie, 'GET', '/trpc/roles.myAccess')).body.result.data.permissions).toEqual([]);
  });
});

describe('deleting a user', () => {
  it('removes their addresses and orders in one go and keeps the stock ledger rows, unlinked', async () => {
    const shopper = await newUser('leaving');
    const db = shop.dataSource;
    const [product] = await db.query(
      `SELECT id, price, stock FROM products WHERE is_active AND stock > 5 LIMIT 1`,
    );
    await db.query(
      `INSERT INTO user_addresses (user_id, title, street, city, state, zip_code, is_default)
       VALUES ($1, 'Home', '1 Main St', 'Springfield', 'IL', '62701', true)`,
      [shopper.id],
    );
    const [order] = await db.query(
      `INSERT INTO orders (user_id, total, shipping_address, payment_method) VALUES ($1, $2, '1 Main St', 'cash_on_delivery')
       RETURNING id`,
      [shopper.id, product.price],
    );
    await db.query(`INSERT INTO order_items (order_id, product_id, quantity, price) VALUES ($1, $2, 1, $3)`, [
      order.id,
      product.id,
      product.price,
    ]);
    const [movement] = await db.query(
      `INSERT INTO stock_movements (product_id, quantity_before, quantity_after, change, source, order_id, user_id)
       VALUES ($1, $2, $2 - 1, -1, 'order', $3, $4) RETURNING id`,
      [product.id, product.stock, order.id, shopper.id],
    );

    const removed = await admin('DELETE', `/api/users/${shopper.id}`);
    expect(removed).toMatchObject({
      status: 200,
      body: { id: shopper.id, message: 'User deleted successfully' },
    });
    expect((await admin('GET', `/api/users/${shopper.id}`)).status).toBe(404);
    const count = async (sql: string) => (await db.query(sql, [shopper.id]))[0].n;
    expect(await count('SELECT count(*)::int AS n FROM user_addresses WHERE user_id = $1')).toBe(0);
    expect(await count('SELECT count(*)::int AS n FROM orders WHERE user_id = $1')).toBe(0);
    expect(
      (await db.query('SELECT count(*)::int AS n FROM order_items WHERE order_id = $1', [order.id]))[0].n,
    ).toBe(0);
    const [kept] = await db.query('SELECT order_id, user_id, change FROM stock_movements WHERE id = $1', [
      movement.id,
    ]);
    expect(kept).toEqual({ order_id: null, user_id: null, change: -1 });
    // The deleted user's session is anonymous now.
    expect((await call(shopper.cookie, 'GET', '/api/auth/user')).status).toBe(401);
  });

  it('answers 409 for a taken email and the spec messages for a bad form', async () => {
    const taken = await admin('POST', '/api/users', {
      email: 'Customer@Example.com',
      firstName: 'A',
      lastName: 'B',
      role: 'customer',
    });
    expect(taken).toMatchObject({ status: 409, body: { message: 'Email already in use' } });
    const bad = await admin('POST', '/api/users', {
      email: 'nope',
      firstName: ' ',
      lastName: '',
      role: 'boss',
    });
    expect(bad.status).toBe(400);
    expect(bad.body.issues).toEqual([
      { path: 'email', message: 'Invalid email address' },
      { path: 'firstName', message: 'First name is required' },
      { path: 'lastName', message: 'Last name is required' },
      { path: 'role', message: 'Please select a role' },
    ]);
  });
});
