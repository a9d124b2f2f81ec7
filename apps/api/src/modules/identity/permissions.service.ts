/**
 * What a user may do: the ONE place effective permissions are computed, from the permission tables
 * (per request, through the instance's auth cache: a change to a role, a group or a user's role is
 * announced and forgotten on every instance, so it applies at the caller's next request; auth-cache.ts).
 *
 * The deciding role is the user's custom role (`users.role_id`) when set, else the built-in role row
 * named `users.role`. Its permissions are the union of its ACTIVE groups' ACTIVE permissions, plus
 * its `role_permissions` rows with granted=true (active permissions), minus its rows with
 * granted=false. An inactive role, or a `users.role` with no row, grants nothing.
 *
 * One statement, every step an index lookup: roles by primary key or unique name, then the primary
 * keys of role_permission_groups (role_id, …), permission_group_permissions (permission_group_id, …)
 * and role_permissions (role_id, …).
 */
import type { EntityManager } from 'typeorm';
import type { UserEntity } from '@shop/db';
import type { RoleAccess } from '../audit';

type Queryable = Pick<EntityManager, 'query'>;

/** `role` is a CTE yielding the deciding role's id (zero or one row). */
const permissionsOf = (role: string) => `
  WITH role AS (${role})
  SELECT p.name FROM role r
    JOIN role_permission_groups rpg ON rpg.role_id = r.id
    JOIN permission_groups g ON g.id = rpg.permission_group_id AND g.is_active
    JOIN permission_group_permissions gp ON gp.permission_group_id = g.id
    JOIN permissions p ON p.id = gp.permission_id AND p.is_active
  UNION
  SELECT p.name FROM role r
    JOIN role_permissions rp ON rp.role_id = r.id AND rp.granted
    JOIN permissions p ON p.id = rp.permission_id AND p.is_active
  EXCEPT
  SELECT p.name FROM role r
    JOIN role_permissions rp ON rp.role_id = r.id AND NOT rp.granted
    JOIN permissions p ON p.id = rp.permission_id`;

const USER_PERMISSIONS_SQL = permissionsOf(
  `SELECT id FROM roles
   WHERE is_active AND id = COALESCE($2::text, (SELECT id FROM roles WHERE name = $1::text))`,
);

/**
 * A user's row and effective permissions in one statement: every signed-in request reads it
 * (modules/identity/request-user.ts), so it is one round trip instead of two. $1 is the user's id; the
 * columns are named as UserEntity's fields.
 */
export const USER_WITH_PERMISSIONS_SQL = `
  SELECT u.id, u.email, u.first_name AS "firstName", u.last_name AS "lastName", u.phone, u.role,
         u.role_id AS "roleId", u.profile_image_url AS "profileImageUrl", u.created_at AS "createdAt",
         ARRAY(${permissionsOf(
           `SELECT r.id FROM users w JOIN roles r
              ON r.is_active AND r.id = COALESCE(w.role_id, (SELECT id FROM roles WHERE name = w.role))
            WHERE w.id = $1`,
         )}) AS permissions
  FROM users u WHERE u.id = $1`;

const ROLE_PERMISSIONS_SQL = permissionsOf(
  `SELECT id FROM roles WHERE id = $1::text AND (is_active OR $2::boolean)`,
);

async function names(db: Queryable, sql: string, params: unknown[]): Promise<ReadonlySet<string>> {
  const rows: { name: string }[] = await db.query(sql, params);
  return new Set(rows.map((row) => row.name));
}

/** The user's effective permissions (`resource:action` names). */
export async function effectivePermissions(
  db: Queryable,
  user: Pick<UserEntity, 'role' | 'roleId'> & { id?: string },
): Promise<ReadonlySet<string>> {
  return names(db, USER_PERMISSIONS_SQL, [user.role, user.roleId ?? null]);
}

/**
 * What a role grants. `asIfActive` computes what an inactive role WOULD grant once activated
 * (for the rule that nobody grants a permission they lack).
 */
export async function rolePermissions(
  db: Queryable,
  roleId: string,
  options: { asIfActive?: boolean } = {},
): Promise<ReadonlySet<string>> {
  return names(db, ROLE_PERMISSIONS_SQL, [roleId, options.asIfActive ?? false]);
}

/** The permissions in `wanted` that `held` lacks (sorted, for messages and tests). */
export function missingFrom(held: ReadonlySet<string>, wanted: Iterable<string>): string[] {
  return [...new Set(wanted)].filter((name) => !held.has(name)).sort();
}

/** A role's groups and what they grant (as if active), by name, sorted: as the audit log records it. */
export async function roleAccess(db: Queryable, roleId: string): Promise<RoleAccess> {
  const groups: { name: string }[] = await db.query(
    `SELECT g.name FROM role_permission_groups rpg JOIN permission_groups g ON g.id = rpg.permission_group_id
     WHERE rpg.role_id = $1 ORDER BY g.name`,
    [roleId],
  );
  const permissions = await rolePermissions(db, roleId, { asIfActive: true });
  return { permissionGroups: groups.map((group) => group.name), permissions: [...permissions].sort() };
}
