import { CurrentUserDto, SignedOutEverywhereDto } from '@shop/schema';
import { authedProcedure, router } from '../../trpc/trpc';
import { toCurrentUserDto } from './current-user';
import { endRequestSession } from './sessions';
import { signOutEverywhere } from './sign-out-everywhere.service';

export const authRouter = router({
  /** The signed-in user (docs/product.md §3 current-user view); UNAUTHORIZED when signed out. */
  me: authedProcedure.output(CurrentUserDto).query(({ ctx }) => toCurrentUserDto(ctx.user)),
  /** Ends every session of the caller, this browser's too (the account menu's "Sign out everywhere"). */
  signOutEverywhere: authedProcedure.output(SignedOutEverywhereDto).mutation(async ({ ctx }) => {
    const result = await signOutEverywhere(ctx);
    if (ctx.req) await endRequestSession(ctx.req);
    return result;
  }),
});
