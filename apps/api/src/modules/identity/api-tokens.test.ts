/**
 * API tokens through the real app: created by the admin (secret shown once, only its hash stored),
 * used as `Authorization: Bearer` on REST and tRPC with at most its user's current permissions,
 * narrowed by its scope (read-only tokens never write) and permission subset (users and roles
 * administration only when named), never taken from a cookie or the query string, always expiring
 * within a year, revocable only by someone who outranks its user, and refused (401) at once when
 * revoked or expired.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/test-app';
import { signIn } from '../../test/sign-in';
import { hashToken } from './api-tokens.service';
import { uniqueWord } from '../../test/unique-word';

let shop: TestApp;
let adminCookie: string;
let users: Record<string, string>;

interface Reply {
  status: number;
  body: any; // eslint-disable-line @typescript-eslint/no-explicit-any
}

async function call(
  method: string,
  url: string,
  { body, headers = {} }: { body?: unknown; headers?: Record<string, string> } = {},
): Promise<Reply> {
  const response = await shop.app.inject({
    method: method as 'GET',
    url,
    headers: { ...headers, ...(body !== undefined && { 'content-type': 'application/json' }) },
    ...(body !== undefined && { payload: JSON.stringify(body) }),
  });
  return { status: response.statusCode, body: response.body ? response.json() : null };
}

const asAdmin = (method: string, url: string, body?: unknown) =>
  call(method, url, { body, headers: { cookie: adminCookie } });
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const DAY_MS = 24 * 60 * 60 * 1000;
const inDays = (days: number) => new Date(Date.now() + days * DAY_MS).toISOString();

async function createToken(email: string, extra: Record<string, unknown> = {}, cookie = adminCookie) {
  const created = await call('POST', '/api/admin/api-tokens', {
    headers: { cookie },
    body: { userId: users[email], name: `for ${email}`, scope: 'write', expiresAt: inDays(30), ...extra },
  });
  expect(created.status).toBe(201);
  return created.body as { id: string; token: string; prefix: string; status: string };
}

beforeAll(async () => {
  shop = await startTestApp({ listen: false });
  adminCookie = (await signIn(shop.app, 'admin@example.com')).cookie;
  const list = await asAdmin('GET', '/api/users');
  users = Object.fromEntries(list.body.map((user: { id: string; email: string }) => [user.email, user.id]));
});

afterAll(async () => {
  await shop?.close();
});

describe('API tokens', () => {
  it('are shown once, stored as a hash, and listed with their user, prefix and status', async () => {
    const created = await createToken('sales@example.com');
    expect(created.token).toMatch(/^shop_[A-Za-z0-9_-]{43}$/);
    expect(created.token.startsWith(created.prefix)).toBe(true);
    expect(created.status).toBe('active');

    const [row] = await shop.dataSource.query(`SELECT token_hash FROM api_tokens WHERE id = $1`, [
      created.id,
    ]);
    expect(row.token_hash).toBe(hashToken(created.token));

    const listed = await asAdmin('GET', '/api/admin/api-tokens');
    const item = listed.body.find((token: { id: string }) => token.id === created.id);
    expect(item).toMatchObject({
      name: 'for sales@example.com',
      user: { email: 'sales@example.com' },
      lastUsedAt: null,
    });
    expect(item.createdBy).toBe('admin@example.com');
    expect(JSON.stringify(listed.body)).not.toContain(created.token);
  });

  it('authenticate REST and tRPC as their user, and record when they were last used', async () => {
    const { id, token } = await createToken('customer@example.com');
    const me = await call('GET', '/api/auth/user', { headers: bearer(token) });
    expect(me.status).toBe(200);
    expect(me.body.email).toBe('customer@example.com');
    const trpc = await call('GET', '/trpc/auth.me', { headers: bearer(token) });
    expect(trpc.body.result.data.email).toBe('customer@example.com');
    // Writes work with a token, as a script needs them.
    const address = await call('POST', '/api/user/addresses', {
      headers: bearer(token),
      body: { title: 'Script', street: '1 Main St', city: 'Springfield', state: 'IL', zipCode: '62701' },
    });
    expect(address.status).toBe(201);

    const listed = await asAdmin('GET', '/api/admin/api-tokens');
    expect(listed.body.find((token: { id: string }) => token.id === id).lastUsedAt).not.toBeNull();
  });

  it("carry exactly their user's permissions: an inventory manager's token cannot touch orders or users", async () => {
    const { token } = await createToken('inventory@example.com');
    expect((await call('GET', '/api/products/low-stock', { headers: bearer(token) })).status).toBe(200);
    expect(
      (
        await call('GET', `/trpc/products.adminPage?input=${encodeURIComponent('{}')}`, {
          headers: bearer(token),
        })
      ).status,
    ).toBe(200);
    expect((await call('GET', '/api/users', { headers: bearer(token) })).status).toBe(403);
    expect((await call('GET', '/trpc/orderManagement.page', { headers: bearer(token) })).status).toBe(403);
    const status = await call('PATCH', '/api/orders/6f1c3b2e-0000-4000-8000-000000000000/status', {
      headers: bearer(token),
      body: { status: 'processing' },
    });
    expect(status.status).toBe(403);
    // Nor can any token manage tokens, even the admin's own.
    const adminToken = (await createToken('admin@example.com')).token;
    const minted = await call('POST', '/api/admin/api-tokens', {
      headers: bearer(adminToken),
      body: { userId: users['admin@example.com'], name: 'more', scope: 'write', expiresAt: inDays(1) },
    });
    expect(minted.status).toBe(403);
    expect(minted.body.message).toBe('API tokens are managed from a signed-in session, not with a token');
  });

  it('follow a change of their user’s role at the next request', async () => {
    const email = `script-${uniqueWord()}@example.com`;
    const user = await asAdmin('POST', '/api/users', {
      email,
      firstName: 'Script',
      lastName: 'Bot',
      role: 'sales_manager',
    });
    users[email] = user.body.id;
    const { token } = await createToken(email);
    expect((await call('GET', '/trpc/orderManagement.summary', { headers: bearer(token) })).status).toBe(200);
    await asAdmin('PUT', `/api/users/${user.body.id}`, { role: 'customer' });
    expect((await call('GET', '/trpc/orderManagement.summary', { headers: bearer(token) })).status).toBe(403);
  });

  it('are refused at once when revoked, expired, unknown or not a bearer token', async () => {
    const { id, token } = await createToken('sales@example.com');
    expect((await call('GET', '/api/auth/user', { headers: bearer(token) })).status).toBe(200);
    const revoked = await asAdmin('DELETE', `/api/admin/api-tokens/${id}`);
    expect(revoked.status).toBe(200);
    expect(revoked.body.status).toBe('revoked');
    const refused = await call('GET', '/api/auth/user', { headers: bearer(token) });
    expect(refused).toEqual({
      status: 401,
      body: {
        message: 'The API token is not valid: it may be revoked, expired or mistyped',
        code: 'UNAUTHORIZED',
      },
    });
    expect((await call('GET', '/trpc/auth.me', { headers: bearer(token) })).status).toBe(401);

    const expiring = await createToken('sales@example.com', {
      expiresAt: new Date(Date.now() + 60_000).toISOString(),
    });
    expect((await call('GET', '/api/auth/user', { headers: bearer(expiring.token) })).status).toBe(200);
    await shop.dataSource.query(
      `UPDATE api_tokens SET expires_at = now() - interval '1 second' WHERE id = $1`,
      [expiring.id],
    );
    expect((await call('GET', '/api/auth/user', { headers: bearer(expiring.token) })).status).toBe(401);
    const listed = await asAdmin('GET', '/api/admin/api-tokens');
    expect(listed.body.find((token: { id: string }) => token.id === expiring.id).status).toBe('expired');

    expect((await call('GET', '/api/auth/user', { headers: bearer('shop_not-a-real-token') })).status).toBe(
      401,
    );
    expect(
      (await call('GET', '/api/auth/user', { headers: { authorization: 'Basic YWRtaW46YWRtaW4=' } })).status,
    ).toBe(401);
    // A bad token is not rescued by a valid session cookie.
    expect(
      (await call('GET', '/api/auth/user', { headers: { ...bearer('shop_nope'), cookie: adminCookie } }))
        .status,
    ).toBe(401);
  });

  it('are never read from a cookie or the query string', async () => {
    const { token } = await createToken('admin@example.com');
    expect((await call('GET', `/api/auth/user?access_token=${token}`)).status).toBe(401);
    expect((await call('GET', `/api/auth/user?token=${token}`)).status).toBe(401);
    expect(
      (await call('GET', '/api/auth/user', { headers: { cookie: `token=${token}; shop_sid=${token}` } }))
        .status,
    ).toBe(401);
  });

  it('refuse bad input with the field and the reason, writing nothing', async () => {
    const missing = await asAdmin('POST', '/api/admin/api-tokens', {
      userId: users['sales@example.com'],
      name: ' ',
      scope: 'read',
      expiresAt: inDays(1),
    });
    expect(missing.status).toBe(400);
    expect(missing.body.issues).toContainEqual({ path: 'name', message: 'Name is required' });
    const past = await asAdmin('POST', '/api/admin/api-tokens', {
      userId: users['sales@example.com'],
      name: 'old',
      scope: 'read',
      expiresAt: '2020-01-01T00:00:00Z',
    });
    expect(past.status).toBe(400);
    expect(past.body.issues).toContainEqual({
      path: 'expiresAt',
      message: 'The expiry must be in the future',
    });
    const nobody = await asAdmin('POST', '/api/admin/api-tokens', {
      userId: '6f1c3b2e-0000-4000-8000-000000000000',
      name: 'ghost',
      scope: 'read',
      expiresAt: inDays(1),
    });
    expect(nobody.status).toBe(404);
    const [{ count }] = await shop.dataSource.query(
      `SELECT count(*)::int AS count FROM api_tokens WHERE name IN ('old','ghost',' ')`,
    );
    expect(count).toBe(0);
  });
});

describe('API token scopes', () => {
  it('a read-only token reads, and every write with it answers 403, with or without a permission', async () => {
    const { token } = await createToken('customer@example.com', { scope: 'read' });
    expect((await call('GET', '/api/auth/user', { headers: bearer(token) })).status).toBe(200);
    expect((await call('GET', '/api/user/addresses', { headers: bearer(token) })).status).toBe(200);
    const address = await call('POST', '/api/user/addresses', {
      headers: bearer(token),
      body: { title: 'Script', street: '1 Main St', city: 'Springfield', state: 'IL', zipCode: '62701' },
    });
    expect(address).toEqual({
      status: 403,
      body: expect.objectContaining({ message: 'This API token is read-only', code: 'FORBIDDEN' }),
    });
    const trpc = await call('POST', '/trpc/addresses.create', {
      headers: bearer(token),
      body: { title: 'Script', street: '1 Main St', city: 'Springfield', state: 'IL', zipCode: '62701' },
    });
    expect(trpc.status).toBe(403);

    const admin = (await createToken('admin@example.com', { scope: 'read' })).token;
    expect((await call('GET', '/api/users', { headers: bearer(admin) })).status).toBe(200);
    expect((await shop.app.inject({ url: '/api/products/export', headers: bearer(admin) })).statusCode).toBe(
      200,
    );
    const user = await call('POST', '/api/users', {
      headers: bearer(admin),
      body: { email: `ro-${uniqueWord()}@example.com`, firstName: 'Read', lastName: 'Only', role: 'admin' },
    });
    expect(user.status).toBe(403);
    // A route outside tRPC checks permissions, which a read-only token has none of for writing.
    const imported = await shop.app.inject({
      method: 'POST',
      url: '/api/products/import',
      headers: { ...bearer(admin), 'content-type': 'text/csv' },
      payload: 'sku\n',
    });
    expect(imported.statusCode).toBe(403);
    expect(
      (await call('GET', `/api/admin/audit-events`, { headers: bearer(admin) })).status,
      'read permissions stay',
    ).toBe(200);
  });

  it('a token creates users or changes roles only when its permissions name it', async () => {
    const everything = (await createToken('admin@example.com')).token;
    const body = () => ({
      email: `scripted-${uniqueWord()}@example.com`,
      firstName: 'Scripted',
      lastName: 'User',
      role: 'customer',
    });
    expect((await call('POST', '/api/users', { headers: bearer(everything), body: body() })).status).toBe(
      403,
    );
    const target = users['customer@example.com'];
    expect(
      (await call('PUT', `/api/users/${target}`, { headers: bearer(everything), body: { role: 'admin' } }))
        .status,
    ).toBe(403);
    expect(
      (await call('POST', '/api/admin/roles', { headers: bearer(everything), body: { name: 'Scripted' } }))
        .status,
    ).toBe(403);
    // Everything else an admin may do still works with it.
    expect((await call('GET', '/api/users', { headers: bearer(everything) })).status).toBe(200);
    expect((await call('GET', '/trpc/orderManagement.summary', { headers: bearer(everything) })).status).toBe(
      200,
    );

    const named = (await createToken('admin@example.com', { permissions: ['users:read', 'users:create'] }))
      .token;
    expect((await call('POST', '/api/users', { headers: bearer(named), body: body() })).status).toBe(201);
    // …and nothing outside its subset.
    expect((await call('GET', '/trpc/orderManagement.summary', { headers: bearer(named) })).status).toBe(403);
    expect((await call('GET', '/api/products/low-stock', { headers: bearer(named) })).status).toBe(403);
  });

  it('a subset never adds to what its user holds now', async () => {
    const { token } = await createToken('inventory@example.com', {
      permissions: ['inventory:read', 'orders:read_all'],
    });
    expect((await call('GET', '/api/products/low-stock', { headers: bearer(token) })).status).toBe(200);
    expect((await call('GET', '/trpc/orderManagement.summary', { headers: bearer(token) })).status).toBe(403);
  });

  it('are listed with their scope, subset and expiry, and the audit log records the scope', async () => {
    const created = await createToken('sales@example.com', {
      scope: 'read',
      permissions: ['orders:read_all', 'admin:access'],
      expiresAt: inDays(365),
    });
    expect(created).toMatchObject({ scope: 'read', permissions: ['admin:access', 'orders:read_all'] });
    const listed = await asAdmin('GET', '/api/admin/api-tokens');
    expect(listed.body.find((token: { id: string }) => token.id === created.id)).toMatchObject({
      scope: 'read',
      permissions: ['admin:access', 'orders:read_all'],
      expiresAt: expect.any(String),
    });
    await asAdmin('DELETE', `/api/admin/api-tokens/${created.id}`);
    const events = await shop.dataSource.query(
      `SELECT action, details FROM audit_events WHERE target_id = $1 ORDER BY action`,
      [created.id],
    );
    expect(events).toEqual([
      {
        action: 'api_token.created',
        details: expect.objectContaining({ scope: 'read', permissions: ['admin:access', 'orders:read_all'] }),
      },
      { action: 'api_token.revoked', details: expect.objectContaining({ scope: 'read' }) },
    ]);
  });

  it('refuse a missing scope or expiry, an expiry over a year away and a subset that does not fit', async () => {
    const base = { userId: users['sales@example.com'], name: 'refused' };
    const issues = async (body: Record<string, unknown>) => {
      const answer = await asAdmin('POST', '/api/admin/api-tokens', body);
      expect(answer.status).toBe(400);
      return answer.body.issues;
    };
    expect(await issues({ ...base, expiresAt: inDays(1) })).toContainEqual({
      path: 'scope',
      message: 'Choose read-only or read-write',
    });
    expect(await issues({ ...base, scope: 'write' })).toContainEqual({
      path: 'expiresAt',
      message: 'An expiry is required',
    });
    expect(await issues({ ...base, scope: 'write', expiresAt: null })).toContainEqual({
      path: 'expiresAt',
      message: 'An expiry is required',
    });
    expect(await issues({ ...base, scope: 'write', expiresAt: inDays(366) })).toContainEqual({
      path: 'expiresAt',
      message: 'The expiry must be at most a year away',
    });
    expect(
      await issues({ ...base, scope: 'write', expiresAt: inDays(1), permissions: ['orders:everything'] }),
    ).toContainEqual({ path: 'permissions.0', message: 'Unknown permission' });
    expect(
      await issues({ ...base, scope: 'read', expiresAt: inDays(1), permissions: ['orders:update'] }),
    ).toContainEqual({ path: 'permissions', message: 'A read-only token can only carry read permissions' });
    const [{ count }] = await shop.dataSource.query(
      `SELECT count(*)::int AS count FROM api_tokens WHERE name = 'refused'`,
    );
    expect(count).toBe(0);
  });
});

describe('Revoking an API token', () => {
  let salesCookie: string;

  beforeAll(async () => {
    // A sales manager who may also manage tokens: a helpdesk-like role below the admin.
    await shop.dataSource.query(
      `INSERT INTO role_permissions (role_id, permission_id, granted)
       SELECT r.id, p.id, true FROM roles r, permissions p
       WHERE r.name = 'sales_manager' AND p.name = 'api_tokens:manage'`,
    );
    salesCookie = (await signIn(shop.app, 'sales@example.com')).cookie;
  });

  it('is for its user or someone who holds every permission its user holds', async () => {
    const adminsToken = await createToken('admin@example.com');
    const refused = await call('DELETE', `/api/admin/api-tokens/${adminsToken.id}`, {
      headers: { cookie: salesCookie },
    });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toMatch(
      /^You cannot revoke a token of a user who has permissions you do not have: /,
    );
    expect((await call('GET', '/api/auth/user', { headers: bearer(adminsToken.token) })).status).toBe(200);

    const customersToken = await createToken('customer@example.com', {}, salesCookie);
    const own = await createToken('sales@example.com');
    for (const { id, token } of [customersToken, own]) {
      const revoked = await call('DELETE', `/api/admin/api-tokens/${id}`, {
        headers: { cookie: salesCookie },
      });
      expect(revoked.status).toBe(200);
      expect((await call('GET', '/api/auth/user', { headers: bearer(token) })).status).toBe(401);
    }
    // The admin outranks everyone.
    expect((await asAdmin('DELETE', `/api/admin/api-tokens/${adminsToken.id}`)).status).toBe(200);
  });
});
