import { CurrentUserDto, ProfileUpdateInput } from '@shop/schema';
import { authedProcedure, router } from '../../trpc/trpc';
import { updateProfile } from './profile.service';

/** PATCH /api/user/profile: the signed-in user's names, email and phone; answers the current user. */
export const profileRouter = router({
  update: authedProcedure
    .input(ProfileUpdateInput)
    .output(CurrentUserDto)
    .mutation(({ ctx, input }) => updateProfile(ctx, input)),
});
