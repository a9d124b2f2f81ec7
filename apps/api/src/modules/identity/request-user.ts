/**
 * The `UserResolver` behind every request's `ctx.user`: the API token's user (bearer-auth.ts) or
 * the session's, with its permissions, in one statement, kept in the instance's AuthCache for at
 * most AUTH_CACHE_MS (auth-cache.ts: a role change, a permission change or a deleted user is
 * announced to every instance, which forgets it at once). A token's user gets
 * only what the token's scope and permission subset leave of them (@shop/schema `tokenPermissions`).
 * A session whose user no longer exists is anonymous.
 */
import type { EntityManager } from 'typeorm';
import type { AuthCache } from './auth-cache';
// The request's `apiTokenGrant` (its declaration, also when the web type-checks the router).
import type {} from './bearer-auth';
import type { UserEntity } from '@shop/db';
import { tokenPermissions } from '@shop/schema';
import type { CurrentUser, UserResolver } from '../../context';
import { USER_WITH_PERMISSIONS_SQL } from './permissions.service';

/** The resolver, reading users through `cache` when given. */
export function createUserResolver(cache?: AuthCache<UserRow>): UserResolver {
  return async (req, dataSource) => {
    const grant = req.apiTokenGrant;
    const userId = grant?.userId ?? req.session?.userId;
    if (!userId) return null;
    const row = await loadUserRow(dataSource.manager, userId, cache);
    if (!row) return null;
    if (!grant) return toCurrentUser(row, new Set(row.permissions), 'session');
    return {
      ...toCurrentUser(row, tokenPermissions(row.permissions, grant), 'token'),
      tokenScope: grant.scope,
    };
  };
}

/** Without a cache: every request reads its user (scripts, tests of the resolver itself). */
export const requestUserResolver: UserResolver = createUserResolver();

/** A user's row and effective permissions (USER_WITH_PERMISSIONS_SQL), through `cache` when given. */
export async function loadUserRow(
  db: Pick<EntityManager, 'query'>,
  userId: string,
  cache?: AuthCache<UserRow>,
): Promise<UserRow | null> {
  const cached = cache?.getUser(userId);
  if (cached) return cached;
  const epoch = cache?.epoch ?? 0;
  const [row]: UserRow[] = await db.query(USER_WITH_PERMISSIONS_SQL, [userId]);
  if (!row) return null;
  cache?.putUser(userId, row, epoch);
  return row;
}

/** A user as USER_WITH_PERMISSIONS_SQL answers it. */
export type UserRow = UserFields & { permissions: string[] };

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
