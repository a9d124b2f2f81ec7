/**
 * The signed-in user's own profile: names, email and phone — never the role. An email is unique
 * without regard to case (sign-in matches it that way), so it is stored in lower case and a
 * clash answers CONFLICT 'Email already in use'. A new email does not take effect here: it waits
 * for the link sent to it to be opened (email-change.service.ts, issue 32); the answer names it.
 */
import { authChanged } from './auth-cache';
import { UserEntity } from '@shop/db';
import { PROFILE_MESSAGES, type ProfileChanges, type ProfileUpdatedDto } from '@shop/schema';
import type { CurrentUser, ServiceContext } from '../../context';
import {
  deliverAfterCommit,
  pendingEmail,
  requestEmailChange,
  type EmailChangeMail,
} from './email-change.service';
import { ConflictError, UnauthorizedError } from '../../errors';
import { isUniqueViolation } from '../../sql/pg-errors';
import { toCurrentUserDto } from './current-user';

type Ctx = ServiceContext & { user: CurrentUser };

export async function updateProfile(
  ctx: Ctx,
  changes: ProfileChanges,
  mail?: EmailChangeMail,
): Promise<ProfileUpdatedDto> {
  try {
    const { saved, delivery } = await ctx.db.transaction(async (tx) => {
      const user = await tx.findOne(UserEntity, {
        where: { id: ctx.user.id },
        lock: { mode: 'pessimistic_write' },
      });
      if (!user) throw new UnauthorizedError();
      const delivery =
        changes.email !== undefined ? await requestEmailChange(tx, user, changes.email, mail) : null;
      if (changes.firstName !== undefined) user.firstName = changes.firstName;
      if (changes.lastName !== undefined) user.lastName = changes.lastName;
      if (changes.phone !== undefined) user.phone = changes.phone;
      // The cached copies of this user (every api instance's) show the new name.
      authChanged(tx, [user.id]);
      const saved = toCurrentUserDto(await tx.save(user));
      return { saved, delivery: delivery };
    });
    await deliverAfterCommit(ctx, mail, delivery);
    return { ...saved, pendingEmail: (await pendingEmail(ctx.db, saved.id))?.email ?? null };
  } catch (error) {
    if (isUniqueViolation(error)) throw new ConflictError(PROFILE_MESSAGES.emailTaken);
    throw error;
  }
}
