/**
 * The tRPC building blocks, made once: the error shape, and the procedure builders every router
 * uses. Authorization is layered: `publicProcedure` → `authedProcedure` (signed in) → `can(p)`; the
 * refusals of `can(p)` and `canAny(ps)` (staff routes) are written to the audit log.
 */
import { initTRPC, TRPCError } from '@trpc/server';
import { API_TOKEN_MESSAGES, type Permission } from '@shop/schema';
import type { CurrentUser, RequestContext } from '../context';
import { HTTP_STATUS, toPublicError, UnauthorizedError, ForbiddenError } from '../errors';

/** One refusal of a staff procedure, as the audit log records it. */
export interface AccessDenied {
  status: 401 | 403;
  target: { type: 'procedure'; id: string };
  details: Record<string, unknown>;
}

/** Writes a refusal down; installed by the composition root (app-router.ts: the audit module's). */
export type AccessDeniedRecorder = (ctx: RequestContext, denied: AccessDenied) => Promise<void>;

let recordAccessDenied: AccessDeniedRecorder = async () => {};

/**
 * Installs the recorder of staff procedures' refusals. The base layer imports no module: the audit
 * module's recorder is handed in from above (app-router.ts), once, where the routers are wired.
 */
export function recordAccessDeniedWith(recorder: AccessDeniedRecorder): void {
  recordAccessDenied = recorder;
}

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

/**
 * A read-only API token only queries (and subscribes): every mutation answers 403, also those that
 * need no permission (a shopper's own address or order). docs/architecture.md §3 "API tokens".
 */
const readOnlyTokens = t.middleware(({ ctx, type, next }) => {
  if (type === 'mutation' && ctx.user?.tokenScope === 'read')
    throw new ForbiddenError(API_TOKEN_MESSAGES.readOnly);
  return next();
});

export const publicProcedure = t.procedure.use(mapDomainErrors).use(readOnlyTokens);

/** Signed in: narrows `ctx.user` to non-null. */
const signedIn = t.middleware(({ ctx, next }) => {
  if (!ctx.user) throw new UnauthorizedError();
  return next({ ctx: { ...ctx, user: ctx.user as CurrentUser } });
});

export const authedProcedure = publicProcedure.use(signedIn);

/**
 * A staff procedure's refusals go to the audit log as 'access.denied' (modules/audit/access-denied.ts,
 * installed by `recordAccessDeniedWith`):
 * not signed in (401), lacking the permission (403), and any 403 of what runs after it (a service's
 * own refusal), over tRPC and the REST adapter alike. Wraps the checks, so it sees their outcome.
 */
function auditRefusals(permissions: readonly Permission[]) {
  return t.middleware(async ({ ctx, path, next }) => {
    const result = await next();
    if (!result.ok) {
      const { code, message } = toPublicError(result.error);
      if (code === 'UNAUTHORIZED' || code === 'FORBIDDEN') {
        const route = ctx.req?.routeOptions?.url;
        await recordAccessDenied(ctx, {
          status: code === 'UNAUTHORIZED' ? 401 : 403,
          target: { type: 'procedure', id: path },
          details: {
            permission: permissions.length === 1 ? permissions[0] : permissions,
            reason: message,
            ...(route && !route.startsWith('/trpc') && { route: `${ctx.req.method} ${route}` }),
          },
        });
      }
    }
    return result;
  });
}

/** Signed in and holding `permission` (`resource:action`, one of @shop/schema's PERMISSIONS). */
export function can(permission: Permission) {
  return publicProcedure
    .use(auditRefusals([permission]))
    .use(signedIn)
    .use(({ ctx, next }) => {
      if (!ctx.user.permissions.has(permission)) throw new ForbiddenError();
      return next();
    });
}

/** Signed in and holding at least one of `permissions` (a stream that serves several audiences). */
export function canAny(permissions: readonly Permission[]) {
  return publicProcedure
    .use(auditRefusals(permissions))
    .use(signedIn)
    .use(({ ctx, next }) => {
      if (!permissions.some((permission) => ctx.user.permissions.has(permission))) throw new ForbiddenError();
      return next();
    });
}
