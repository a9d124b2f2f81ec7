/**
 * The `UserResolver` behind every request's `ctx.user`: the API token's user (bearer-auth.ts) or
 * the session's, loaded from the database on every request (no cache, so a role change or a deleted
 * user applies on the next request), with its permissions, in one statement. A token's user gets
 * only what the token's scope and permission subset leave of them (@shop/schema `tokenPermissions`).
 * A session whose user no longer exists is anonymous.
 */
import type { EntityManager } from 'typeorm';
import type { UserEntity } from '@shop/db';
import { tokenPermissions } from '@shop/schema';
import type { CurrentUser, UserResolver } from '../../context';
import type { TokenGrant } from '../api-tokens/api-tokens.service';
import { USER_WITH_PERMISSIONS_SQL } from './permissions.service';

export const requestUserResolver: UserResolver = async (req, dataSource) => {
  if (req.apiTokenGrant)
    return loadCurrentUser(dataSource.manager, req.apiTokenGrant.userId, req.apiTokenGrant);
  const userId = req.session?.userId;
  if (!userId) return null;
  return loadCurrentUser(dataSource.manager, userId, null);
};

async function loadCurrentUser(
  db: EntityManager,
  userId: string,
  token: TokenGrant | null,
): Promise<CurrentUser | null> {
  const [row]: (UserFields & { permissions: string[] })[] = await db.query(USER_WITH_PERMISSIONS_SQL, [
    userId,
  ]);
  if (!row) return null;
  if (!token) return toCurrentUser(row, new Set(row.permissions), 'session');
  return {
    ...toCurrentUser(row, tokenPermissions(row.permissions, token), 'token'),
    tokenScope: token.scope,
  };
}

/** The user fields a request carries. */
type UserFields = Pick<
  UserEntity,
  'id' | 'email' | 'firstName' | 'lastName' | 'phone' | 'role' | 'roleId' | 'profileImageUrl' | 'createdAt'
>;

export function toCurrentUser(
  user: UserFields,
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
