/**
 * The permission model's reference data, which enforcement reads on every request: the four
 * built-in role rows, a permission row for every name in PERMISSIONS (resource and action split from
 * the name), the default permission groups, and the built-in roles' groups, which reproduce
 * DEFAULT_ROLE_PERMISSIONS exactly (customer: none).
 *
 * Idempotent and respectful of staff edits: rows are keyed by name and never overwritten; a group
 * gets its default permissions only when the group or the permission is new in this run, and a
 * built-in role gets its default groups only when it has no group at all (a fresh role: built-in
 * roles cannot be emptied through the api) or when the group is new. So a permission an admin took
 * out of a group stays out, and a permission added to PERMISSIONS later lands in its default groups.
 *
 * Runs inside seedDemoData and at every start of the api (main.ts), before requests are served:
 * production databases (SEED_DEMO=false) and databases from before this model was enforced need
 * these rows as much as demo ones. Pass a transaction's manager.
 */
import type { EntityManager } from 'typeorm';
import {
  BUILT_IN_ROLE_GROUPS,
  DEFAULT_PERMISSION_GROUPS,
  PERMISSIONS,
  PERMISSION_NAMES,
  ROLES,
  ROLE_DESCRIPTIONS,
  splitPermission,
} from '@shop/schema';

export interface PermissionSeedResult {
  roles: number;
  permissions: number;
  groups: number;
  groupPermissions: number;
  roleGroups: number;
}

/** Anything with `query` (an EntityManager, a DataSource's manager, a QueryRunner's manager). */
type Queryable = Pick<EntityManager, 'query'>;

export async function seedPermissionModel(db: Queryable): Promise<PermissionSeedResult> {
  const roles: unknown[] = await db.query(
    `INSERT INTO roles (name, description)
     SELECT * FROM unnest($1::text[], $2::text[])
     ON CONFLICT (name) DO NOTHING RETURNING id`,
    [ROLES, ROLES.map((role) => ROLE_DESCRIPTIONS[role])],
  );

  const newPermissions: { name: string }[] = await db.query(
    `INSERT INTO permissions (name, description, resource, action)
     SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::text[])
     ON CONFLICT (name) DO NOTHING RETURNING name`,
    [
      PERMISSION_NAMES,
      PERMISSION_NAMES.map((name) => PERMISSIONS[name]),
      PERMISSION_NAMES.map((name) => splitPermission(name).resource),
      PERMISSION_NAMES.map((name) => splitPermission(name).action),
    ],
  );

  const newGroups: { name: string }[] = await db.query(
    `INSERT INTO permission_groups (name, description)
     SELECT * FROM unnest($1::text[], $2::text[])
     ON CONFLICT (name) DO NOTHING RETURNING name`,
    [
      DEFAULT_PERMISSION_GROUPS.map((group) => group.name),
      DEFAULT_PERMISSION_GROUPS.map((group) => group.description),
    ],
  );
  const newGroupNames = newGroups.map((row) => row.name);

  const links = DEFAULT_PERMISSION_GROUPS.flatMap((group) =>
    group.permissions.map((permission) => [group.name, permission] as const),
  );
  const groupPermissions: unknown[] = await db.query(
    `INSERT INTO permission_group_permissions (permission_group_id, permission_id)
     SELECT g.id, p.id
     FROM unnest($1::text[], $2::text[]) AS d(group_name, permission_name)
     JOIN permission_groups g ON g.name = d.group_name
     JOIN permissions p ON p.name = d.permission_name
     WHERE d.group_name = ANY($3::text[]) OR d.permission_name = ANY($4::text[])
     ON CONFLICT DO NOTHING RETURNING permission_id`,
    [
      links.map(([group]) => group),
      links.map(([, permission]) => permission),
      newGroupNames,
      newPermissions.map((row) => row.name),
    ],
  );

  const roleLinks = ROLES.flatMap((role) =>
    BUILT_IN_ROLE_GROUPS[role].map((group) => [role, group] as const),
  );
  const roleGroups: unknown[] = await db.query(
    `INSERT INTO role_permission_groups (role_id, permission_group_id)
     SELECT r.id, g.id
     FROM unnest($1::text[], $2::text[]) AS d(role_name, group_name)
     JOIN roles r ON r.name = d.role_name
     JOIN permission_groups g ON g.name = d.group_name
     WHERE d.group_name = ANY($3::text[])
        OR NOT EXISTS (SELECT 1 FROM role_permission_groups x WHERE x.role_id = r.id)
     ON CONFLICT DO NOTHING RETURNING role_id`,
    [roleLinks.map(([role]) => role), roleLinks.map(([, group]) => group), newGroupNames],
  );

  return {
    roles: roles.length,
    permissions: newPermissions.length,
    groups: newGroups.length,
    groupPermissions: groupPermissions.length,
    roleGroups: roleGroups.length,
  };
}
