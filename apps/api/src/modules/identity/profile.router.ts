import {
  CurrentUserDto,
  ConfirmEmailInput,
  PendingEmailDto,
  ProfileUpdateInput,
  ProfileUpdatedDto,
} from '@shop/schema';
import { authedProcedure, router } from '../../trpc/trpc';
import { updateProfile } from './profile.service';
import { toCurrentUserDto } from './current-user';
import { confirmEmailChange, pendingEmail } from './email-change.service';
import type {} from './request-context';

/**
 * The signed-in user's profile. `update` is PATCH /api/user/profile: names and phone at once, a new
 * email only once confirmed (`pendingEmail` in the answer); `confirmEmail` opens the emailed link;
 * `pendingEmail` is the address waiting for it (email-change.service.ts).
 */
export const profileRouter = router({
  update: authedProcedure
    .input(ProfileUpdateInput)
    .output(ProfileUpdatedDto)
    .mutation(({ ctx, input }) => updateProfile(ctx, input, ctx.emailChangeMail)),
  confirmEmail: authedProcedure
    .input(ConfirmEmailInput)
    .output(CurrentUserDto)
    .mutation(async ({ ctx, input }) => toCurrentUserDto(await confirmEmailChange(ctx, input.token))),
  pendingEmail: authedProcedure.output(PendingEmailDto).query(({ ctx }) => pendingEmail(ctx.db, ctx.user.id)),
});
