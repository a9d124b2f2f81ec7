/**
 * The permission check of the plain HTTP routes (the CSV exports and the import), which are not
 * procedures and so not built with `can()` (trpc/trpc.ts): the same answers (401, 403), and the
 * refusals go to the audit log as 'access.denied' (audit/access-denied.ts).
 */
import type { FastifyRequest } from 'fastify';
import type { DataSource } from 'typeorm';
import type { Permission } from '@shop/schema';
import type { CurrentUser, UserResolver } from '../../context';
import { ForbiddenError, UnauthorizedError } from '../../errors';
import { recordRouteDenied } from '../audit';

/** The caller, when signed in and holding every one of `permissions` (401 / 403 recorded otherwise). */
export async function requirePermissions(
  req: FastifyRequest,
  deps: { dataSource: DataSource; resolveUser: UserResolver },
  permissions: readonly Permission[],
): Promise<CurrentUser> {
  const user = await deps.resolveUser(req, deps.dataSource);
  if (!user) {
    await recordRouteDenied(deps.dataSource, req, null, 401, permissions);
    throw new UnauthorizedError();
  }
  if (!permissions.every((permission) => user.permissions.has(permission))) {
    await recordRouteDenied(deps.dataSource, req, user, 403, permissions);
    throw new ForbiddenError();
  }
  return user;
}
