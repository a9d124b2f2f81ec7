/**
 * Hostile input against EVERY write route of the REST table (`restRoutes`), as the admin and as a
 * customer, both signed in through the real sign-in flow:
 *
 * - property-based (fast-check): valid bodies, valid bodies with one field broken, unknown keys,
 *   prototype-pollution keys, huge, NUL and markup strings, non-object bodies and garbage path ids.
 *   The properties: never a 5xx, never internals in a body, and a 4xx writes nothing (a checksum
 *   over every mutable table is the same before and after);
 * - cross-origin writes (a foreign Origin, text/plain, form-encoded or multipart bodies) are refused
 *   on every write route and on tRPC, writing nothing;
 * - helmet's security headers are on every kind of answer: REST, tRPC, the SPA, errors, redirects;
 * - every answer above passes the CI security scan (`scanResponse`, packages/schema): headers,
 *   cookie flags, no-store when signed in, no secret or card number in the body.
 *
 * A route added to the table later is covered too: without a body model of its own it gets
 * generated JSON objects. The number of runs is bounded to keep the file near 20 s.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import type { DataSource } from 'typeorm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORDER_STATUSES, ROLES, scanResponse } from '@shop/schema';
import { restRoutes, type RestRoute } from '../rest/routes';
import { startTestApp, type TestApp } from '../test/test-app';
import { signIn, type SignedIn } from '../test/sign-in';
import { expectNoInternals } from '../test/expect-no-internals';

/** Generated requests per write route and actor. */
const RUNS = 12;
const SEED = 8_2026;

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const writeRoutes = restRoutes.filter((route) => WRITE_METHODS.has(route.method));

/** Every table a write may change. */
const MUTABLE_TABLES = [
  'categories',
  'products',
  'stock_movements',
  'orders',
  'order_items',
  'order_status_history',
  'users',
  'user_addresses',
  'sessions',
  'roles',
  'permissions',
  'permission_groups',
  'role_permission_groups',
  'permission_group_permissions',
  'role_permissions',
];

let shop: TestApp;
let webDist: string;
let admin: SignedIn;
let customer: SignedIn;
let checksumSql: string;

/**
 * Ids the generators draw from: rows each route may act on, made for this test and read again
 * before each route's run (earlier runs delete and create some). The shop's own roles, groups and
 * the two signed-in users are never targets, so no run locks the others out.
 */
const ids = {
  categories: [] as string[],
  /** Targets of the product routes. */
  products: [] as string[],
  /** What orders are placed for: never touched by the product routes, so prices stay known. */
  orderProducts: [] as { id: string; price: string }[],
  orders: [] as string[],
  addresses: [] as string[],
  users: [] as string[],
  roles: [] as string[],
  groups: [] as string[],
  permissions: [] as string[],
};

const column = (rows: { id: string }[]) => rows.map((row) => row.id);

async function refreshIds(): Promise<void> {
  const ds = shop.dataSource;
  ids.categories = column(await ds.query(`SELECT id FROM categories ORDER BY name`));
  ids.products = column(
    await ds.query(
      `SELECT id FROM products WHERE id = ANY($1::uuid[]) OR sku LIKE 'GEN-%' ORDER BY created_at`,
      [productTargets],
    ),
  );
  ids.orderProducts = await ds.query(
    `SELECT id, price FROM products WHERE sku LIKE 'HOSTILE-O-%' ORDER BY sku`,
  );
  ids.orders = column(
    await ds.query(`SELECT id FROM orders WHERE user_id = $1 ORDER BY created_at`, [customer.user.id]),
  );
  ids.addresses = column(
    await ds.query(`SELECT id FROM user_addresses WHERE user_id = ANY($1::uuid[]) ORDER BY created_at`, [
      [customer.user.id, admin.user.id],
    ]),
  );
  ids.users = column(
    await ds.query(`SELECT id FROM users WHERE email LIKE 'disposable-%' OR email LIKE 'generated-user-%'`),
  );
  ids.roles = column(await ds.query(`SELECT id FROM roles WHERE NOT (name = ANY($1::text[]))`, [ROLES]));
  if (hasPermissionTables) {
    ids.groups = column(
      await ds.query(
        `SELECT id FROM permission_groups WHERE name LIKE 'Hostile %' OR name LIKE 'Generated %'`,
      ),
    );
    ids.permissions = column(await ds.query(`SELECT id FROM permissions ORDER BY name LIMIT 20`));
  }
}

