/**
 * What every procedure and service receives. Services take a `ServiceContext` (the database, the
 * caller and a logger) so that a test or a script can call them without HTTP.
 */
import type { DataSource, EntityManager } from 'typeorm';
import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';

/**
 * The signed-in caller, loaded from the database, or from the instance's auth cache when read in the
 * last AUTH_CACHE_MS (modules/identity/auth-cache.ts: a change of role or permissions is announced to
 * every instance, which forgets it at once).
 */
export interface CurrentUser {
  id: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
  phone: string | null;
  role: string;
  roleId: string | null;
  profileImageUrl: string | null;
  createdAt: Date;
  /** Effective permissions (`resource:action`). */
  permissions: ReadonlySet<string>;
  /** A browser session (sign-in) or an API token (`Authorization: Bearer`). */
  authenticatedBy: 'session' | 'token';
  /** With a token: `read` refuses every mutation (trpc/trpc.ts), whatever the permissions. */
  tokenScope?: 'read' | 'write';
}

export interface ServiceContext {
  db: EntityManager;
  user: CurrentUser | null;
  log: FastifyBaseLogger;
  /** Where the call came from, for the audit log (modules/audit); absent outside a request. */
  requestInfo?: RequestInfo;
}

/** The client of a request as the audit log records it: its address and user agent (cut short). */
export interface RequestInfo {
  ip: string | null;
  userAgent: string | null;
}

/**
 * A request's context. The base layer knows no module: a module that needs more on it (live events:
 * the bus and the streams' limits) adds its fields to this interface from its own files
 * (`declare module`), and the composition root (request-context.ts) fills them in.
 */
export interface RequestContext extends ServiceContext {
  dataSource: DataSource;
  req: FastifyRequest;
  res: FastifyReply;
  /** Per-call limits that procedures apply themselves (placing an order); absent in service tests. */
  rateLimits?: { placeOrder: CallLimiter; anonymousSearch: CallLimiter };
}

/** Counts one call of the request's caller against a limit (http/rate-limits.ts); null when the limit is off. */
export type CallLimiter = ((req: FastifyRequest) => Promise<LimitCheck>) | null;

/** The outcome of counting one call. */
export interface LimitCheck {
  allowed: boolean;
  /** Seconds until the caller may try again (when refused). */
  retryAfterSeconds: number;
}

/** Resolves the caller of a request; installed by the auth module. */
export type UserResolver = (req: FastifyRequest, dataSource: DataSource) => Promise<CurrentUser | null>;
