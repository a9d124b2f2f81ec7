/**
 * `/api/users` as the admin screens use it (docs/product.md §7): the list, one user, create (201), update
 * (what is omitted stays; roleId a custom role or null) and delete; strict input with the spec's
 * messages; 404 and 409 where they belong.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/test-app';
import { signIn } from '../../test/sign-in';

let shop: TestApp;
let cookie: string;

async function call(method: string, url: string, body?: unknown) {
  const response = await shop.app.inject({
    method: method as 'GET',
    url,
    headers: { cookie, ...(body !== undefined && { 'content-type': 'application/json' }) },
    ...(body !== undefined && { payload: JSON.stringify(body) }),
  });
  return { status: response.statusCode, body: response.body ? response.json() : null };
}

const unique = () => Math.random().toString(36).slice(2, 10);

beforeAll(async () => {
  shop = await startTestApp({ listen: false });
  cookie = (await signIn(shop.app, 'admin@example.com')).cookie;
});

afterAll(async () => {
  await shop?.close();
});

describe('/api/users', () => {
  it('lists every user as an array of the admin view, newest first, without the sign-in subject', async () => {
    const { status, body } = await call('GET', '/api/users');
    expect(status).toBe(200);
    expect(Array.isArray(body)).toBe(true);
    expect(body.map((user: { email: string }) => user.email)).toEqual(
      expect.arrayContaining([
        'admin@example.com',
        'customer@example.com',
        'inventory@example.com',
        'sales@example.com',
      ]),
    );
    const admin = body.find((user: { email: string }) => user.email === 'admin@example.com');
    expect(Object.keys(admin).sort()).toEqual(
      [
        'createdAt',
        'customRole',
        'email',
        'firstName',
        'id',
        'lastName',
        'phone',
        'profileImageUrl',
        'role',
        'roleId',
        'updatedAt',
        'version',
      ].sort(),
    );
    const created = body.map((user: { createdAt: string }) => user.createdAt);
    expect([...created].sort().reverse()).toEqual(created);
  });

  it('users.page: a page of the list, the number matching a search over email and names, and the cards', async () => {
    const list = (await call('GET', '/api/users')).body as { id: string; role: string }[];
    const page = (input: object) =>
      call('GET', `/trpc/users.page?input=${encodeURIComponent(JSON.stringify(input))}`);

    const first = await page({ pageSize: 2 });
    expect(first.status).toBe(200);
    const data = first.body.result.data;
    expect(data).toMatchObject({ total: list.length, page: 1, pageSize: 2 });
    expect(data.items.map((user: { id: string }) => user.id)).toEqual(
      list.slice(0, 2).map((user) => user.id),
    );
    const second = (await page({ page: 2, pageSize: 2 })).body.result.data;
    expect(second.items.map((user: { id: string }) => user.id)).toEqual(
      list.slice(2, 4).map((user) => user.id),
    );
    expect(data.stats).toEqual({
      total: list.length,
      admins: list.filter((user) => user.role === 'admin').length,
      managers: list.filter((user) => ['sales_manager', 'inventory_manager'].includes(user.role)).length,
      customers: list.filter((user) => user.role === 'customer').length,
    });

    const found = (await page({ search: 'INVENTORY@' })).body.result.data;
    expect(found.items.map((user: { email: string }) => user.email)).toEqual(['inventory@example.com']);
    expect(found.total).toBe(1);
    expect(found.stats.total).toBe(list.length);
    expect((await page({ search: '%' })).body.result.data.total).toBe(0);
    expect((await page({ pageSize: 101 })).status).toBe(400);
  });

  it('creates (201), reads, updates and deletes a user', async () => {
    const email = `New.Person-${unique()}@Example.com`;
    const created = await call('POST', '/api/users', {
      email,
      firstName: ' Nora ',
      lastName: 'Newman',
      phone: '',
      role: 'sales_manager',
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      email: email.toLowerCase(),
      firstName: 'Nora',
      lastName: 'Newman',
      phone: null,
      role: 'sales_manager',
      roleId: null,
      customRole: null,
    });
    const id = created.body.id;
    expect((await call('GET', `/api/users/${id}`)).body).toEqual(created.body);

    const updated = await call('PUT', `/api/users/${id}`, {
      phone: '+1 555 0100',
      role: 'inventory_manager',
    });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({
      firstName: 'Nora',
      phone: '+1 555 0100',
      role: 'inventory_manager',
    });

    const removed = await call('DELETE', `/api/users/${id}`);
    expect(removed).toEqual({ status: 200, body: { id, message: 'User deleted successfully' } });
    expect(await call('GET', `/api/users/${id}`)).toMatchObject({
      status: 404,
      body: { message: 'User not found' },
    });
  });

  it('gives a user a custom role and takes it away again', async () => {
    const role = await call('POST', '/api/admin/roles', { name: `Custom ${unique()}` });
    const user = await call('POST', '/api/users', {
      email: `custom-${unique()}@example.com`,
      firstName: 'C',
      lastName: 'R',
      role: 'customer',
    });
    const given = await call('PUT', `/api/users/${user.body.id}`, { roleId: role.body.id });
    expect(given.body).toMatchObject({
      roleId: role.body.id,
      customRole: { id: role.body.id, name: role.body.name, isActive: true },
    });
    const taken = await call('PUT', `/api/users/${user.body.id}`, { roleId: null });
    expect(taken.body).toMatchObject({ roleId: null, customRole: null, role: 'customer' });

    const builtIn = (await call('GET', '/api/admin/roles')).body.find(
      (r: { name: string }) => r.name === 'admin',
    );
    expect((await call('PUT', `/api/users/${user.body.id}`, { roleId: builtIn.id })).status).toBe(400);
    const unknown = await call('PUT', `/api/users/${user.body.id}`, {
      roleId: '6f1c3b2e-0000-4000-8000-000000000000',
    });
    expect(unknown).toMatchObject({ status: 404, body: { message: 'Role not found' } });
  });

  it('refuses a taken email (409), unknown fields and bad values (400)', async () => {
    const user = await call('POST', '/api/users', {
      email: `taken-${unique()}@example.com`,
      firstName: 'T',
      lastName: 'K',
      role: 'customer',
    });
    const clash = await call('PUT', `/api/users/${user.body.id}`, { email: 'SALES@example.com' });
    expect(clash).toMatchObject({ status: 409, body: { code: 'CONFLICT', message: 'Email already in use' } });

    expect(
      (
        await call('POST', '/api/users', {
          email: 'a@b.co',
          firstName: 'A',
          lastName: 'B',
          role: 'customer',
          isAdmin: true,
        })
      ).status,
    ).toBe(400);
    expect((await call('PUT', `/api/users/${user.body.id}`, { authSubject: 'x' })).status).toBe(400);
    const missingRole = await call('POST', '/api/users', { email: 'a@b.co', firstName: 'A', lastName: 'B' });
    expect(missingRole.body.issues).toEqual([{ path: 'role', message: 'Please select a role' }]);
    const blank = await call('PUT', `/api/users/${user.body.id}`, { firstName: '', lastName: '  ' });
    expect(blank.body.issues).toEqual([
      { path: 'firstName', message: 'First name is required' },
      { path: 'lastName', message: 'Last name is required' },
    ]);
    expect((await call('GET', '/api/users/not-a-uuid')).status).toBe(400);
  });
});
