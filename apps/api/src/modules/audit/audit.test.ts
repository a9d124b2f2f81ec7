/**
 * The audit log through the real app (issue 17, item 10; docs/architecture.md §4 "Audit log"): each
 * kind of event is written by the change it records (sign-in and its failures, sign-out, users,
 * roles, permissions, groups, API tokens, ADMIN_EMAILS, refused calls on staff routes), in the same
 * transaction (a rolled-back change leaves no row), the table refuses UPDATE and DELETE, the page
 * filters and pages, and neither the table nor the api's log holds a secret or a search.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditPageDto } from '@shop/schema';
import { seedPermissionModel } from '@shop/db';
import { startTestApp, type TestApp } from '../../test/test-app';
import { CookieJar } from '../../test/cookie-jar';
import { follow, openSignInPage, send, signIn, type SignedIn } from '../../test/sign-in';
import { redactUrl } from '../../logger';
import { scrubDetails } from './audit.service';

const tag = () => randomBytes(4).toString('hex');
const PROMOTED = `promoted-${tag()}@example.com`;
const BOSS = `boss-${tag()}@example.com`;

/** Every line the api logged (LOG_LEVEL=info), as written. */
const logLines: string[] = [];

let shop: TestApp;
let admin: SignedIn;
let customer: SignedIn;
/** The provider's code of the callback sent with a tampered state (it must not reach the log either). */
let tamperedCode: string | undefined;

interface EventRow {
  id: string;
  occurred_at: Date;
  actor_id: string | null;
  actor_email: string | null;
  action: string;
  target_type: string | null;
  target_id: string | null;
  target_label: string | null;
  ip: string | null;
  user_agent: string | null;
  details: Record<string, unknown>;
}

/** The events of `action` (about `targetId`, when given), oldest first. */
async function events(action: string, targetId?: string): Promise<EventRow[]> {
  return shop.dataSource.query(
    `SELECT * FROM audit_events WHERE action = $1 AND ($2::text IS NULL OR target_id = $2)
     ORDER BY occurred_at, id`,
    [action, targetId ?? null],
  );
}

async function call(
  who: SignedIn | { bearer: string } | null,
  method: string,
  url: string,
  body?: unknown,
  headers: Record<string, string> = {},
) {
  const all: Record<string, string> = { ...headers };
  if (who && 'cookie' in who) all.cookie = who.cookie;
  if (who && 'bearer' in who) all.authorization = `Bearer ${who.bearer}`;
  if (body !== undefined) all['content-type'] = 'application/json';
  return shop.app.inject({
    method: method as 'GET',
    url,
    headers: all,
    ...(body !== undefined && { payload: JSON.stringify(body) }),
  });
}

/** Walks a sign-in up to the provider's redirect to the callback; returns that URL, not yet requested. */
async function reachCallback(jar: CookieJar, email: string): Promise<URL> {
  const { pageUrl } = await openSignInPage(shop.app, jar);
  const { hops } = await follow(
    shop.app,
    jar,
    pageUrl,
    {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ email }).toString(),
    },
    { stopAt: (next) => next.pathname === '/api/callback' },
  );
  const callback = new URL(hops.at(-1)!.location!, 'http://localhost');
  expect(callback.pathname).toBe('/api/callback');
  return callback;
}

beforeAll(async () => {
  shop = await startTestApp({
    listen: false,
    env: {
      ADMIN_EMAILS: `${PROMOTED},${BOSS}`,
      LOG_LEVEL: 'info',
      // Some tests here change permissions straight in the database (as the seed at a start does):
      // with the auth cache off, each change applies at the next request (modules/identity/auth-cache.ts).
      AUTH_CACHE_MS: '0',
    },
    logDestination: { write: (line) => void logLines.push(line) },
  });
  admin = await signIn(shop.app, 'admin@example.com');
  customer = await signIn(shop.app, 'customer@example.com');
});
afterAll(async () => {
  await shop?.close();
});

