/**
 * User management (docs/product.md §2, §7 `/api/users`). Emails are unique without regard to case (stored in
 * lower case, as sign-in matches them): a clash answers 409 'Email already in use'.
 *
 * Rules beyond the permission each procedure needs:
 * - nobody grants a permission they lack: the role (or custom role) given to a user must grant only
 *   what the acting user holds (403);
 * - nobody acts on a user who holds permissions they lack (403): a user administrator cannot edit or
 *   delete an admin;
 * - nobody changes their own role or deletes themselves (403);
 * - the last admin (built-in admin role, no custom role) always remains (409). Role changes and
 *   deletions lock the admins' rows first, in one order, so two admins removing each other at the
 *   same moment cannot both succeed.
 * Deleting a user deletes their addresses and orders (ON DELETE CASCADE) in the same transaction;
 * the stock ledger keeps its rows (order and user links become NULL).
 */
import { authChanged } from './auth-cache';
import type { EntityManager } from 'typeorm';
import {
  ADMIN_ROLE,
  USER_MESSAGES,
  isBuiltInRole,
  type DeletedDto,
  type UserDto,
  type UserPageDto,
  type UserPageQuery,
  type UserStatsDto,
} from '@shop/schema';
import type { z } from 'zod';
import type * as schema from '@shop/schema';
import type { CurrentUser, ServiceContext } from '../../context';
import { assertEditVersion, bumpEditVersion } from '../../edit-version';
import { BadRequestError, ConflictError, ForbiddenError, NotFoundError } from '../../errors';
import { effectivePermissions } from './permissions.service';
import { assertHoldsAll } from './access-rules';
import { isUniqueViolation } from '../../sql/pg-errors';
import { likePattern } from '../../sql/like-pattern';
import { recordUserCreated, recordUserDeleted, recordUserUpdated, userSnapshot } from '../audit';

type Ctx = ServiceContext & { user: CurrentUser };

interface UserRow {
  id: string;
  email: string;
  first_name: string | null;
  last_name: string | null;
  phone: string | null;
  profile_image_url: string | null;
  role: string;
  role_id: string | null;
  created_at: Date | null;
  updated_at: Date | null;
  version: number;
  custom_role_name: string | null;
  custom_role_active: boolean | null;
}

const USER_SELECT = `
  SELECT u.id, u.email, u.first_name, u.last_name, u.phone, u.profile_image_url, u.role, u.role_id,
         u.created_at, u.updated_at, u.version, r.name AS custom_role_name, r.is_active AS custom_role_active
  FROM users u LEFT JOIN roles r ON r.id = u.role_id`;

function toUserDto(row: UserRow): UserDto {
  return {
    id: row.id,
    email: row.email,
    firstName: row.first_name,
    lastName: row.last_name,
    phone: row.phone,
    profileImageUrl: row.profile_image_url,
    role: row.role,
    roleId: row.role_id,
    customRole:
      row.role_id && row.custom_role_name !== null
        ? { id: row.role_id, name: row.custom_role_name, isActive: row.custom_role_active ?? false }
        : null,
    createdAt: row.created_at?.toISOString() ?? null,
    updatedAt: row.updated_at?.toISOString() ?? null,
    version: row.version,
  };
}

const isAdmin = (user: { role: string; roleId: string | null }) =>
  user.role === ADMIN_ROLE && user.roleId === null;

export async function listUsers(ctx: Ctx): Promise<UserDto[]> {
  const rows: UserRow[] = await ctx.db.query(`${USER_SELECT} ORDER BY u.created_at DESC, u.email`);
  return rows.map(toUserDto);
}

/** The user management screen: a page of users (newest first), how many match, and the cards. */
export async function pageUsers(ctx: Ctx, input: UserPageQuery): Promise<UserPageDto> {
  const { page, pageSize } = input;
  const params: unknown[] = [];
  let where = '';
  if (input.search) {
    params.push(likePattern(input.search));
    where = `WHERE (u.email ILIKE $1 OR u.first_name ILIKE $1 OR u.last_name ILIKE $1
             OR (u.first_name || ' ' || u.last_name) ILIKE $1)`;
  }
  const countParams = [...params];
  params.push(pageSize, (page - 1) * pageSize);
  const [rows, counted, stats]: [UserRow[], { total: number }[], UserStatsDto[]] = await Promise.all([
    ctx.db.query(
      `${USER_SELECT} ${where} ORDER BY u.created_at DESC, u.email LIMIT $${params.length - 1} OFFSET $${params.length}`,
      params,
    ),
    ctx.db.query(`SELECT count(*)::int AS total FROM users u ${where}`, countParams),
    ctx.db.query(
      `SELECT count(*)::int AS total,
              count(*) FILTER (WHERE role = 'admin')::int AS admins,
              count(*) FILTER (WHERE role IN ('sales_manager', 'inventory_manager'))::int AS managers,
              count(*) FILTER (WHERE role = 'customer')::int AS customers
       FROM users`,
    ),
  ]);
  return { items: rows.map(toUserDto), total: counted[0]?.total ?? 0, page, pageSize, stats: stats[0]! };
}

async function findUser(db: EntityManager, id: string): Promise<UserDto> {
  const [row]: UserRow[] = await db.query(`${USER_SELECT} WHERE u.id = $1`, [id]);
  if (!row) throw new NotFoundError('User');
  return toUserDto(row);
}

export function getUser(ctx: Ctx, id: string): Promise<UserDto> {
  return findUser(ctx.db, id);
}

