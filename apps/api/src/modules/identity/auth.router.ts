import { CurrentUserDto, SignedOutEverywhereDto } from '@shop/schema';
import { authedProcedure, publicProcedure, router } from '../../trpc/trpc';
import { toCurrentUserDto } from './current-user';
import { endRequestSession } from './sessions';
import { signOutEverywhere } from './sign-out-everywhere.service';

export const authRouter = router({
  /** The signed-in user (docs/product.md §3 current-user view); UNAUTHORIZED when signed out. */
  me: authedProcedure.output(CurrentUserDto).query(({ ctx }) => toCurrentUserDto(ctx.user)),
  /**
   * The signed-in user or null: what the web asks on every page. A visitor who is not signed in
   * gets a 200 with null rather than a 401, so an anonymous page makes no failing request (a 401 is
   * an error in the browser's console; docs/accessibility.md, "Phones").
   */
  session: publicProcedure
    .output(CurrentUserDto.nullable())
    .query(({ ctx }) => (ctx.user ? toCurrentUserDto(ctx.user) : null)),
  /** Ends every session of the caller, this browser's too (the account menu's "Sign out everywhere"). */
  signOutEverywhere: authedProcedure.output(SignedOutEverywhereDto).mutation(async ({ ctx }) => {
    const result = await signOutEverywhere(ctx);
    if (ctx.req) await endRequestSession(ctx.req);
    return result;
  }),
});
