import { z } from 'zod';
import {
  API_TOKEN_MESSAGES,
  ApiTokenCreateInput,
  ApiTokenCreated,
  ApiTokenDto,
  ApiTokenIdInput,
} from '@shop/schema';
import { can, router } from '../../trpc/trpc';
import { ForbiddenError } from '../../errors';
import { createToken, listTokens, revokeToken } from './api-tokens.service';

/**
 * The admin area's API Tokens (`api_tokens:manage`, admin by default). Only from a signed-in
 * session: a leaked token must not be able to mint more tokens or revoke the ones that replace it.
 */
const manageTokens = can('api_tokens:manage').use(({ ctx, next }) => {
  if (ctx.user.authenticatedBy === 'token') throw new ForbiddenError(API_TOKEN_MESSAGES.sessionOnly);
  return next();
});

export const apiTokensRouter = router({
  list: manageTokens.output(z.array(ApiTokenDto)).query(({ ctx }) => listTokens(ctx)),
  create: manageTokens
    .input(ApiTokenCreateInput)
    .output(ApiTokenCreated)
    .mutation(({ ctx, input }) => createToken(ctx, input)),
  revoke: manageTokens
    .input(ApiTokenIdInput)
    .output(ApiTokenDto)
    .mutation(({ ctx, input }) => revokeToken(ctx, input.id)),
});