async function assertEmailFree(tx: EntityManager, email: string, exceptId: string | null): Promise<void> {
  const [taken] = await tx.query(
    'SELECT 1 FROM users WHERE lower(email) = $1 AND ($2::uuid IS NULL OR id <> $2::uuid) LIMIT 1',
    [email, exceptId],
  );
  if (taken) throw new ConflictError(USER_MESSAGES.emailTaken);
}

/** Locks every admin's row (in id order) and the target's; answers the target and the admin ids. */
async function lockForRoleChange(tx: EntityManager, id: string) {
  const admins: { id: string }[] = await tx.query(
    `SELECT id FROM users WHERE role = $1 AND role_id IS NULL ORDER BY id FOR UPDATE`,
    [ADMIN_ROLE],
  );
  const [target]: { id: string; email: string; role: string; role_id: string | null; version: number }[] =
    await tx.query('SELECT id, email, role, role_id, version FROM users WHERE id = $1 FOR UPDATE', [id]);
  if (!target) throw new NotFoundError('User');
  return {
    target: {
      id: target.id,
      email: target.email,
      role: target.role,
      roleId: target.role_id,
      version: target.version,
    },
    admins,
  };
}

function assertNotLastAdmin(admins: readonly { id: string }[], targetId: string): void {
  if (!admins.some((admin) => admin.id !== targetId)) throw new ConflictError(USER_MESSAGES.lastAdmin);
}

/** Writes in a transaction; two requests racing for one free email meet the unique index: 409. */
async function write<T>(ctx: Ctx, work: (tx: EntityManager) => Promise<T>): Promise<T> {
  try {
    return await ctx.db.transaction(work);
  } catch (error) {
    if (isUniqueViolation(error)) throw new ConflictError(USER_MESSAGES.emailTaken);
    throw error;
  }
}

export async function createUser(ctx: Ctx, input: z.output<typeof schema.CreateUserInput>): Promise<UserDto> {
  const id = await write(ctx, async (tx) => {
    assertHoldsAll(ctx.user, await effectivePermissions(tx, { role: input.role, roleId: null }));
    await assertEmailFree(tx, input.email, null);
    const [row]: { id: string }[] = await tx.query(
      `INSERT INTO users (email, first_name, last_name, phone, role) VALUES ($1, $2, $3, $4, $5) RETURNING id`,
      [input.email, input.firstName, input.lastName, input.phone ?? null, input.role],
    );
    await recordUserCreated(tx, ctx, row!.id);
    return row!.id;
  });
  return findUser(ctx.db, id);
}

export async function updateUser(ctx: Ctx, input: z.output<typeof schema.UpdateUserInput>): Promise<UserDto> {
  await write(ctx, async (tx) => {
    const { target, admins } = await lockForRoleChange(tx, input.id);
    // An edit based on an outdated copy of the user is refused before anything else is judged.
    await assertEditVersion('user', target, input.version, () => findUser(tx, target.id));
    const self = target.id === ctx.user.id;
    if (!self) assertHoldsAll(ctx.user, await effectivePermissions(tx, target), USER_MESSAGES.outranked);

    const next = {
      role: input.role ?? target.role,
      roleId: input.roleId === undefined ? target.roleId : input.roleId,
    };
    if (next.role !== target.role || next.roleId !== target.roleId) {
      if (self) throw new ForbiddenError(USER_MESSAGES.changeOwnRole);
      if (next.roleId !== null && next.roleId !== target.roleId) {
        const [role]: { name: string }[] = await tx.query('SELECT name FROM roles WHERE id = $1', [
          next.roleId,
        ]);
        if (!role) throw new NotFoundError('Role');
        if (isBuiltInRole(role.name)) throw new BadRequestError(USER_MESSAGES.customRoleBuiltIn);
      }
      assertHoldsAll(ctx.user, await effectivePermissions(tx, next));
      if (isAdmin(target) && !isAdmin(next)) assertNotLastAdmin(admins, target.id);
    }

    if (input.email !== undefined && input.email !== target.email.toLowerCase()) {
      await assertEmailFree(tx, input.email, target.id);
    }
    const before = await userSnapshot(tx, target.id);
    await tx.query(
      `UPDATE users SET email = COALESCE($2, email),
                        first_name = COALESCE($3, first_name),
                        last_name = COALESCE($4, last_name),
                        phone = CASE WHEN $5::boolean THEN $6 ELSE phone END,
                        role = $7, role_id = $8, updated_at = now(), ${bumpEditVersion()}
       WHERE id = $1`,
      [
        target.id,
        input.email ?? null,
        input.firstName ?? null,
        input.lastName ?? null,
        input.phone !== undefined,
        input.phone ?? null,
        next.role,
        next.roleId,
      ],
    );
    await recordUserUpdated(tx, ctx, before);
    // Every api instance forgets what it cached of this user (their role, name, permissions).
    authChanged(tx, [target.id]);
  });
  return findUser(ctx.db, input.id);
}

export async function deleteUser(ctx: Ctx, id: string): Promise<DeletedDto> {
  await ctx.db.transaction(async (tx) => {
    const { target, admins } = await lockForRoleChange(tx, id);
    if (target.id === ctx.user.id) throw new ForbiddenError(USER_MESSAGES.deleteSelf);
    assertHoldsAll(ctx.user, await effectivePermissions(tx, target), USER_MESSAGES.outranked);
    if (isAdmin(target)) assertNotLastAdmin(admins, target.id);
    // Addresses, orders (with their items and status history) go with the user; stock_movements and
    // order_status_history.changed_by keep their rows with the link set to NULL.
    await recordUserDeleted(tx, ctx, target.id);
    await tx.query('DELETE FROM users WHERE id = $1', [target.id]);
    authChanged(tx, [target.id]);
  });
  return { id, message: USER_MESSAGES.deleted };
}