describe('signing in and out', () => {
  it('records a sign-in with who, when and from where; a first sign-in also creates the user', async () => {
    const email = `first-${tag()}@example.com`;
    const started = new Date(Date.now() - 1000);
    const shopper = await signIn(shop.app, email);

    const [created] = await events('user.created', shopper.user.id);
    expect(created).toMatchObject({
      actor_id: shopper.user.id,
      actor_email: email,
      target_type: 'user',
      target_label: email,
      details: { via: 'sign_in' },
    });
    const [signedIn] = await events('auth.sign_in', shopper.user.id);
    expect(signedIn).toMatchObject({ actor_id: shopper.user.id, actor_email: email, ip: '127.0.0.1' });
    expect(signedIn!.user_agent).toBeTruthy();
    expect(signedIn!.occurred_at.getTime()).toBeGreaterThanOrEqual(started.getTime());
    expect(await events('user.promoted_by_admin_emails', shopper.user.id)).toEqual([]);

    // A second sign-in creates nobody.
    await signIn(shop.app, email);
    expect(await events('auth.sign_in', shopper.user.id)).toHaveLength(2);
    expect(await events('user.created', shopper.user.id)).toHaveLength(1);
  });

  it('records ADMIN_EMAILS promotions: a new user, and an existing one claimed at sign-in', async () => {
    const boss = await signIn(shop.app, BOSS);
    expect(boss.user.role).toBe('admin');
    expect(await events('user.promoted_by_admin_emails', boss.user.id)).toMatchObject([
      { actor_id: null, details: { changes: { role: { from: null, to: 'admin' } } } },
    ]);

    const made = await call(admin, 'POST', '/api/users', {
      email: PROMOTED,
      firstName: 'Pro',
      lastName: 'Moted',
      role: 'customer',
    });
    expect(made.statusCode).toBe(201);
    const promoted = await signIn(shop.app, PROMOTED);
    expect(promoted.user).toMatchObject({ id: made.json().id, role: 'admin' });
    expect(await events('user.promoted_by_admin_emails', promoted.user.id)).toMatchObject([
      {
        actor_id: null,
        target_label: PROMOTED,
        details: { changes: { role: { from: 'customer', to: 'admin' } } },
      },
    ]);
    expect(await events('auth.sign_in', promoted.user.id)).toMatchObject([
      { actor_id: promoted.user.id, details: { linkedToIdentity: true } },
    ]);
  });

  it('records a failed sign-in: a forged callback, and a callback whose state does not match', async () => {
    const before = (await events('auth.sign_in_failed')).length;
    const forged = await call(null, 'GET', '/api/callback?code=forged-code-123&state=forged-state-456');
    expect(forged.statusCode).toBe(303);
    const jar = new CookieJar();
    const callback = await reachCallback(jar, 'customer@example.com');
    callback.searchParams.set('state', 'tampered-state-789');
    tamperedCode = callback.searchParams.get('code')!;
    const tampered = await send(shop.app, jar, `${callback.pathname}${callback.search}`);
    expect(tampered.status).toBe(303);

    const failed = (await events('auth.sign_in_failed')).slice(before);
    expect(failed.map((row) => row.details.reason)).toEqual(['no_pending_sign_in', 'provider_exchange']);
    expect(failed[0]).toMatchObject({ actor_id: null, ip: '127.0.0.1' });
    expect(JSON.stringify(failed)).not.toMatch(/forged-code|forged-state|tampered-state/);
  });

  it('records a sign-out of the session’s user', async () => {
    const leaving = await signIn(shop.app, `leaving-${tag()}@example.com`);
    expect((await call(leaving, 'GET', '/api/logout')).statusCode).toBe(303);
    expect(await events('auth.sign_out', leaving.user.id)).toMatchObject([
      { actor_id: leaving.user.id, actor_email: leaving.user.email },
    ]);
    // Signed out already: nothing more to record.
    await call(null, 'GET', '/api/logout');
    expect(await events('auth.sign_out', leaving.user.id)).toHaveLength(1);
  });
});

