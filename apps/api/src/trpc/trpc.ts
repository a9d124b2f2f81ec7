/**
 * The tRPC building blocks, made once: the error shape, and the procedure builders every router
 * uses. Authorization is layered: `publicProcedure` → `authedProcedure` (signed in) → `can(p)`.
 */
import { initTRPC, TRPCError } from '@trpc/server';
import type { Permission } from '@shop/schema';
import type { CurrentUser, RequestContext } from '../context';
import { HTTP_STATUS, toPublicError, UnauthorizedError, ForbiddenError } from '../errors';

const t = initTRPC.context<RequestContext>().create({
  errorFormatter({ shape, error }) {
    const publicError = toPublicError(error);
    return {
      ...shape,
      message: publicError.message,
      data: {
        code: publicError.code,
        httpStatus: HTTP_STATUS[publicError.code],
        issues: publicError.issues,
        details: publicError.details,
      },
    };
  },
});

export const router = t.router;
export const createCallerFactory = t.createCallerFactory;
export const middleware = t.middleware;

/**
 * Maps what a service threw (domain errors, zod errors, an unreachable database) to the tRPC code
 * the caller sees. In tRPC 11 `next()` returns the failure instead of throwing (docs/stack.md gotcha 7).
 */
const mapDomainErrors = t.middleware(async ({ next }) => {
  const result = await next();
  if (!result.ok) {
    const publicError = toPublicError(result.error);
    if (publicError.code !== result.error.code) {
      throw new TRPCError({
        code: publicError.code,
        message: publicError.message,
        cause: result.error,
      });
    }
  }
  return result;
});

export const publicProcedure = t.procedure.use(mapDomainErrors);

/** Signed in: narrows `ctx.user` to non-null. */
export const authedProcedure = publicProcedure.use(({ ctx, next }) => {
  if (!ctx.user) throw new UnauthorizedError();
  return next({ ctx: { ...ctx, user: ctx.user as CurrentUser } });
});

/** Signed in and holding `permission` (`resource:action`, one of @shop/schema's PERMISSIONS). */
export function can(permission: Permission) {
  return authedProcedure.use(({ ctx, next }) => {
    if (!ctx.user.permissions.has(permission)) throw new ForbiddenError();
    return next();
  });
}

/** Signed in and holding at least one of `permissions` (a stream that serves several audiences). */
export function canAny(permissions: readonly Permission[]) {
  return authedProcedure.use(({ ctx, next }) => {
    if (!permissions.some((permission) => ctx.user.permissions.has(permission))) throw new ForbiddenError();
    return next();
  });
}
