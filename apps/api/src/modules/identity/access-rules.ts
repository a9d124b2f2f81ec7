/**
 * The rules that keep the permission model safe, shared by the roles and users services:
 * - nobody grants a permission they do not hold themselves (not to others, not to themselves). Only
 *   the permissions the code enforces count (@shop/schema's PERMISSIONS): one created through the
 *   api is a label no procedure checks, so anyone who manages roles may hand it out — otherwise a
 *   new permission, which nobody holds yet, could never be put in a group;
 * - the admin role keeps every permission, roles:manage included, so access can always be managed.
 */
import { ADMIN_REQUIRED_PERMISSIONS, ADMIN_ROLE, PERMISSIONS, ROLE_MESSAGES } from '@shop/schema';
import type { EntityManager } from 'typeorm';
import type { CurrentUser } from '../../context';
import { ConflictError, ForbiddenError } from '../../errors';
import { missingFrom, rolePermissions } from './permissions.service';

/** Refuses (403) when `actor` lacks any of `granted`, naming what is missing. */
export function assertHoldsAll(
  actor: CurrentUser,
  granted: Iterable<string>,
  message: string = ROLE_MESSAGES.grantUnheld,
) {
  const enforced = [...granted].filter((name) => Object.hasOwn(PERMISSIONS, name));
  const missing = missingFrom(actor.permissions, enforced);
  if (missing.length) throw new ForbiddenError(`${message}: ${missing.join(', ')}`);
}

/** Inside a transaction, after a change: the admin role must still grant every permission (409). */
export async function assertAdminRoleKeepsEverything(tx: EntityManager): Promise<void> {
  const [admin]: { id: string }[] = await tx.query('SELECT id FROM roles WHERE name = $1', [ADMIN_ROLE]);
  if (!admin) return;
  const granted = await rolePermissions(tx, admin.id);
  if (missingFrom(granted, ADMIN_REQUIRED_PERMISSIONS).length)
    throw new ConflictError(ROLE_MESSAGES.adminKeepsAll);
}