describe('staff changes', () => {
  it('records users created, updated, given another role and deleted, with only what changed', async () => {
    const email = `made-${tag()}@example.com`;
    const made = await call(admin, 'POST', '/api/users', {
      email,
      firstName: 'Made',
      lastName: 'User',
      role: 'customer',
    });
    const id = made.json().id as string;
    expect(await events('user.created', id)).toMatchObject([
      {
        actor_id: admin.user.id,
        actor_email: 'admin@example.com',
        target_label: email,
        details: { email, firstName: 'Made', lastName: 'User', role: 'customer', customRole: null },
      },
    ]);

    expect((await call(admin, 'PUT', `/api/users/${id}`, { role: 'sales_manager' })).statusCode).toBe(200);
    expect(await events('user.role_changed', id)).toMatchObject([
      { actor_id: admin.user.id, details: { changes: { role: { from: 'customer', to: 'sales_manager' } } } },
    ]);
    expect(await events('user.updated', id)).toEqual([]);

    expect(
      (await call(admin, 'PUT', `/api/users/${id}`, { firstName: 'Edited', phone: '+1 555' })).statusCode,
    ).toBe(200);
    const [updated] = await events('user.updated', id);
    expect(updated!.details).toEqual({
      changes: { firstName: { from: 'Made', to: 'Edited' }, phone: { from: null, to: '+1 555' } },
    });
    expect(await events('user.role_changed', id)).toHaveLength(1);

    // Saving without a change records nothing.
    expect((await call(admin, 'PUT', `/api/users/${id}`, { firstName: 'Edited' })).statusCode).toBe(200);
    expect(await events('user.updated', id)).toHaveLength(1);

    expect((await call(admin, 'DELETE', `/api/users/${id}`)).statusCode).toBe(200);
    expect(await events('user.deleted', id)).toMatchObject([
      { actor_id: admin.user.id, target_label: email, details: { email, role: 'sales_manager' } },
    ]);
    // The rows outlive the user.
    expect(await events('user.created', id)).toHaveLength(1);
  });

  it('writes nothing when the change rolls back', async () => {
    const made = await call(admin, 'POST', '/api/users', {
      email: `doomed-${tag()}@example.com`,
      firstName: 'Doomed',
      lastName: 'User',
      role: 'customer',
    });
    const id = made.json().id as string;
    // The transaction fails at COMMIT, after the user and the audit row were written in it.
    await shop.dataSource.query(`CREATE FUNCTION test_refuse_commit() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'refused at commit'; END $$`);
    await shop.dataSource.query(
      `CREATE CONSTRAINT TRIGGER test_refuse_commit AFTER UPDATE ON users DEFERRABLE INITIALLY DEFERRED
       FOR EACH ROW WHEN (NEW.last_name = 'Rollback') EXECUTE FUNCTION test_refuse_commit()`,
    );
    try {
      const answer = await call(admin, 'PUT', `/api/users/${id}`, {
        role: 'sales_manager',
        lastName: 'Rollback',
      });
      expect(answer.statusCode).toBe(500);
    } finally {
      await shop.dataSource.query('DROP TRIGGER test_refuse_commit ON users');
      await shop.dataSource.query('DROP FUNCTION test_refuse_commit()');
    }
    const [user] = await shop.dataSource.query('SELECT role, last_name FROM users WHERE id = $1', [id]);
    expect(user).toEqual({ role: 'customer', last_name: 'User' });
    expect(await events('user.role_changed', id)).toEqual([]);
    expect(await events('user.updated', id)).toEqual([]);
  });

  it('records roles created, edited, given groups and deleted', async () => {
    const name = `Night shift ${tag()}`;
    const role = (await call(admin, 'POST', '/api/admin/roles', { name })).json();
    expect(await events('role.created', role.id)).toMatchObject([
      {
        actor_id: admin.user.id,
        target_label: name,
        details: { name, description: null, isActive: true, permissionGroups: [], permissions: [] },
      },
    ]);

    await call(admin, 'PATCH', `/api/admin/roles/${role.id}`, { description: 'Works nights' });
    expect(await events('role.updated', role.id)).toMatchObject([
      { details: { changes: { description: { from: null, to: 'Works nights' } } } },
    ]);

    const groups = (await call(admin, 'GET', '/api/admin/permission-groups')).json() as {
      id: string;
      name: string;
    }[];
    const inventory = groups.find((group) => group.name === 'Inventory')!;
    const set = await call(admin, 'PUT', `/api/admin/roles/${role.id}/permission-groups`, {
      permissionGroupIds: [inventory.id],
    });
    expect(set.statusCode).toBe(200);
    expect(await events('role.permission_groups_changed', role.id)).toMatchObject([
      {
        details: {
          changes: { permissionGroups: { from: [], to: ['Inventory'] } },
          permissionsAdded: ['inventory:read', 'inventory:update', 'products:read_all'],
          permissionsRemoved: [],
        },
      },
    ]);

    expect((await call(admin, 'DELETE', `/api/admin/roles/${role.id}`)).statusCode).toBe(200);
    expect(await events('role.deleted', role.id)).toMatchObject([
      { target_label: name, details: { name, permissionGroups: ['Inventory'] } },
    ]);
  });

  it('records permissions and groups created, and a group’s permissions changed', async () => {
    const name = `audit:test-${tag()}`;
    const permission = await call(admin, 'POST', '/api/admin/permissions', {
      name,
      resource: 'audit',
      action: 'test',
    });
    expect(permission.statusCode).toBe(201);
    expect(await events('permission.created', permission.json().id)).toMatchObject([
      { actor_id: admin.user.id, target_label: name, details: { name, resource: 'audit', action: 'test' } },
    ]);

    const groupName = `Audit group ${tag()}`;
    const group = await call(admin, 'POST', '/api/admin/permission-groups', {
      name: groupName,
      permissionIds: [permission.json().id],
    });
    expect(group.statusCode).toBe(201);
    expect(await events('group.created', group.json().id)).toMatchObject([
      { target_type: 'permission_group', target_label: groupName, details: { permissions: [name] } },
    ]);

    await call(admin, 'PUT', `/api/admin/permission-groups/${group.json().id}/permissions`, {
      permissionIds: [],
    });
    expect(await events('group.permissions_changed', group.json().id)).toMatchObject([
      { details: { changes: { permissions: { from: [name], to: [] } }, permissionsRemoved: [name] } },
    ]);
  });

  it('records API tokens created and revoked, never the secret', async () => {
    const created = await call(admin, 'POST', '/api/admin/api-tokens', {
      userId: customer.user.id,
      name: 'audit script',
      scope: 'read',
      expiresAt: new Date(Date.now() + 30 * 86_400_000).toISOString(),
    });
    expect(created.statusCode).toBe(201);
    const { id, token, prefix } = created.json();
    expect(await events('api_token.created', id)).toMatchObject([
      {
        actor_id: admin.user.id,
        target_label: 'audit script',
        details: {
          name: 'audit script',
          prefix,
          user: 'customer@example.com',
          scope: 'read',
          permissions: null,
          expiresAt: expect.any(String),
        },
      },
    ]);
    expect((await call(admin, 'DELETE', `/api/admin/api-tokens/${id}`)).statusCode).toBe(200);
    expect(await events('api_token.revoked', id)).toMatchObject([
      { actor_id: admin.user.id, details: { scope: 'read' } },
    ]);
    const [{ text }] = await shop.dataSource.query(
      `SELECT string_agg(t::text, ' ') AS text FROM audit_events t`,
    );
    expect(text).not.toContain(token);
  });
});

