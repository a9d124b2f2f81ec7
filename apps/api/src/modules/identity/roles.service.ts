/**
 * Roles, permissions and permission groups (docs/product.md §2 Permissions screen, §7 `/api/admin/...`).
 *
 * Invariants kept here (see also access-rules.ts):
 * - the four built-in roles cannot be deleted or renamed, and one that has groups cannot be left
 *   without any (409);
 * - the admin role keeps every permission and stays active (409), so access can always be managed;
 * - whoever hands out access must hold it: adding groups to a role, permissions to a group,
 *   activating a role, or deleting a custom role (its users fall back to their built-in role) is
 *   refused (403) when it would grant a permission the acting user lacks.
 * Each write runs in one transaction that locks the row it changes.
 */
import { authChanged } from './auth-cache';
import type { EntityManager } from 'typeorm';
import {
  ADMIN_ROLE,
  ROLE_MESSAGES,
  isBuiltInRole,
  type DeletedDto,
  type MyAccessDto,
  type PermissionDto,
  type PermissionGroupDto,
  type RoleDetailDto,
  type RoleDto,
} from '@shop/schema';
import type { z } from 'zod';
import type * as schema from '@shop/schema';
import type { CurrentUser, ServiceContext } from '../../context';
import { assertEditVersion, bumpEditVersion } from '../../edit-version';
import { ConflictError, NotFoundError } from '../../errors';
import { effectivePermissions, roleAccess, rolePermissions } from './permissions.service';
import { assertAdminRoleKeepsEverything, assertHoldsAll } from './access-rules';
import { isUniqueViolation } from '../../sql/pg-errors';
import * as audit from '../audit';

type Ctx = ServiceContext & { user: CurrentUser };
type Parsed<T extends z.ZodType> = z.output<T>;

interface RoleRow {
  id: string;
  name: string;
  description: string | null;
  is_active: boolean;
  created_at: Date;
  updated_at: Date;
  version: number;
  user_count: number;
}

interface GroupRow {
  id: string;
  name: string;
  description: string | null;
  is_active: boolean;
  created_at: Date;
  permissions: { id: string; name: string; isActive: boolean }[];
}

interface PermissionRow {
  id: string;
  name: string;
  description: string | null;
  resource: string;
  action: string;
  is_active: boolean;
  created_at: Date;
}

/**
 * Roles with the number of users whose access each decides (a custom role's users, or a built-in
 * role's users without a custom role): users are read once, whatever the number of roles.
 */
const ROLE_SELECT = `
  SELECT r.id, r.name, r.description, r.is_active, r.created_at, r.updated_at, r.version,
         COALESCE(c.user_count, 0)::int AS user_count
  FROM roles r
  LEFT JOIN (
    SELECT COALESCE(u.role_id, b.id) AS role_id, count(*) AS user_count
    FROM users u LEFT JOIN roles b ON u.role_id IS NULL AND b.name = u.role
    GROUP BY 1
  ) c ON c.role_id = r.id`;

/** One role's row, locked (no user count: a lock need not read users). */
const ROLE_LOCK = `
  SELECT r.id, r.name, r.description, r.is_active, r.created_at, r.updated_at, r.version, 0 AS user_count
  FROM roles r WHERE r.id = $1 FOR UPDATE`;

const GROUP_SELECT = `
  SELECT g.id, g.name, g.description, g.is_active, g.created_at,
         COALESCE(
           (SELECT json_agg(json_build_object('id', p.id, 'name', p.name, 'isActive', p.is_active) ORDER BY p.name)
              FROM permission_group_permissions gp JOIN permissions p ON p.id = gp.permission_id
             WHERE gp.permission_group_id = g.id),
           '[]'::json) AS permissions
  FROM permission_groups g`;

function toRoleDto(row: RoleRow): RoleDto {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    isActive: row.is_active,
    isBuiltIn: isBuiltInRole(row.name),
    userCount: row.user_count,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
    version: row.version,
  };
}

function toGroupDto(row: GroupRow): PermissionGroupDto {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    isActive: row.is_active,
    createdAt: new Date(row.created_at).toISOString(),
    permissions: row.permissions,
  };
}

function toPermissionDto(row: PermissionRow): PermissionDto {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    resource: row.resource,
    action: row.action,
    isActive: row.is_active,
    createdAt: row.created_at.toISOString(),
  };
}