let hasPermissionTables = false;
/** The products made for the product routes (a PUT may change every field but the id). */
let productTargets: string[] = [];

async function tablesPresent(dataSource: DataSource): Promise<string[]> {
  const rows: { table_name: string }[] = await dataSource.query(
    `SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' AND table_name = ANY($1::text[])`,
    [MUTABLE_TABLES],
  );
  return rows.map((row) => row.table_name).sort();
}

async function checksum(): Promise<Record<string, string>> {
  const [row] = await shop.dataSource.query(checksumSql);
  return row;
}

beforeAll(async () => {
  webDist = mkdtempSync(join(tmpdir(), 'shop-hostile-web-'));
  mkdirSync(join(webDist, 'assets'));
  writeFileSync(join(webDist, 'index.html'), '<!doctype html><div id="root"></div>');
  writeFileSync(join(webDist, 'assets', 'app-1.js'), 'console.log(1)');
  shop = await startTestApp({ listen: false, env: { WEB_DIST: webDist } });
  const ds = shop.dataSource;
  const tables = await tablesPresent(ds);
  // A session's idle clock (last_seen_at) moves on any request, refused or not: not a write of the call's.
  const rowsOf = (table: string) =>
    table === 'sessions' ? '(SELECT sid, sess, expire, user_id FROM sessions)' : table;
  checksumSql = `SELECT ${tables
    .map(
      (table) =>
        `(SELECT md5(coalesce(string_agg(md5(t::text), '' ORDER BY md5(t::text)), '')) FROM ${rowsOf(table)} t) AS ${table}`,
    )
    .join(', ')}`;

  admin = await signIn(shop.app, 'admin@example.com');
  customer = await signIn(shop.app, 'hostile-customer@example.com');

  const [category] = await ds.query(`SELECT id FROM categories ORDER BY name LIMIT 1`);
  const made: { id: string; sku: string }[] = await ds.query(
    `INSERT INTO products (sku, name, description, price, unit, stock, category_id)
     SELECT 'HOSTILE-' || kind || '-' || i, 'Hostile product ' || i, 'For the hostile-input test', '3.50', 'each', 100000, $1
     FROM generate_series(1, 4) AS i, unnest(ARRAY['P', 'O']) AS kind RETURNING id, sku`,
    [category.id],
  );
  productTargets = made.filter((row) => row.sku.startsWith('HOSTILE-P-')).map((row) => row.id);
  await ds.query(
    `INSERT INTO orders (user_id, status, total, shipping_address)
     SELECT $1, s, '3.50', '1 Test Street' FROM unnest($2::text[]) AS s`,
    [customer.user.id, ['pending', 'pending', 'processing', 'shipped']],
  );
  await ds.query(
    `INSERT INTO user_addresses (user_id, title, street, city, state, zip_code, country)
     SELECT u, 'Home', '1 Main St', 'Springfield', 'IL', '62701', 'US' FROM unnest($1::uuid[]) AS u`,
    [[customer.user.id, customer.user.id, customer.user.id, admin.user.id, admin.user.id]],
  );
  await ds.query(
    `INSERT INTO users (email, first_name, last_name, role)
     SELECT 'disposable-' || i || '@example.com', 'Dis', 'Posable', 'customer' FROM generate_series(1, 4) AS i`,
  );
  await ds.query(
    `INSERT INTO roles (name) VALUES ('Hostile Role A'), ('Hostile Role B'), ('Hostile Role C')`,
  );
  hasPermissionTables = tables.includes('permission_groups') && tables.includes('permissions');
  if (hasPermissionTables)
    await ds.query(`INSERT INTO permission_groups (name) VALUES ('Hostile Group A'), ('Hostile Group B')`);
  await refreshIds();
}, 60_000);

