/**
 * The `UserResolver` behind every request's `ctx.user`: the session's user id, loaded from the
 * database on every request (no cache, so a role change or a deleted user applies on the next
 * request). A session whose user no longer exists is anonymous.
 */
import { UserEntity } from '@shop/db';
import type { CurrentUser, UserResolver } from '../../context';
import { effectivePermissions } from './permissions.service';

export const sessionUserResolver: UserResolver = async (req, dataSource) => {
  const userId = req.session?.userId;
  if (!userId) return null;
  const user = await dataSource.manager.findOne(UserEntity, { where: { id: userId } });
  if (!user) return null;
  return toCurrentUser(user, await effectivePermissions(dataSource.manager, user));
};

export function toCurrentUser(user: UserEntity, permissions: ReadonlySet<string>): CurrentUser {
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
  };
}