/** Runs `work` in a transaction; a unique-name clash becomes 409 with `taken`. */
async function write<T>(ctx: Ctx, taken: string, work: (tx: EntityManager) => Promise<T>): Promise<T> {
  try {
    return await ctx.db.transaction(work);
  } catch (error) {
    if (isUniqueViolation(error)) throw new ConflictError(taken);
    throw error;
  }
}

async function lockRole(tx: EntityManager, id: string): Promise<RoleRow> {
  const [row]: RoleRow[] = await tx.query(ROLE_LOCK, [id]);
  if (!row) throw new NotFoundError('Role');
  return row;
}

async function groupIdsOf(tx: EntityManager, roleId: string): Promise<string[]> {
  const rows: { id: string }[] = await tx.query(
    'SELECT permission_group_id AS id FROM role_permission_groups WHERE role_id = $1',
    [roleId],
  );
  return rows.map((row) => row.id);
}

async function assertGroupsExist(tx: EntityManager, ids: readonly string[]): Promise<void> {
  if (!ids.length) return;
  const [row]: { n: number }[] = await tx.query(
    'SELECT count(*)::int AS n FROM permission_groups WHERE id = ANY($1::uuid[])',
    [ids],
  );
  if (row!.n !== ids.length) throw new NotFoundError('Permission group');
}

async function permissionNames(tx: EntityManager, ids: readonly string[]): Promise<string[]> {
  if (!ids.length) return [];
  const rows: { name: string }[] = await tx.query('SELECT name FROM permissions WHERE id = ANY($1::uuid[])', [
    ids,
  ]);
  if (rows.length !== ids.length) throw new NotFoundError('Permission');
  return rows.map((row) => row.name);
}

/**
 * Replaces a role's groups with `groupIds` and refuses (rolling back) when that grants anything the
 * actor lacks — counted as if the role were active, since activating it later grants it all.
 */
async function replaceRoleGroups(tx: EntityManager, actor: CurrentUser, role: RoleRow, groupIds: string[]) {
  await assertGroupsExist(tx, groupIds);
  const before = await rolePermissions(tx, role.id, { asIfActive: true });
  await tx.query(
    'DELETE FROM role_permission_groups WHERE role_id = $1 AND NOT (permission_group_id = ANY($2::uuid[]))',
    [role.id, groupIds],
  );
  await tx.query(
    `INSERT INTO role_permission_groups (role_id, permission_group_id)
     SELECT $1, unnest($2::uuid[]) ON CONFLICT DO NOTHING`,
    [role.id, groupIds],
  );
  const after = await rolePermissions(tx, role.id, { asIfActive: true });
  assertHoldsAll(
    actor,
    [...after].filter((name) => !before.has(name)),
  );
  if (role.name === ADMIN_ROLE) await assertAdminRoleKeepsEverything(tx);
}

// ─── Roles ─────────────────────────────────────────────────────────────────────────────────────

export async function listRoles(ctx: Ctx): Promise<RoleDto[]> {
  const rows: RoleRow[] = await ctx.db.query(`${ROLE_SELECT} ORDER BY r.created_at, r.name`);
  return rows.map(toRoleDto);
}

async function roleDetail(db: EntityManager, id: string): Promise<RoleDetailDto> {
  const [row]: RoleRow[] = await db.query(`${ROLE_SELECT} WHERE r.id = $1`, [id]);
  if (!row) throw new NotFoundError('Role');
  const groups: GroupRow[] = await db.query(
    `${GROUP_SELECT} JOIN role_permission_groups rpg ON rpg.permission_group_id = g.id
     WHERE rpg.role_id = $1 ORDER BY g.name`,
    [id],
  );
  const permissions = await rolePermissions(db, id);
  return {
    ...toRoleDto(row),
    permissionGroups: groups.map((group) => {
      const { permissions: _unused, ...rest } = toGroupDto(group);
      return rest;
    }),
    permissions: [...permissions].sort(),
  };
}

export function getRole(ctx: Ctx, id: string): Promise<RoleDetailDto> {
  return roleDetail(ctx.db, id);
}

export async function createRole(
  ctx: Ctx,
  input: Parsed<typeof schema.CreateRoleInput>,
): Promise<RoleDetailDto> {
  const id = await write(ctx, ROLE_MESSAGES.roleNameTaken, async (tx) => {
    const [row]: { id: string }[] = await tx.query(
      'INSERT INTO roles (name, description, is_active) VALUES ($1, $2, $3) RETURNING id',
      [input.name, input.description ?? null, input.isActive ?? true],
    );
    const role = await lockRole(tx, row!.id);
    if (input.permissionGroupIds?.length)
      await replaceRoleGroups(tx, ctx.user, role, input.permissionGroupIds);
    await audit.recordRoleCreated(tx, ctx, role.id, await roleAccess(tx, role.id));
    return role.id;
  });
  return roleDetail(ctx.db, id);
}