afterAll(async () => {
  await shop?.close();
  rmSync(webDist, { recursive: true, force: true });
});

// ---------------------------------------------------------------------------------------------
// Generators
// ---------------------------------------------------------------------------------------------

const HOSTILE_STRINGS = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\uD800',
  '<script>alert(1)</script>',
  "' OR 1=1 --",
  '"; DROP TABLE products; --',
  '../../etc/passwd',
  '%00',
  '4111 1111 1111 1111',
  'x'.repeat(5000),
  '🍎'.repeat(300),
  '1e309',
  'NaN',
  '__proto__',
];

const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(...HOSTILE_STRINGS),
  fc.constantFrom(null, true, false, 0, -1, 1.5, -0.01, 1e308, Number.MAX_SAFE_INTEGER + 2, 2 ** 31),
  fc.constantFrom({}, [], [null], { $gt: '' }, { toString: 'x' }),
  fc.string({ maxLength: 40 }),
  fc.jsonValue({ maxDepth: 3 }),
);

const text = (max: number) =>
  fc
    .string({ minLength: 1, maxLength: Math.min(max, 60) })
    .filter((value) => value.trim().length > 0 && !value.includes('\u0000'));
const uniqueName = (prefix: string) => fc.integer({ min: 1, max: 1e9 }).map((n) => `${prefix} ${n}`);
const money = fc.integer({ min: 0, max: 999_999 }).map((cents) => (cents / 100).toFixed(2));
const email = (prefix: string) => fc.integer({ min: 1, max: 1e9 }).map((n) => `${prefix}-${n}@example.com`);
const maybe = <T>(arbitrary: fc.Arbitrary<T>) => fc.option(arbitrary, { nil: undefined });

/** Drops undefined fields (what an omitted field looks like on the wire). */
const compact = (body: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(body).filter(([, value]) => value !== undefined));

const productBody = () =>
  fc
    .record({
      name: text(200),
      description: text(2000),
      price: fc.oneof(money, money.map(Number)),
      unit: maybe(fc.constantFrom('each', 'kg', 'bag')),
      stock: fc.integer({ min: 0, max: 1_000_000 }),
      categoryId: fc.constantFrom(...ids.categories),
      imageUrl: maybe(fc.oneof(fc.constant(null), fc.webUrl())),
      isOrganic: maybe(fc.boolean()),
      isGlutenFree: maybe(fc.boolean()),
      lowStockThreshold: maybe(fc.integer({ min: 0, max: 1000 })),
      sku: maybe(uniqueName('GEN').map((name) => name.replace(' ', '-'))),
      isActive: maybe(fc.boolean()),
    })
    .map(compact);

const orderBody = () =>
  fc
    .record({
      lines: fc.uniqueArray(fc.constantFrom(...ids.orderProducts), {
        minLength: 1,
        maxLength: 3,
        selector: (p) => p.id,
      }),
      quantity: fc.integer({ min: 1, max: 3 }),
      paymentMethod: fc.constantFrom('card', 'cash_on_delivery', 'bank_transfer'),
      shippingAddress: text(500),
      notes: maybe(text(1000)),
    })
    .map(({ lines, quantity, paymentMethod, shippingAddress, notes }) => {
      const cents = lines.reduce((sum, p) => sum + Math.round(Number(p.price) * 100) * quantity, 0);
      return compact({
        items: lines.map((p) => ({ productId: p.id, quantity, price: p.price })),
        total: (cents / 100).toFixed(2),
        paymentMethod,
        shippingAddress,
        notes,
        ...(paymentMethod === 'card' && { cardHolderName: 'Casey Customer', cardLastFour: '4242' }),
        ...(paymentMethod === 'bank_transfer' && {
          bankName: 'First Bank',
          bankAccountNumber: 'DE89 3704 0044',
        }),
      });
    });