describe('refused calls on staff routes', () => {
  const denials = async (procedure: string) =>
    (await events('access.denied', procedure)).filter((row) => row.target_type === 'procedure');

  it('records a customer’s 403 once a minute, with the permission it lacked', async () => {
    const before = (await denials('users.list')).length;
    for (let i = 0; i < 3; i++) expect((await call(customer, 'GET', '/api/users')).statusCode).toBe(403);
    expect((await call(customer, 'GET', '/trpc/users.list')).statusCode).toBe(403);
    const rows = (await denials('users.list')).filter((row) => row.actor_id === customer.user.id);
    expect(rows.length - before).toBe(1);
    expect(rows.at(-1)).toMatchObject({
      actor_email: 'customer@example.com',
      ip: '127.0.0.1',
      details: { status: 403, permission: 'users:read', route: 'GET /api/users' },
    });
  });

  it('records a 401 on a staff route by address, and not a signed-out shopper’s own calls', async () => {
    const remoteAddress = '198.51.100.7';
    const anonymous = await shop.app.inject({ method: 'GET', url: '/api/admin/roles', remoteAddress });
    expect(anonymous.statusCode).toBe(401);
    const rows = (await denials('roles.list')).filter((row) => row.ip === remoteAddress);
    expect(rows).toMatchObject([{ actor_id: null, details: { status: 401, permission: 'roles:read' } }]);

    for (const url of ['/api/auth/user', '/trpc/orders.mine', '/api/user/addresses', '/api/orders']) {
      expect((await shop.app.inject({ method: 'GET', url, remoteAddress })).statusCode).toBe(401);
    }
    const all: EventRow[] = await shop.dataSource.query('SELECT * FROM audit_events WHERE ip = $1', [
      remoteAddress,
    ]);
    expect(all.map((row) => row.target_id)).toEqual(['roles.list']);
  });

  it('does not record a customer listing their own orders over REST', async () => {
    expect((await call(customer, 'GET', '/api/orders')).statusCode).toBe(200);
    expect((await call(admin, 'GET', '/api/orders?limit=1')).statusCode).toBe(200);
    expect(await denials('orders.list')).toEqual([]);
  });

  it('records a service’s own 403 with its reason, and a refused CSV export', async () => {
    const own = await call(admin, 'PUT', `/api/users/${admin.user.id}`, { role: 'customer' });
    expect(own.statusCode).toBe(403);
    expect((await denials('users.update')).filter((row) => row.actor_id === admin.user.id)).toMatchObject([
      { details: { status: 403, reason: 'You cannot change your own role', route: 'PUT /api/users/:id' } },
    ]);

    expect((await call(customer, 'GET', '/api/products/export')).statusCode).toBe(403);
    expect(
      (await events('access.denied', 'GET /api/products/export')).filter(
        (row) => row.actor_id === customer.user.id,
      ),
    ).toMatchObject([{ target_type: 'route', details: { status: 403, permission: 'products:read_all' } }]);
  });

  it('records an API token that is not valid, without the token', async () => {
    const remoteAddress = '198.51.100.9';
    const bogus = 'shop_not-a-real-token-abcdef';
    const answer = await shop.app.inject({
      method: 'GET',
      url: '/api/users?limit=1',
      remoteAddress,
      headers: { authorization: `Bearer ${bogus}` },
    });
    expect(answer.statusCode).toBe(401);
    const rows: EventRow[] = await shop.dataSource.query('SELECT * FROM audit_events WHERE ip = $1', [
      remoteAddress,
    ]);
    expect(rows).toMatchObject([
      {
        action: 'access.denied',
        target_type: 'route',
        target_id: 'GET /api/users',
        details: { status: 401 },
      },
    ]);
    expect(JSON.stringify(rows)).not.toContain(bogus);
  });
});

