import { CurrentUserDto } from '@shop/schema';
import { authedProcedure, router } from '../../trpc/trpc';
import { toCurrentUserDto } from './current-user';

export const authRouter = router({
  /** The signed-in user (docs/product.md §3 current-user view); UNAUTHORIZED when signed out. */
  me: authedProcedure.output(CurrentUserDto).query(({ ctx }) => toCurrentUserDto(ctx.user)),
});
