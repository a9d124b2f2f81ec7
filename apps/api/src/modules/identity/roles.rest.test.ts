/**
 * `/api/admin/roles`, `/api/admin/permissions` and `/api/admin/permission-groups` as the
 * Permissions screen uses them (docs/product.md §7), with the shapes it reads and the rules of docs/product.md §5.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERMISSION_NAMES } from '@shop/schema';
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

describe('roles', () => {
  it('lists the four built-in roles, active, with their user counts', async () => {
    const { status, body } = await call('GET', '/api/admin/roles');
    expect(status).toBe(200);
    const builtIn = body.filter((role: { isBuiltIn: boolean }) => role.isBuiltIn);
    expect(builtIn.map((role: { name: string }) => role.name).sort()).toEqual([
      'admin',
      'customer',
      'inventory_manager',
      'sales_manager',
    ]);
    for (const role of builtIn) {
      expect(role).toMatchObject({
        isActive: true,
        description: expect.any(String),
        createdAt: expect.any(String),
      });
      expect(role.userCount).toBeGreaterThanOrEqual(1);
    }
  });

  it('creates (201), reads with its groups, edits and deletes a role', async () => {
    const groups = (await call('GET', '/api/admin/permission-groups')).body;
    const inventory = groups.find((group: { name: string }) => group.name === 'Inventory');
    const name = `Night shift ${unique()}`;
    const created = await call('POST', '/api/admin/roles', { name, description: 'Restocks at night' });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      name,
      description: 'Restocks at night',
      isActive: true,
      isBuiltIn: false,
      permissionGroups: [],
    });
    expect((await call('POST', '/api/admin/roles', { name })).status).toBe(409);
    expect((await call('POST', '/api/admin/roles', { name: '  ' })).body.issues).toEqual([
      { path: 'name', message: 'Role name is required' },
    ]);

    const id = created.body.id;
    const assigned = await call('PUT', `/api/admin/roles/${id}/permission-groups`, {
      permissionGroupIds: [inventory.id],
    });
    expect(assigned.status).toBe(200);
    const detail = await call('GET', `/api/admin/roles/${id}`);
    expect(detail.body.permissionGroups).toEqual([
      {
        id: inventory.id,
        name: 'Inventory',
        description: expect.any(String),
        isActive: true,
        createdAt: expect.any(String),
      },
    ]);
    expect(detail.body.permissions).toEqual(['inventory:read', 'inventory:update', 'products:read_all']);

    const edited = await call('PATCH', `/api/admin/roles/${id}`, {
      name: `${name}!`,
      description: '',
      isActive: false,
    });
    expect(edited.body).toMatchObject({
      name: `${name}!`,
      description: null,
      isActive: false,
      permissions: [],
    });
    expect((await call('PATCH', `/api/admin/roles/${id}`, { name: '' })).body.issues).toEqual([
      { path: 'name', message: 'Role name is required' },
    ]);
    expect((await call('PATCH', `/api/admin/roles/${id}`, { name: 'admin' })).status).toBe(409);

    expect(await call('DELETE', `/api/admin/roles/${id}`)).toEqual({
      status: 200,
      body: { id, message: 'Role deleted successfully' },
    });
    expect((await call('GET', `/api/admin/roles/${id}`)).status).toBe(404);
  });
});

describe('permissions and groups', () => {
  it('lists every permission with its resource and action', async () => {
    const { body } = await call('GET', '/api/admin/permissions');
    expect(body.map((p: { name: string }) => p.name).sort()).toEqual([...PERMISSION_NAMES].sort());
    expect(body.find((p: { name: string }) => p.name === 'orders:read_all')).toMatchObject({
      resource: 'orders',
      action: 'read_all',
      isActive: true,
    });
  });

  it('creates a permission (201; name, resource and action required; name unique)', async () => {
    const name = `reports:export_${unique()}`;
    const created = await call('POST', '/api/admin/permissions', {
      name,
      description: 'Export reports',
      resource: 'reports',
      action: 'export',
    });
    expect(created).toMatchObject({
      status: 201,
      body: { name, resource: 'reports', action: 'export', isActive: true },
    });
    expect((await call('POST', '/api/admin/permissions', { name, resource: 'r', action: 'a' })).status).toBe(
      409,
    );
    // Nobody holds a new permission, yet it can go in a group: only the enforced ones must be held.
    const group = await call('POST', '/api/admin/permission-groups', {
      name: `With ${name}`,
      permissionIds: [created.body.id],
    });
    expect(group.status).toBe(201);
    expect(group.body.permissions.map((p: { name: string }) => p.name)).toEqual([name]);
    expect((await call('POST', '/api/admin/permissions', {})).body.issues).toEqual([
      { path: 'name', message: 'Permission name is required' },
      { path: 'resource', message: 'Resource is required' },
      { path: 'action', message: 'Action is required' },
    ]);
  });

  it('lists the seeded groups with their permissions, creates one, and sets its permissions', async () => {
    const groups = (await call('GET', '/api/admin/permission-groups')).body;
    expect(groups.map((group: { name: string }) => group.name)).toEqual(
      expect.arrayContaining([
        'Admin panel',
        'Catalogue management',
        'Inventory',
        'Order management',
        'User administration',
        'Access control',
      ]),
    );
    const access = groups.find((group: { name: string }) => group.name === 'Access control');
    expect(access.permissions.map((p: { name: string }) => p.name)).toEqual(['roles:manage', 'roles:read']);

    const permissions = (await call('GET', '/api/admin/permissions')).body as { id: string; name: string }[];
    const byName = (name: string) => permissions.find((p) => p.name === name)!.id;
    const name = `Read only ${unique()}`;
    const created = await call('POST', '/api/admin/permission-groups', {
      name,
      description: 'Looks, never touches',
      permissionIds: [byName('orders:read_all')],
    });
    expect(created.status).toBe(201);
    expect(created.body.permissions.map((p: { name: string }) => p.name)).toEqual(['orders:read_all']);
    expect((await call('POST', '/api/admin/permission-groups', { name })).status).toBe(409);
    expect((await call('POST', '/api/admin/permission-groups', { name: '' })).body.issues).toEqual([
      { path: 'name', message: 'Group name is required' },
    ]);

    const set = await call('PUT', `/api/admin/permission-groups/${created.body.id}/permissions`, {
      permissionIds: [byName('users:read'), byName('roles:read')],
    });
    expect(set.body.permissions.map((p: { name: string }) => p.name)).toEqual(['roles:read', 'users:read']);
    const unknown = await call('PUT', `/api/admin/permission-groups/${created.body.id}/permissions`, {
      permissionIds: ['6f1c3b2e-0000-4000-8000-000000000000'],
    });
    expect(unknown).toMatchObject({ status: 404, body: { message: 'Permission not found' } });
  });
});