const addressFields = {
  title: text(100),
  street: text(255),
  city: text(100),
  state: text(100),
  zipCode: text(20),
  country: text(100),
  isDefault: fc.boolean(),
};

const idListOf = (values: () => string[]) =>
  fc.constant(null).chain(() => fc.subarray(values(), { maxLength: Math.min(5, values().length) }));

/** A valid body per route (`METHOD url`); routes without a model get generated JSON objects. */
const VALID_BODIES: Record<string, () => fc.Arbitrary<unknown>> = {
  'POST /api/products': productBody,
  'PUT /api/products/:id': productBody,
  'PATCH /api/products/:id': () =>
    fc
      .record({
        stock: maybe(fc.integer({ min: 0, max: 100_000 })),
        lowStockThreshold: maybe(fc.integer({ min: 0, max: 1000 })),
        reason: maybe(text(200)),
      })
      .map(compact),
  'PATCH /api/orders/:id/status': () =>
    fc.record({ status: fc.constantFrom(...ORDER_STATUSES), notes: maybe(text(1000)) }).map(compact),
  'POST /api/orders': orderBody,
  'POST /api/user/addresses': () =>
    fc.record(addressFields, { requiredKeys: ['title', 'street', 'city', 'state', 'zipCode'] }),
  'PATCH /api/user/addresses/:id': () => fc.record(addressFields, { requiredKeys: [] }),
  'PATCH /api/user/profile': () =>
    fc.record(
      {
        firstName: fc.oneof(text(100), fc.constant(null)),
        lastName: fc.oneof(text(100), fc.constant(null)),
        phone: fc.oneof(fc.constant('+1 555 0100'), fc.constant(null)),
        email: email('profile'),
      },
      { requiredKeys: [] },
    ),
  'POST /api/users': () =>
    fc
      .record({
        email: email('generated-user'),
        firstName: text(100),
        lastName: text(100),
        phone: maybe(fc.constant('+1 555 0101')),
        role: fc.constantFrom(...ROLES),
      })
      .map(compact),
  'PUT /api/users/:id': () =>
    fc.record(
      {
        email: email('generated-user'),
        firstName: text(100),
        lastName: text(100),
        phone: fc.constant('+1 555 0102'),
        role: fc.constantFrom(...ROLES),
        roleId: fc.oneof(fc.constant(null), fc.constantFrom(...ids.roles)),
      },
      { requiredKeys: [] },
    ),
  'POST /api/admin/roles': () =>
    fc
      .record({
        name: uniqueName('Generated role'),
        description: maybe(text(1000)),
        isActive: maybe(fc.boolean()),
        permissionGroupIds: maybe(idListOf(() => ids.groups)),
      })
      .map(compact),
  'PATCH /api/admin/roles/:id': () =>
    fc.record(
      {
        name: uniqueName('Renamed role'),
        description: fc.oneof(text(1000), fc.constant(null)),
        isActive: fc.boolean(),
      },
      { requiredKeys: [] },
    ),
  'PUT /api/admin/roles/:id/permission-groups': () =>
    fc.record({ permissionGroupIds: idListOf(() => ids.groups) }),
  'POST /api/admin/permissions': () =>
    fc
      .record({
        name: uniqueName('generated:perm'),
        description: maybe(text(1000)),
        resource: text(50),
        action: text(50),
        isActive: maybe(fc.boolean()),
      })
      .map(compact),
  'POST /api/admin/permission-groups': () =>
    fc
      .record({
        name: uniqueName('Generated group'),
        description: maybe(text(1000)),
        isActive: maybe(fc.boolean()),
        permissionIds: maybe(idListOf(() => ids.permissions)),
      })
      .map(compact),
  'PUT /api/admin/permission-groups/:id/permissions': () =>
    fc.record({ permissionIds: idListOf(() => ids.permissions) }),
};

