/**
 * The signed-in user's own profile: names, email and phone — never the role. An email is unique
 * without regard to case (sign-in matches it that way), so it is stored in lower case and a
 * clash answers CONFLICT 'Email already in use'.
 */
import { authChanged } from './auth-cache';
import { UserEntity } from '@shop/db';
import { PROFILE_MESSAGES, type CurrentUserDto, type ProfileChanges } from '@shop/schema';
import type { CurrentUser, ServiceContext } from '../../context';
import { ConflictError, UnauthorizedError } from '../../errors';
import { isUniqueViolation } from '../../sql/pg-errors';
import { toCurrentUserDto } from './current-user';

type Ctx = ServiceContext & { user: CurrentUser };

export async function updateProfile(ctx: Ctx, changes: ProfileChanges): Promise<CurrentUserDto> {
  try {
    return await ctx.db.transaction(async (tx) => {
      const user = await tx.findOne(UserEntity, {
        where: { id: ctx.user.id },
        lock: { mode: 'pessimistic_write' },
      });
      if (!user) throw new UnauthorizedError();
      if (changes.email !== undefined && changes.email !== user.email.toLowerCase()) {
        const [taken] = await tx.query('SELECT 1 FROM users WHERE lower(email) = $1 AND id <> $2 LIMIT 1', [
          changes.email,
          user.id,
        ]);
        if (taken) throw new ConflictError(PROFILE_MESSAGES.emailTaken);
        user.email = changes.email;
      }
      if (changes.firstName !== undefined) user.firstName = changes.firstName;
      if (changes.lastName !== undefined) user.lastName = changes.lastName;
      if (changes.phone !== undefined) user.phone = changes.phone;
      // The cached copies of this user (every api instance's) show the new name and email.
      authChanged(tx, [user.id]);
      return toCurrentUserDto(await tx.save(user));
    });
  } catch (error) {
    // Two users taking one free email at the same moment: the unique index decides.
    if (isUniqueViolation(error)) throw new ConflictError(PROFILE_MESSAGES.emailTaken);
    throw error;
  }
}
