/**
 * The `UserResolver` behind every request's `ctx.user`: the API token's user (bearer-auth.ts) or
 * the session's, loaded from the database on every request (no cache, so a role change or a deleted
 * user applies on the next request). A session whose user no longer exists is anonymous.
 */
import type { EntityManager } from 'typeorm';
import { UserEntity } from '@shop/db';
import type { CurrentUser, UserResolver } from '../../context';
import { effectivePermissions } from './permissions.service';

export const requestUserResolver: UserResolver = async (req, dataSource) => {
  if (req.apiTokenUserId) return loadCurrentUser(dataSource.manager, req.apiTokenUserId, 'token');
  const userId = req.session?.userId;
  if (!userId) return null;
  return loadCurrentUser(dataSource.manager, userId, 'session');
};

async function loadCurrentUser(
  db: EntityManager,
  userId: string,
  authenticatedBy: CurrentUser['authenticatedBy'],
): Promise<CurrentUser | null> {
  const user = await db.findOne(UserEntity, { where: { id: userId } });
  if (!user) return null;
  return toCurrentUser(user, await effectivePermissions(db, user), authenticatedBy);
}

export function toCurrentUser(
  user: UserEntity,
  permissions: ReadonlySet<string>,
  authenticatedBy: CurrentUser['authenticatedBy'] = 'session',
): CurrentUser {
  return {
    id: user.id,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    phone: user.phone,
    role: user.role,
    roleId: user.roleId,
    profileImageUrl: user.profileImageUrl,
    createdAt: user.createdAt,
    permissions,
    authenticatedBy,
  };
}