/** Ids a route's `:id` may name that exist (made above); others get random and garbage ids. */
function existingIds(route: RestRoute): string[] {
  if (route.url.startsWith('/api/products/')) return ids.products;
  if (route.url.startsWith('/api/orders/')) return ids.orders;
  if (route.url.startsWith('/api/user/addresses/')) return ids.addresses;
  if (route.url.startsWith('/api/users/')) return ids.users;
  if (route.url.startsWith('/api/admin/roles/')) return ids.roles;
  if (route.url.startsWith('/api/admin/permission-groups/')) return ids.groups;
  return [];
}

const pathId = (route: RestRoute) =>
  fc.oneof(
    {
      weight: 4,
      arbitrary: fc
        .constant(null)
        .chain(() => (existingIds(route).length ? fc.constantFrom(...existingIds(route)) : fc.uuid())),
    },
    { weight: 1, arbitrary: fc.uuid() },
    {
      weight: 1,
      arbitrary: fc.constantFrom('1', 'not-a-uuid', '%00', "'%20OR%201=1", '..%2F..%2Fetc', 'x'.repeat(300)),
    },
  );

type Body = { kind: 'json'; value: unknown } | { kind: 'raw'; text: string } | { kind: 'none' };

/** Valid bodies, valid bodies with one thing broken, and plain hostile ones. */
function bodies(route: RestRoute): fc.Arbitrary<Body> {
  const model = VALID_BODIES[`${route.method} ${route.url}`];
  const valid: fc.Arbitrary<unknown> = model
    ? model()
    : fc.dictionary(fc.string({ maxLength: 12 }), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 6 });
  const broken = valid.chain((body) => {
    const object =
      body && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
    const keys = Object.keys(object);
    return fc.oneof(
      // one field replaced by a hostile value
      keys.length
        ? fc
            .tuple(fc.constantFrom(...keys), hostileValue)
            .map(([key, value]) => ({ ...object, [key]: value }))
        : hostileValue.map((value) => ({ name: value })),
      // one field missing
      keys.length
        ? fc.constantFrom(...keys).map((key) => compact({ ...object, [key]: undefined }))
        : fc.constant({}),
      // an unknown key
      fc
        .tuple(fc.constantFrom('role', 'isAdmin', 'userId', 'id', 'cvv', 'cardNumber', 'extra'), hostileValue)
        .map(([key, value]) => ({ ...object, [key]: value })),
    );
  });
  const raw = fc.constantFrom(
    '{"__proto__":{"isAdmin":true}}',
    '{"constructor":{"prototype":{"isAdmin":true}}}',
    '{"name":',
    '[]',
    'null',
    '"text"',
    '12',
    `${'['.repeat(2000)}${']'.repeat(2000)}`,
    '{"a":1,"a":2}',
    '\u0000',
  );
  return fc.oneof(
    { weight: 3, arbitrary: valid.map((value): Body => ({ kind: 'json', value })) },
    { weight: 4, arbitrary: broken.map((value): Body => ({ kind: 'json', value })) },
    { weight: 1, arbitrary: hostileValue.map((value): Body => ({ kind: 'json', value })) },
    { weight: 1, arbitrary: raw.map((text): Body => ({ kind: 'raw', text })) },
    { weight: route.method === 'DELETE' ? 3 : 0, arbitrary: fc.constant<Body>({ kind: 'none' }) },
  );
}

/** The CI security scan of one answer (the browser tests run the same on theirs). */
function expectCleanScan(
  request: { method: string; url: string; signedIn: boolean },
  response: { statusCode: number; headers: Record<string, unknown>; body: string },
) {
  const sessionIds = [admin, customer].flatMap((who) => {
    const value = decodeURIComponent(who.cookie.slice('shop_sid='.length));
    return [value, value.split('.')[0]!];
  });
  const findings = scanResponse(
    {
      ...request,
      status: response.statusCode,
      headers: response.headers as Record<string, string | string[] | undefined>,
      body: response.body,
    },
    { secrets: [shop.env.SESSION_SECRET, ...sessionIds] },
  );
  expect(findings, 'security scan').toEqual([]);
}