export async function updateRole(
  ctx: Ctx,
  input: Parsed<typeof schema.UpdateRoleInput>,
): Promise<RoleDetailDto> {
  await write(ctx, ROLE_MESSAGES.roleNameTaken, async (tx) => {
    const role = await lockRole(tx, input.id);
    await assertEditVersion('role', role, input.version, () => roleDetail(tx, role.id));
    const builtIn = isBuiltInRole(role.name);
    if (builtIn && input.name !== undefined && input.name !== role.name) {
      throw new ConflictError(ROLE_MESSAGES.builtInRename);
    }
    if (role.name === ADMIN_ROLE && input.isActive === false)
      throw new ConflictError(ROLE_MESSAGES.adminStaysActive);
    if (input.isActive === true && !role.is_active) {
      assertHoldsAll(ctx.user, await rolePermissions(tx, role.id, { asIfActive: true }));
    }
    await tx.query(
      `UPDATE roles SET name = COALESCE($2, name),
                        description = CASE WHEN $3::boolean THEN $4 ELSE description END,
                        is_active = COALESCE($5, is_active),
                        updated_at = now(), ${bumpEditVersion()}
       WHERE id = $1`,
      [
        role.id,
        input.name ?? null,
        input.description !== undefined,
        input.description ?? null,
        input.isActive ?? null,
      ],
    );
    await audit.recordRoleUpdated(tx, ctx, role);
    // Activating or deactivating a role changes what its users may do, on every api instance.
    authChanged(tx, null);
  });
  return roleDetail(ctx.db, input.id);
}

export async function deleteRole(ctx: Ctx, id: string): Promise<DeletedDto> {
  await ctx.db.transaction(async (tx) => {
    const role = await lockRole(tx, id);
    if (isBuiltInRole(role.name)) throw new ConflictError(ROLE_MESSAGES.builtInDelete);
    // Its users fall back to their built-in role (users.role_id → SET NULL): that grants access too.
    const fallbacks: { role: string }[] = await tx.query(
      'SELECT DISTINCT role FROM users WHERE role_id = $1',
      [id],
    );
    for (const { role: builtIn } of fallbacks) {
      assertHoldsAll(ctx.user, await effectivePermissions(tx, { role: builtIn, roleId: null }));
    }
    await audit.recordRoleDeleted(tx, ctx, id, await roleAccess(tx, id));
    await tx.query('DELETE FROM roles WHERE id = $1', [id]);
    authChanged(tx, null);
  });
  return { id, message: 'Role deleted successfully' };
}

export async function setRolePermissionGroups(
  ctx: Ctx,
  input: Parsed<typeof schema.SetRolePermissionGroupsInput>,
): Promise<RoleDetailDto> {
  await ctx.db.transaction(async (tx) => {
    const role = await lockRole(tx, input.id);
    await assertEditVersion('role', role, input.version, () => roleDetail(tx, role.id));
    if (isBuiltInRole(role.name) && input.permissionGroupIds.length === 0) {
      if ((await groupIdsOf(tx, role.id)).length > 0) throw new ConflictError(ROLE_MESSAGES.builtInEmpty);
    }
    const before = await roleAccess(tx, role.id);
    await replaceRoleGroups(tx, ctx.user, role, input.permissionGroupIds);
    await audit.recordRoleGroupsChanged(tx, ctx, role, before, await roleAccess(tx, role.id));
    // The groups are part of the role as staff edit it: a Manage Permissions or Edit Role dialog
    // open on it is now outdated.
    await tx.query(`UPDATE roles SET updated_at = now(), ${bumpEditVersion()} WHERE id = $1`, [role.id]);
    authChanged(tx, null);
  });
  return roleDetail(ctx.db, input.id);
}

// ─── Permissions ───────────────────────────────────────────────────────────────────────────────

export async function listPermissions(ctx: Ctx): Promise<PermissionDto[]> {
  const rows: PermissionRow[] = await ctx.db.query(
    'SELECT id, name, description, resource, action, is_active, created_at FROM permissions ORDER BY resource, action, name',
  );
  return rows.map(toPermissionDto);
}

