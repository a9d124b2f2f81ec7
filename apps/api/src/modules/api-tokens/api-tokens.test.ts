/**
 * API tokens through the real app: created by the admin (secret shown once, only its hash stored),
 * used as `Authorization: Bearer` on REST and tRPC with exactly its user's current permissions,
 * never taken from a cookie or the query string, and refused (401) at once when revoked or expired.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/test-app';
import { signIn } from '../../test/sign-in';
import { hashToken } from './api-tokens.service';

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

async function createToken(email: string, extra: Record<string, unknown> = {}) {
  const created = await asAdmin('POST', '/api/admin/api-tokens', {
    userId: users[email],
    name: `for ${email}`,
    ...extra,
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
      body: { userId: users['admin@example.com'], name: 'more' },
    });
    expect(minted.status).toBe(403);
    expect(minted.body.message).toBe('API tokens are managed from a signed-in session, not with a token');
  });

  it('follow a change of their user’s role at the next request', async () => {
    const email = `script-${Date.now()}@example.com`;
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
    });
    expect(missing.status).toBe(400);
    expect(missing.body.issues).toContainEqual({ path: 'name', message: 'Name is required' });
    const past = await asAdmin('POST', '/api/admin/api-tokens', {
      userId: users['sales@example.com'],
      name: 'old',
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
    });
    expect(nobody.status).toBe(404);
    const [{ count }] = await shop.dataSource.query(
      `SELECT count(*)::int AS count FROM api_tokens WHERE name IN ('old','ghost',' ')`,
    );
    expect(count).toBe(0);
  });
});