async function send(route: RestRoute, who: SignedIn, id: string, body: Body) {
  const url = route.url.replace(':id', id);
  return shop.app.inject({
    method: route.method,
    url,
    headers: { cookie: who.cookie, ...(body.kind !== 'none' && { 'content-type': 'application/json' }) },
    ...(body.kind === 'json' && { payload: JSON.stringify(body.value) ?? 'null' }),
    ...(body.kind === 'raw' && { payload: body.text }),
  });
}

// ---------------------------------------------------------------------------------------------
// Properties
// ---------------------------------------------------------------------------------------------

describe('hostile input on every write route', () => {
  it('the table has write routes, and each is exercised below', () => {
    expect(writeRoutes.length).toBeGreaterThan(5);
  });

  describe.each(writeRoutes.map((route) => [`${route.method} ${route.url}`, route] as const))(
    '%s',
    (_name, route) => {
      it.each(['admin', 'customer'] as const)('as %s: never a 5xx; a 4xx writes nothing', async (actor) => {
        const who = actor === 'admin' ? admin : customer;
        await refreshIds();
        let before = await checksum();
        const seen: number[] = [];
        await fc.assert(
          fc.asyncProperty(pathId(route), bodies(route), async (id, body) => {
            const response = await send(route, who, id, body);
            seen.push(response.statusCode);
            expectCleanScan(
              { method: route.method, url: route.url.replace(':id', id), signedIn: true },
              response,
            );
            expect(response.statusCode, response.body).toBeLessThan(500);
            expectNoInternals(response.body);
            const after = await checksum();
            if (response.statusCode >= 400)
              expect(after, `${response.statusCode} ${response.body}`).toEqual(before);
            before = after;
          }),
          { numRuns: RUNS, seed: SEED, endOnFailure: true },
        );
        expect(seen).toHaveLength(RUNS);
        // Sign out everywhere (DELETE /api/auth/sessions) ends the actor's own sessions: sign in
        // again, so the routes after it still meet a signed-in caller.
        await signBackIn(actor);
      });
    },
  );
});

async function signBackIn(actor: 'admin' | 'customer'): Promise<void> {
  const who = actor === 'admin' ? admin : customer;
  const me = await shop.app.inject({ url: '/api/auth/user', headers: { cookie: who.cookie } });
  if (me.statusCode !== 401) return;
  const again = await signIn(
    shop.app,
    actor === 'admin' ? 'admin@example.com' : 'hostile-customer@example.com',
  );
  if (actor === 'admin') admin = again;
  else customer = again;
}

describe('cross-origin writes are refused on every write route', () => {
  const attempts = [
    {
      name: 'a foreign Origin with a JSON body',
      headers: { origin: 'https://evil.example', 'content-type': 'application/json' },
      payload: '{}',
      status: 403,
    },
    {
      name: 'the "null" Origin',
      headers: { origin: 'null', 'content-type': 'application/json' },
      payload: '{}',
      status: 403,
    },
    {
      name: 'a text/plain body',
      headers: { 'content-type': 'text/plain' },
      payload: '{"name":"x"}',
      status: 415,
    },
    {
      name: 'a form-encoded body',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'name=x',
      status: 415,
    },
    {
      name: 'a multipart body',
      headers: { 'content-type': 'multipart/form-data; boundary=x' },
      payload: '--x--',
      status: 415,
    },
  ];

  it.each(attempts)('$name → $status, nothing written', async ({ headers, payload, status }) => {
    const targets = [
      ...writeRoutes.map((route) => ({
        method: route.method,
        url: route.url.replace(':id', existingIds(route)[0] ?? crypto.randomUUID()),
      })),
      { method: 'POST' as const, url: '/trpc/orders.create' },
      { method: 'POST' as const, url: '/trpc/products.create?batch=1' },
    ];
    const before = await checksum();
    for (const target of targets) {
      for (const who of [admin, customer]) {
        const response = await shop.app.inject({
          ...target,
          headers: { ...headers, cookie: who.cookie },
          payload,
        });
        expect(response.statusCode, `${target.method} ${target.url}`).toBe(status);
        expectCleanScan({ ...target, signedIn: true }, response);
        expect(response.json().code).toBe(status === 403 ? 'FORBIDDEN' : 'UNSUPPORTED_MEDIA_TYPE');
      }
    }
    expect(await checksum()).toEqual(before);
  });
});