describe('the table', () => {
  it('refuses UPDATE, DELETE and TRUNCATE, in the database itself', async () => {
    const [row] = await shop.dataSource.query(
      `INSERT INTO audit_events (action, details) VALUES ('access.denied', '{}') RETURNING id`,
    );
    await expect(
      shop.dataSource.query(`UPDATE audit_events SET action = 'x' WHERE id = $1`, [row.id]),
    ).rejects.toThrow(/append-only/);
    await expect(shop.dataSource.query('DELETE FROM audit_events WHERE id = $1', [row.id])).rejects.toThrow(
      /append-only/,
    );
    await expect(shop.dataSource.query('TRUNCATE audit_events')).rejects.toThrow(/append-only/);
    expect(await shop.dataSource.query('SELECT id FROM audit_events WHERE id = $1', [row.id])).toHaveLength(
      1,
    );
  });

  it('blanks secret-named keys in details, whatever a caller passes', () => {
    expect(
      scrubDetails({
        reason: 'x',
        code: 'c',
        nested: { State: 's', token_hash: 'h', list: [{ search: 'q' }] },
      }),
    ).toEqual({
      reason: 'x',
      code: '[redacted]',
      nested: { State: '[redacted]', token_hash: '[redacted]', list: [{ search: '[redacted]' }] },
    });
  });
});

