import { z } from 'zod';
import {
  CreateUserInput,
  DeletedDto,
  SignedOutEverywhereDto,
  UpdateUserInput,
  UserDto,
  UserIdInput,
  UserPageDto,
  UserPageInput,
} from '@shop/schema';
import { can, router } from '../../trpc/trpc';
import { endRequestSession } from './sessions';
import { signOutUserEverywhere } from './sign-out-everywhere.service';
import { createUser, deleteUser, getUser, listUsers, pageUsers, updateUser } from './users.service';

/** /api/users (docs/product.md §7): admin only by default (users:read / create / update / delete). */
export const usersRouter = router({
  list: can('users:read')
    .output(z.array(UserDto))
    .query(({ ctx }) => listUsers(ctx)),
  /** The user management screen: a page of users, how many match the search, and the cards. */
  page: can('users:read')
    .input(UserPageInput)
    .output(UserPageDto)
    .query(({ ctx, input }) => pageUsers(ctx, input)),
  byId: can('users:read')
    .input(UserIdInput)
    .output(UserDto)
    .query(({ ctx, input }) => getUser(ctx, input.id)),
  create: can('users:create')
    .input(CreateUserInput)
    .output(UserDto)
    .mutation(({ ctx, input }) => createUser(ctx, input)),
  update: can('users:update')
    .input(UpdateUserInput)
    .output(UserDto)
    .mutation(({ ctx, input }) => updateUser(ctx, input)),
  /** Ends every session of the user (Admin → Users, "Sign out everywhere"). */
  signOutEverywhere: can('users:update')
    .input(UserIdInput)
    .output(SignedOutEverywhereDto)
    .mutation(async ({ ctx, input }) => {
      const result = await signOutUserEverywhere(ctx, input.id);
      if (input.id === ctx.user.id && ctx.req) await endRequestSession(ctx.req);
      return result;
    }),
  delete: can('users:delete')
    .input(UserIdInput)
    .output(DeletedDto)
    .mutation(({ ctx, input }) => deleteUser(ctx, input.id)),
});