describe('security headers on every kind of answer', () => {
  const HEADERS = [
    'content-security-policy',
    'x-content-type-options',
    'x-frame-options',
    'strict-transport-security',
    'referrer-policy',
  ];
  const json = { 'content-type': 'application/json' };
  const requests: {
    name: string;
    method: 'GET' | 'POST' | 'PUT';
    url: string;
    headers?: Record<string, string>;
    payload?: string;
    signedIn?: boolean;
  }[] = [
    { name: 'REST read', method: 'GET', url: '/api/products?limit=2' },
    { name: 'REST signed-in read', method: 'GET', url: '/api/auth/user', signedIn: true },
    {
      name: 'REST 201',
      method: 'POST',
      url: '/api/user/addresses',
      headers: json,
      signedIn: true,
      payload: JSON.stringify({ title: 'H', street: 'S', city: 'C', state: 'IL', zipCode: '1' }),
    },
    { name: 'REST 400', method: 'GET', url: '/api/products?limit=1000' },
    { name: 'REST 401', method: 'GET', url: '/api/orders' },
    {
      name: 'REST 403 cross-site',
      method: 'POST',
      url: '/api/orders',
      headers: { ...json, origin: 'https://evil.example' },
      payload: '{}',
    },
    { name: 'REST 404', method: 'GET', url: '/api/nope' },
    {
      name: 'REST 413',
      method: 'POST',
      url: '/api/orders',
      headers: json,
      payload: JSON.stringify({ x: 'x'.repeat(1_100_000) }),
    },
    {
      name: 'REST 415',
      method: 'PUT',
      url: '/api/products/x',
      headers: { 'content-type': 'text/plain' },
      payload: 'x',
    },
    { name: 'bad JSON', method: 'POST', url: '/api/orders', headers: json, payload: '{"a":' },
    { name: 'tRPC query', method: 'GET', url: '/trpc/categories.list' },
    {
      name: 'tRPC batch',
      method: 'GET',
      url: `/trpc/categories.list,products.list?batch=1&input=${encodeURIComponent('{}')}`,
    },
    { name: 'tRPC error', method: 'GET', url: '/trpc/orders.mine' },
    { name: 'tRPC unknown procedure', method: 'GET', url: '/trpc/nope.nothing' },
    { name: 'SPA page', method: 'GET', url: '/some/client/route' },
    { name: 'SPA asset', method: 'GET', url: '/assets/app-1.js' },
    { name: 'health', method: 'GET', url: '/api/health' },
    { name: 'ready', method: 'GET', url: '/api/ready' },
    { name: 'sign-in redirect', method: 'GET', url: '/api/login' },
  ];

  it.each(requests)('$name', async ({ method, url, headers, payload, signedIn }) => {
    const response = await shop.app.inject({
      method,
      url,
      headers: { ...headers, ...(signedIn && { cookie: customer.cookie }) },
      ...(payload !== undefined && { payload }),
    });
    for (const header of HEADERS)
      expect(response.headers[header], `${header} on ${response.statusCode}`).toBeDefined();
    expectCleanScan({ method, url, signedIn: !!signedIn }, response);
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });
});
