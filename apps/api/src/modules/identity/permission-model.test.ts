/**
 * The permission model as enforcement reads it: the seeded groups give the built-in roles exactly
 * DEFAULT_ROLE_PERMISSIONS, the per-role granted flags add and remove, inactive rows grant nothing,
 * it is one query, and seeding again keeps staff edits.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EntityManager } from 'typeorm';
import { seedPermissionModel } from '@shop/db';
import { createTestDatabase, type TestDatabase } from '@shop/db/testing';
import { DEFAULT_ROLE_PERMISSIONS, PERMISSION_NAMES, ROLES, seededPermissionsOf } from '@shop/schema';
import { USER_WITH_PERMISSIONS_SQL, effectivePermissions, rolePermissions } from './permissions.service';

let db: TestDatabase;
let manager: EntityManager;

const sorted = (set: ReadonlySet<string>) => [...set].sort();
const id = async (table: string, name: string): Promise<string> =>
  (await manager.query(`SELECT id FROM ${table} WHERE name = $1`, [name]))[0].id;

beforeAll(async () => {
  db = await createTestDatabase({ poolSize: 2 });
  manager = db.dataSource.manager;
});

afterAll(async () => {
  await db?.drop();
});

describe('the seeded model', () => {
  it.each(ROLES)('gives %s exactly its default permissions', async (role) => {
    expect(seededPermissionsOf(role)).toEqual([...DEFAULT_ROLE_PERMISSIONS[role]]);
    expect(sorted(await effectivePermissions(manager, { role, roleId: null }))).toEqual(
      [...DEFAULT_ROLE_PERMISSIONS[role]].sort(),
    );
  });

  it('has a permission row for every name, with resource and action split from it', async () => {
    const rows: { name: string; resource: string; action: string }[] = await manager.query(
      'SELECT name, resource, action FROM permissions ORDER BY name',
    );
    expect(rows.map((row) => row.name)).toEqual([...PERMISSION_NAMES].sort());
    for (const row of rows) expect(`${row.resource}:${row.action}`).toBe(row.name);
  });

  it('grants nothing to a role name without a row', async () => {
    expect((await effectivePermissions(manager, { role: 'toString', roleId: null })).size).toBe(0);
  });

  it('computes a user’s permissions in one query', async () => {
    let queries = 0;
    const counting = { query: (sql: string, params?: unknown[]) => (queries++, manager.query(sql, params)) };
    await effectivePermissions(counting, { role: 'admin', roleId: null });
    expect(queries).toBe(1);
  });
});

describe('a custom role', () => {
  it('is the union of its active groups’ active permissions, plus granted rows, minus denied ones', async () => {
    const [role] = await manager.query(`INSERT INTO roles (name) VALUES ('Model test') RETURNING id`);
    const user = { role: 'admin', roleId: role.id as string };
    const [row] = await manager.query(
      `INSERT INTO users (email, role, role_id) VALUES ('model-test@example.com', 'admin', $1) RETURNING id`,
      [role.id],
    );
    // What a request of this user carries (request-user.ts) must be what effectivePermissions says.
    const permissionsOfUser = async () => {
      const expected = sorted(await effectivePermissions(manager, user));
      const [loaded] = await manager.query(USER_WITH_PERMISSIONS_SQL, [row.id]);
      expect([...(loaded.permissions as string[])].sort()).toEqual(expected);
      return expected;
    };
    expect(await permissionsOfUser()).toEqual([]); // the custom role decides, not 'admin'

    await manager.query(
      `INSERT INTO role_permission_groups (role_id, permission_group_id) VALUES ($1, $2), ($1, $3)`,
      [
        role.id,
        await id('permission_groups', 'Inventory'),
        await id('permission_groups', 'Order management'),
      ],
    );
    expect(await permissionsOfUser()).toEqual([
      'inventory:read',
      'inventory:update',
      'orders:read_all',
      'orders:update',
      'products:read_all',
    ]);

    await manager.query(
      `INSERT INTO role_permissions (role_id, permission_id, granted) VALUES ($1, $2, true), ($1, $3, false)`,
      [role.id, await id('permissions', 'users:read'), await id('permissions', 'orders:update')],
    );
    expect(await permissionsOfUser()).toEqual([
      'inventory:read',
      'inventory:update',
      'orders:read_all',
      'products:read_all',
      'users:read',
    ]);

    await manager.query(`UPDATE permission_groups SET is_active = false WHERE name = 'Order management'`);
    await manager.query(`UPDATE permissions SET is_active = false WHERE name = 'inventory:update'`);
    expect(await permissionsOfUser()).toEqual(['inventory:read', 'products:read_all', 'users:read']);
    await manager.query(`UPDATE permission_groups SET is_active = true WHERE name = 'Order management'`);
    await manager.query(`UPDATE permissions SET is_active = true WHERE name = 'inventory:update'`);

    await manager.query(`UPDATE roles SET is_active = false WHERE id = $1`, [role.id]);
    expect(await permissionsOfUser()).toEqual([]);
    expect((await rolePermissions(manager, role.id)).size).toBe(0);
    expect((await rolePermissions(manager, role.id, { asIfActive: true })).size).toBe(5);
  });
});

describe('seeding again', () => {
  it('adds nothing, keeps a permission taken out of a group out, and restores a deleted group', async () => {
    const again = await manager.transaction((tx) => seedPermissionModel(tx));
    expect(again).toEqual({ roles: 0, permissions: 0, groups: 0, groupPermissions: 0, roleGroups: 0 });

    await manager.query(
      `DELETE FROM permission_group_permissions WHERE permission_group_id = $1 AND permission_id = $2`,
      [await id('permission_groups', 'Catalogue management'), await id('permissions', 'products:delete')],
    );
    await manager.query(`DELETE FROM permission_groups WHERE name = 'Order management'`);
    expect(
      (await effectivePermissions(manager, { role: 'sales_manager', roleId: null })).has('orders:update'),
    ).toBe(false);

    const restored = await manager.transaction((tx) => seedPermissionModel(tx));
    expect(restored).toMatchObject({ groups: 1, groupPermissions: 2, roleGroups: 2 });
    expect(sorted(await effectivePermissions(manager, { role: 'sales_manager', roleId: null }))).toEqual(
      [...DEFAULT_ROLE_PERMISSIONS.sales_manager].sort(),
    );
    expect(
      (await effectivePermissions(manager, { role: 'inventory_manager', roleId: null })).has(
        'products:delete',
      ),
    ).toBe(false);
  });
});