describe('the page (audit.page, GET /api/admin/audit-events)', () => {
  it('is for audit:read only', async () => {
    expect((await call(customer, 'GET', '/api/admin/audit-events')).statusCode).toBe(403);
    expect((await call(null, 'GET', '/api/admin/audit-events')).statusCode).toBe(401);
    expect((await call(admin, 'GET', '/api/admin/audit-events')).statusCode).toBe(200);
  });

  it('pages newest first and filters by action, actor, target and time', async () => {
    const page = async (query: string): Promise<AuditPageDto> => {
      const answer = await call(admin, 'GET', `/api/admin/audit-events${query}`);
      expect(answer.statusCode, query).toBe(200);
      return answer.json();
    };
    const [{ total }] = await shop.dataSource.query('SELECT count(*)::int AS total FROM audit_events');
    const first = await page('?pageSize=3');
    expect(first).toMatchObject({ page: 1, pageSize: 3 });
    expect(first.items).toHaveLength(3);
    // A total read a moment ago: each GET of the page may add nothing (admins are allowed).
    expect(first.total).toBeGreaterThanOrEqual(total);
    const times = first.items.map((item) => Date.parse(item.occurredAt));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    const second = await page('?pageSize=3&page=2');
    expect(second.items.map((item) => item.id)).not.toContain(first.items[0]!.id);
    expect(Date.parse(second.items[0]!.occurredAt)).toBeLessThanOrEqual(times.at(-1)!);

    const roleChanges = await page('?action=user.role_changed');
    expect(roleChanges.total).toBeGreaterThan(0);
    expect(roleChanges.items.every((item) => item.action === 'user.role_changed')).toBe(true);
    expect(roleChanges.items[0]).toMatchObject({
      actor: { id: admin.user.id, email: 'admin@example.com' },
      target: { type: 'user' },
      details: { changes: { role: { from: 'customer' } } },
    });

    const byEmail = await page('?actor=CUSTOMER%40example');
    expect(byEmail.total).toBeGreaterThan(0);
    expect(byEmail.items.every((item) => item.actor?.email === 'customer@example.com')).toBe(true);
    const byId = await page(`?actorId=${customer.user.id}`);
    expect(byId.total).toBe(byEmail.total);

    const tokens = await page('?targetType=api_token');
    expect(tokens.items.map((item) => item.action).sort()).toEqual([
      'api_token.created',
      'api_token.revoked',
    ]);

    const future = new Date(Date.now() + 3_600_000).toISOString();
    expect((await page(`?from=${encodeURIComponent(future)}`)).total).toBe(0);
    const past = new Date(Date.now() - 3_600_000).toISOString();
    expect((await page(`?to=${encodeURIComponent(past)}`)).total).toBe(0);
    const window = await page(
      `?from=${encodeURIComponent(past)}&to=${encodeURIComponent(future)}&pageSize=1`,
    );
    expect(window.total).toBeGreaterThanOrEqual(total);

    expect((await call(admin, 'GET', '/api/admin/audit-events?action=user.hacked')).statusCode).toBe(400);
    expect((await call(admin, 'GET', '/api/admin/audit-events?from=yesterday')).statusCode).toBe(400);
  });
});

