/**
 * The `UserResolver` behind every request's `ctx.user`: the API token's user (bearer-auth.ts) or
 * the session's, loaded from the database on every request (no cache, so a role change or a deleted
 * user applies on the next request), with its permissions, in one statement. A session whose user
 * no longer exists is anonymous.
 */
import type { EntityManager } from 'typeorm';
import type { UserEntity } from '@shop/db';
import type { CurrentUser, UserResolver } from '../../context';
import { USER_WITH_PERMISSIONS_SQL } from './permissions.service';

export const requestUserResolver: UserResolver = async (req, dataSource) => {
  if (req.apiTokenUserId) return loadCurrentUser(dataSource.manager, req.apiTokenUserId, 'token');
  const userId = req.session?.userId;
  if (!userId) return null;
  return loadCurrentUser(dataSource.manager, userId, 'session');
};

interface UserWithPermissionsRow {
  id: string;
  email: string;
  first_name: string | null;
  last_name: string | null;
  phone: string | null;
  role: string;
  role_id: string | null;
  profile_image_url: string | null;
  created_at: Date;
  permissions: string[];
}

async function loadCurrentUser(
  db: EntityManager,
  userId: string,
  authenticatedBy: CurrentUser['authenticatedBy'],
): Promise<CurrentUser | null> {
  const [row]: UserWithPermissionsRow[] = await db.query(USER_WITH_PERMISSIONS_SQL, [userId]);
  if (!row) return null;
  const user = {
    id: row.id,
    email: row.email,
    firstName: row.first_name,
    lastName: row.last_name,
    phone: row.phone,
    role: row.role,
    roleId: row.role_id,
    profileImageUrl: row.profile_image_url,
    createdAt: row.created_at,
  };
  return toCurrentUser(user, new Set(row.permissions), authenticatedBy);
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