export async function createPermission(
  ctx: Ctx,
  input: Parsed<typeof schema.CreatePermissionInput>,
): Promise<PermissionDto> {
  return write(ctx, ROLE_MESSAGES.permissionNameTaken, async (tx) => {
    const [row]: PermissionRow[] = await tx.query(
      `INSERT INTO permissions (name, description, resource, action, is_active) VALUES ($1, $2, $3, $4, $5)
       RETURNING id, name, description, resource, action, is_active, created_at`,
      [input.name, input.description ?? null, input.resource, input.action, input.isActive ?? true],
    );
    await audit.recordPermissionCreated(tx, ctx, row!);
    return toPermissionDto(row!);
  });
}

// ─── Permission groups ─────────────────────────────────────────────────────────────────────────

async function groupById(db: EntityManager, id: string): Promise<PermissionGroupDto> {
  const [row]: GroupRow[] = await db.query(`${GROUP_SELECT} WHERE g.id = $1`, [id]);
  if (!row) throw new NotFoundError('Permission group');
  return toGroupDto(row);
}

export async function listPermissionGroups(ctx: Ctx): Promise<PermissionGroupDto[]> {
  const rows: GroupRow[] = await ctx.db.query(`${GROUP_SELECT} ORDER BY g.created_at, g.name`);
  return rows.map(toGroupDto);
}

/** Puts permissions in a group: only ones the actor holds (the group may be given to any role). */
async function addGroupPermissions(
  tx: EntityManager,
  actor: CurrentUser,
  groupId: string,
  permissionIds: string[],
) {
  const current: { id: string }[] = await tx.query(
    'SELECT permission_id AS id FROM permission_group_permissions WHERE permission_group_id = $1',
    [groupId],
  );
  const currentIds = new Set(current.map((row) => row.id));
  const added = permissionIds.filter((id) => !currentIds.has(id));
  assertHoldsAll(actor, await permissionNames(tx, added));
  await tx.query(
    `INSERT INTO permission_group_permissions (permission_group_id, permission_id)
     SELECT $1, unnest($2::uuid[]) ON CONFLICT DO NOTHING`,
    [groupId, added],
  );
}

export async function createPermissionGroup(
  ctx: Ctx,
  input: Parsed<typeof schema.CreatePermissionGroupInput>,
): Promise<PermissionGroupDto> {
  const id = await write(ctx, ROLE_MESSAGES.groupNameTaken, async (tx) => {
    const [row]: { id: string }[] = await tx.query(
      'INSERT INTO permission_groups (name, description, is_active) VALUES ($1, $2, $3) RETURNING id',
      [input.name, input.description ?? null, input.isActive ?? true],
    );
    if (input.permissionIds?.length) await addGroupPermissions(tx, ctx.user, row!.id, input.permissionIds);
    await audit.recordGroupCreated(tx, ctx, row!.id);
    return row!.id;
  });
  return groupById(ctx.db, id);
}

export async function setGroupPermissions(
  ctx: Ctx,
  input: Parsed<typeof schema.SetGroupPermissionsInput>,
): Promise<PermissionGroupDto> {
  await ctx.db.transaction(async (tx) => {
    const [group]: { id: string }[] = await tx.query(
      'SELECT id FROM permission_groups WHERE id = $1 FOR UPDATE',
      [input.id],
    );
    if (!group) throw new NotFoundError('Permission group');
    await permissionNames(tx, input.permissionIds);
    const before = await audit.groupPermissionNames(tx, input.id);
    await tx.query(
      'DELETE FROM permission_group_permissions WHERE permission_group_id = $1 AND NOT (permission_id = ANY($2::uuid[]))',
      [input.id, input.permissionIds],
    );
    await addGroupPermissions(tx, ctx.user, input.id, input.permissionIds);
    await audit.recordGroupPermissionsChanged(tx, ctx, input.id, before);
    await assertAdminRoleKeepsEverything(tx);
    authChanged(tx, null);
  });
  return groupById(ctx.db, input.id);
}

// ─── The caller's own access ───────────────────────────────────────────────────────────────────

export async function myAccess(ctx: Ctx): Promise<MyAccessDto> {
  let customRole: MyAccessDto['customRole'] = null;
  if (ctx.user.roleId) {
    const [row]: { id: string; name: string }[] = await ctx.db.query(
      'SELECT id, name FROM roles WHERE id = $1',
      [ctx.user.roleId],
    );
    customRole = row ?? null;
  }
  return { role: ctx.user.role, customRole, permissions: [...ctx.user.permissions].sort() };
}