describe('secrets', () => {
  it('never reach the table or the log: sign-in code and state, cookies, tokens, searches', async () => {
    // A whole sign-in, keeping the callback's code and state and the session cookie.
    const jar = new CookieJar();
    const callback = await reachCallback(jar, `secretive-${tag()}@example.com`);
    const code = callback.searchParams.get('code')!;
    const state = callback.searchParams.get('state')!;
    expect(code.length).toBeGreaterThan(10);
    expect((await send(shop.app, jar, `${callback.pathname}${callback.search}`)).status).toBe(303);
    const session = jar.get('shop_sid')!;
    expect(session).toBeTruthy();

    // Searches, over REST and tRPC, signed in and out.
    const search = `zesty-${tag()}-lemon`;
    await call(null, 'GET', `/api/products?search=${search}`);
    await call(
      { cookie: `shop_sid=${session}` } as SignedIn,
      'GET',
      `/api/products?search=${search}&limit=5`,
    );
    await call(null, 'GET', `/trpc/products.page?input=${encodeURIComponent(JSON.stringify({ search }))}`);
    await call(admin, 'GET', `/api/admin/audit-events?actor=${search}`);
    await call(admin, 'GET', `/trpc/users.page?input=${encodeURIComponent(JSON.stringify({ search }))}`);

    // A token, used, then revoked and used again.
    const created = (
      await call(admin, 'POST', '/api/admin/api-tokens', {
        userId: admin.user.id,
        name: 'secret test',
        scope: 'read',
        expiresAt: new Date(Date.now() + 30 * 86_400_000).toISOString(),
      })
    ).json();
    expect((await call({ bearer: created.token }, 'GET', '/api/users')).statusCode).toBe(200);
    await call(admin, 'DELETE', `/api/admin/api-tokens/${created.id}`);
    expect((await call({ bearer: created.token }, 'GET', '/api/users')).statusCode).toBe(401);

    const secrets = {
      code,
      state,
      session,
      token: created.token,
      search,
      adminCookie: admin.cookie.split('=')[1]!,
      // From the failed sign-ins above: a forged callback, and a real code with a tampered state.
      forgedCode: 'forged-code-123',
      forgedState: 'forged-state-456',
      tamperedState: 'tampered-state-789',
      tamperedCode: tamperedCode!,
    };
    const [{ table }] = await shop.dataSource.query(
      `SELECT string_agg(t::text, ' ') AS table FROM audit_events t`,
    );
    const log = logLines.join('');
    for (const [what, secret] of Object.entries(secrets)) {
      expect(table, `${what} in audit_events`).not.toContain(secret);
      expect(log, `${what} in the log`).not.toContain(secret);
    }
    // The log still says what was called.
    expect(log).toContain('/api/callback?code=[redacted]&state=[redacted]');
    expect(log).toContain('/api/products?search=[redacted]&limit=5');
    expect(log).not.toMatch(/"(cookie|authorization)":/i);
  });

  it('redactUrl keeps paths and paging, and blanks every other value', () => {
    expect(redactUrl('/api/callback?code=abc&state=def&iss=http%3A%2F%2Fx')).toBe(
      '/api/callback?code=[redacted]&state=[redacted]&iss=[redacted]',
    );
    expect(redactUrl('/api/orders?limit=10&offset=20')).toBe('/api/orders?limit=10&offset=20');
    expect(redactUrl('/trpc/a,b?batch=1&input=%7B%7D')).toBe('/trpc/a,b?batch=1&input=[redacted]');
    expect(redactUrl('/api/login?returnTo=%2F%3Fq%3Dtea')).toBe('/api/login?returnTo=[redacted]');
    expect(redactUrl('/api/products')).toBe('/api/products');
  });
});

describe('a database from before the audit log', () => {
  it('gets audit:read for the admin role at the next start (the permission seed)', async () => {
    await shop.dataSource.query(`DELETE FROM permission_groups WHERE name = 'Audit log'`);
    await shop.dataSource.query(`DELETE FROM permissions WHERE name = 'audit:read'`);
    expect((await call(admin, 'GET', '/api/admin/audit-events')).statusCode).toBe(403);

    await shop.dataSource.transaction((tx) => seedPermissionModel(tx));
    expect((await call(admin, 'GET', '/api/admin/audit-events')).statusCode).toBe(200);
    const holders: { name: string }[] = await shop.dataSource.query(
      `SELECT DISTINCT r.name FROM roles r
       JOIN role_permission_groups rpg ON rpg.role_id = r.id
       JOIN permission_group_permissions gp ON gp.permission_group_id = rpg.permission_group_id
       JOIN permissions p ON p.id = gp.permission_id
       WHERE p.name = 'audit:read'`,
    );
    expect(holders.map((row) => row.name)).toEqual(['admin']);
  });
});
