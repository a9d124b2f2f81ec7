/**
 * What every procedure and service receives. Services take a `ServiceContext` (the database, the
 * caller and a logger) so that a test or a script can call them without HTTP.
 */
import type { DataSource, EntityManager } from 'typeorm';
import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
import type { LiveEventBus } from './modules/live-events/live-event-bus';
import type { LiveStreams } from './modules/live-events/live-stream-guard';
import type { EmailChangeMail } from './modules/profile/email-change.service';

/**
 * The signed-in caller, loaded from the database, or from the instance's auth cache when read in the
 * last AUTH_CACHE_MS (modules/auth/auth-cache.ts: a change of role or permissions is announced to
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

export interface RequestContext extends ServiceContext {
  dataSource: DataSource;
  req: FastifyRequest;
  res: FastifyReply;
  /** Live events (tRPC subscriptions); absent where nothing streams (the REST adapter). */
  liveEvents?: LiveEventBus;
  /** The open live streams' limits and re-checks (absent: streams without them, in service tests). */
  liveStreams?: LiveStreams;
  /** Per-call limits that procedures apply themselves (placing an order); absent in service tests. */
  rateLimits?: { placeOrder: CallLimiter; anonymousSearch: CallLimiter };
  /** How a profile email change's link is sent (modules/profile/email-change.service.ts); absent: the outbox. */
  emailChangeMail?: EmailChangeMail;
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
