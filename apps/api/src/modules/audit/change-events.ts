/**
 * The audit events of staff changes to users, roles, permissions, groups and API tokens. Each
 * service calls one of these inside its own transaction (one line each, so the services stay about
 * their rules): the event reads what it needs from the same transaction and records the before and
 * after of what changed, never the fields that did not.
 */
import type { ApiTokenDto } from '@shop/schema';
import type { ServiceContext } from '../../context';
import { changesBetween, recordAudit, type AuditContext, type Queryable } from './audit.service';

// ─── Users ─────────────────────────────────────────────────────────────────────────────────────

/** A user as the audit log describes them. */
export interface UserSnapshot {
  id: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
  phone: string | null;
  role: string;
  /** The custom role's name, when one decides the user's access. */
  customRole: string | null;
}

/** The user's fields as they are now in `db` (inside the transaction: before or after its change). */
export async function userSnapshot(db: Queryable, id: string): Promise<UserSnapshot | null> {
  const [row]: UserSnapshot[] = await db.query(
    `SELECT u.id, u.email, u.first_name AS "firstName", u.last_name AS "lastName", u.phone, u.role,
            r.name AS "customRole"
     FROM users u LEFT JOIN roles r ON r.id = u.role_id WHERE u.id = $1`,
    [id],
  );
  return row ?? null;
}

const userTarget = (user: Pick<UserSnapshot, 'id' | 'email'>) => ({
  type: 'user' as const,
  id: user.id,
  label: user.email,
});

/** 'user.created' by staff: the new user's fields. */
export async function recordUserCreated(db: Queryable, ctx: AuditContext, id: string): Promise<void> {
  const user = await userSnapshot(db, id);
  if (!user) return;
  const { id: _id, ...fields } = user;
  await recordAudit(db, ctx, { action: 'user.created', target: userTarget(user), details: fields });
}

/**
 * After an edit of `before`: 'user.role_changed' when the role or custom role changed, and
 * 'user.updated' when other fields did, each with only what changed (nothing when nothing did).
 */
export async function recordUserUpdated(
  db: Queryable,
  ctx: AuditContext,
  before: UserSnapshot | null,
): Promise<void> {
  if (!before) return;
  const after = await userSnapshot(db, before.id);
  if (!after) return;
  const roleChanges = changesBetween(before, after, ['role', 'customRole']);
  if (Object.keys(roleChanges).length) {
    await recordAudit(db, ctx, {
      action: 'user.role_changed',
      target: userTarget(after),
      details: { changes: roleChanges },
    });
  }
  const changes = changesBetween(before, after, ['email', 'firstName', 'lastName', 'phone']);
  if (Object.keys(changes).length) {
    await recordAudit(db, ctx, { action: 'user.updated', target: userTarget(after), details: { changes } });
  }
}

/** 'user.deleted', before the row goes: who they were. */
export async function recordUserDeleted(db: Queryable, ctx: AuditContext, id: string): Promise<void> {
  const user = await userSnapshot(db, id);
  if (!user) return;
  const { id: _id, ...fields } = user;
  await recordAudit(db, ctx, { action: 'user.deleted', target: userTarget(user), details: fields });
}

// ─── Roles, permissions, groups ────────────────────────────────────────────────────────────────

interface RoleFields {
  id: string;
  name: string;
  description: string | null;
  isActive: boolean;
}

async function roleFields(db: Queryable, id: string): Promise<RoleFields | null> {
  const [row]: RoleFields[] = await db.query(
    `SELECT id, name, description, is_active AS "isActive" FROM roles WHERE id = $1`,
    [id],
  );
  return row ?? null;
}

/** A role's groups and what they grant (as if active), by name, sorted. */
export interface RoleAccess {
  permissionGroups: string[];
  permissions: string[];
}

const roleTarget = (role: { id: string; name: string }) => ({
  type: 'role' as const,
  id: role.id,
  label: role.name,
});

/** 'role.created': its fields, groups and what they grant (`access`, as identity reads it). */
export async function recordRoleCreated(
  db: Queryable,
  ctx: AuditContext,
  id: string,
  access: RoleAccess,
): Promise<void> {
  const role = await roleFields(db, id);
  if (!role) return;
  const { id: _id, ...fields } = role;
  await recordAudit(db, ctx, {
    action: 'role.created',
    target: roleTarget(role),
    details: { ...fields, ...access },
  });
}

/** 'role.updated' after an edit of the role as `before` had it (`is_active` as the row has it). */
export async function recordRoleUpdated(
  db: Queryable,
  ctx: AuditContext,
  before: { id: string; name: string; description: string | null; is_active: boolean },
): Promise<void> {
  const after = await roleFields(db, before.id);
  if (!after) return;
  const changes = changesBetween({ ...before, isActive: before.is_active }, after, [
    'name',
    'description',
    'isActive',
  ]);
  if (!Object.keys(changes).length) return;
  await recordAudit(db, ctx, { action: 'role.updated', target: roleTarget(after), details: { changes } });
}

/** 'role.deleted', before the row goes (`access`: what it granted, as identity reads it). */
export async function recordRoleDeleted(
  db: Queryable,
  ctx: AuditContext,
  id: string,
  access: RoleAccess,
): Promise<void> {
  const role = await roleFields(db, id);
  if (!role) return;
  const { id: _id, ...fields } = role;
  await recordAudit(db, ctx, {
    action: 'role.deleted',
    target: roleTarget(role),
    details: { ...fields, ...access },
  });
}

const added = (before: string[], after: string[]) => after.filter((name) => !before.includes(name));

/** 'role.permission_groups_changed' after a change of the groups from `before` to `after`. */
export async function recordRoleGroupsChanged(
  db: Queryable,
  ctx: AuditContext,
  role: { id: string; name: string },
  before: RoleAccess,
  after: RoleAccess,
): Promise<void> {
  const changes = changesBetween(before, after, ['permissionGroups']);
  if (!Object.keys(changes).length) return;
  await recordAudit(db, ctx, {
    action: 'role.permission_groups_changed',
    target: roleTarget(role),
    details: {
      changes,
      permissionsAdded: added(before.permissions, after.permissions),
      permissionsRemoved: added(after.permissions, before.permissions),
    },
  });
}

/** 'permission.created'. */
export async function recordPermissionCreated(
  db: Queryable,
  ctx: AuditContext,
  permission: { id: string; name: string; resource: string; action: string; description: string | null },
): Promise<void> {
  await recordAudit(db, ctx, {
    action: 'permission.created',
    target: { type: 'permission', id: permission.id, label: permission.name },
    details: {
      name: permission.name,
      resource: permission.resource,
      action: permission.action,
      description: permission.description,
    },
  });
}

/** A group's permissions by name, sorted. */
export async function groupPermissionNames(db: Queryable, groupId: string): Promise<string[]> {
  const rows: { name: string }[] = await db.query(
    `SELECT p.name FROM permission_group_permissions gp JOIN permissions p ON p.id = gp.permission_id
     WHERE gp.permission_group_id = $1 ORDER BY p.name`,
    [groupId],
  );
  return rows.map((row) => row.name);
}

async function groupName(db: Queryable, id: string): Promise<string | null> {
  const [row]: { name: string }[] = await db.query('SELECT name FROM permission_groups WHERE id = $1', [id]);
  return row?.name ?? null;
}

/** 'group.created': its name and permissions. */
export async function recordGroupCreated(db: Queryable, ctx: AuditContext, id: string): Promise<void> {
  const name = await groupName(db, id);
  await recordAudit(db, ctx, {
    action: 'group.created',
    target: { type: 'permission_group', id, label: name },
    details: { name, permissions: await groupPermissionNames(db, id) },
  });
}

/** 'group.permissions_changed' after a change of the permissions `before` lists. */
export async function recordGroupPermissionsChanged(
  db: Queryable,
  ctx: AuditContext,
  id: string,
  before: string[],
): Promise<void> {
  const after = await groupPermissionNames(db, id);
  const changes = changesBetween({ permissions: before }, { permissions: after }, ['permissions']);
  if (!Object.keys(changes).length) return;
  await recordAudit(db, ctx, {
    action: 'group.permissions_changed',
    target: { type: 'permission_group', id, label: await groupName(db, id) },
    details: {
      changes,
      permissionsAdded: added(before, after),
      permissionsRemoved: added(after, before),
    },
  });
}

// ─── API tokens ────────────────────────────────────────────────────────────────────────────────

/**
 * True inside a transaction. A service that writes with single statements starts one when called
 * without, so that its change and its event commit together:
 * `if (!inTransaction(ctx)) return ctx.db.transaction((db) => fn({ ...ctx, db }, input));`
 */
export function inTransaction(ctx: Pick<ServiceContext, 'db'>): boolean {
  return ctx.db.queryRunner?.isTransactionActive === true;
}

/** 'api_token.created': its name, shown prefix, user and expiry (never the secret or its hash). */
export async function recordTokenCreated(
  db: Queryable,
  ctx: AuditContext,
  token: ApiTokenDto,
): Promise<void> {
  await recordAudit(db, ctx, {
    action: 'api_token.created',
    target: { type: 'api_token', id: token.id, label: token.name },
    details: {
      name: token.name,
      prefix: token.prefix,
      user: token.user.email,
      scope: token.scope,
      permissions: token.permissions,
      expiresAt: token.expiresAt,
    },
  });
}

/** 'api_token.revoked' (also when it was revoked already: the attempt is worth knowing). */
export async function recordTokenRevoked(db: Queryable, ctx: AuditContext, id: string): Promise<void> {
  const [token]: { name: string; prefix: string; email: string; scope: string }[] = await db.query(
    `SELECT t.name, t.prefix, u.email, t.scope FROM api_tokens t JOIN users u ON u.id = t.user_id
     WHERE t.id = $1`,
    [id],
  );
  await recordAudit(db, ctx, {
    action: 'api_token.revoked',
    target: { type: 'api_token', id, label: token?.name ?? null },
    details: token ? { name: token.name, prefix: token.prefix, user: token.email, scope: token.scope } : {},
  });
}
