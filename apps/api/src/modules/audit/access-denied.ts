/**
 * 'access.denied': a 401 or 403 on a staff route (docs/architecture.md §4 "Audit log"). Recorded in
 * three places, each the one gate of its kind:
 * - every procedure built with `can()` or `canAny()` (trpc/trpc.ts), over tRPC and REST alike: not
 *   signed in (401), lacking the permission (403), and any 403 its service answers (outranked, own
 *   role, a token managing tokens…), with the procedure, the permission and the reason;
 * - the CSV routes' permission check (catalogue/product-csv.routes.ts);
 * - an `Authorization` header that is not a valid API token (identity/bearer-auth.ts): whoever
 *   sends one is not an anonymous shopper.
 * A signed-out shopper's own calls (auth.me, orders.mine…) are not staff routes and are not recorded.
 *
 * Against a flood: at most one row per (caller, what was refused, status) per minute and api
 * instance — the caller being the user, or the client address when nobody is signed in; an invalid
 * token counts once per address whatever the path. Repeats inside the minute are left out (each is
 * still in the request log). Recording never changes the answer: a failed write is logged.
 */
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import type { DataSource } from 'typeorm';
import type { AuditTargetType } from '@shop/schema';
import type { CurrentUser, RequestInfo } from '../../context';
import { recordAudit } from './audit.service';
import { requestInfoOf } from './request-info';

export const ACCESS_DENIED_WINDOW_MS = 60_000;
/** Past this many remembered callers, forget the expired ones (and, if that is not enough, all). */
const MAX_REMEMBERED = 10_000;

/** When each (caller, target, status) was last recorded, per database (so per app). */
const lastRecorded = new WeakMap<object, Map<string, number>>();

function firstInWindow(dataSource: object, key: string, now: number): boolean {
  let seen = lastRecorded.get(dataSource);
  if (!seen) lastRecorded.set(dataSource, (seen = new Map()));
  const last = seen.get(key);
  if (last !== undefined && now - last < ACCESS_DENIED_WINDOW_MS) return false;
  if (seen.size >= MAX_REMEMBERED) {
    for (const [old, at] of seen) if (now - at >= ACCESS_DENIED_WINDOW_MS) seen.delete(old);
    if (seen.size >= MAX_REMEMBERED) seen.clear();
  }
  seen.set(key, now);
  return true;
}

export interface Denial {
  status: 401 | 403;
  /** What was refused: a procedure ('users.update') or a route ('GET /api/products/export'). */
  target: { type: Extract<AuditTargetType, 'procedure' | 'route'>; id: string };
  /** Facts about the refusal: the permission needed, the reason, the REST route. */
  details?: Record<string, unknown>;
  /** Counts for the flood rule instead of the target (an invalid token: one key per address). */
  throttleKey?: string;
}

export interface DenialContext {
  dataSource: DataSource;
  user: Pick<CurrentUser, 'id' | 'email'> | null;
  requestInfo?: RequestInfo;
  log: FastifyBaseLogger;
}

export async function recordAccessDenied(ctx: DenialContext, denial: Denial): Promise<void> {
  const caller = ctx.user ? `user:${ctx.user.id}` : `ip:${ctx.requestInfo?.ip ?? '?'}`;
  const key = `${caller}|${denial.throttleKey ?? `${denial.target.type}:${denial.target.id}`}|${denial.status}`;
  if (!firstInWindow(ctx.dataSource, key, Date.now())) return;
  try {
    await recordAudit(ctx.dataSource.manager, ctx, {
      action: 'access.denied',
      target: { ...denial.target, label: null },
      details: { status: denial.status, ...denial.details },
    });
  } catch (error) {
    ctx.log.warn({ err: error }, 'audit: could not record a refused call');
  }
}

/** A plain route's refusal (the CSV files): the route as registered, the permissions it needs. */
export async function recordRouteDenied(
  dataSource: DataSource,
  req: FastifyRequest,
  user: DenialContext['user'],
  status: 401 | 403,
  permissions: readonly string[],
): Promise<void> {
  await recordAccessDenied(
    { dataSource, user, requestInfo: requestInfoOf(req), log: req.log },
    {
      status,
      target: { type: 'route', id: `${req.method} ${req.routeOptions.url ?? req.url.split('?', 1)[0]}` },
      details: { permission: permissions.length === 1 ? permissions[0] : permissions },
    },
  );
}

/**
 * An `Authorization` header that is not a valid API token (unknown, revoked, expired or mistyped):
 * the path without its query, never the header. Counted once a minute per address, whatever the path.
 */
export async function recordInvalidToken(dataSource: DataSource, req: FastifyRequest): Promise<void> {
  const path = req.url.split('?', 1)[0]!.slice(0, 200);
  await recordAccessDenied(
    { dataSource, user: null, requestInfo: requestInfoOf(req), log: req.log },
    {
      status: 401,
      target: { type: 'route', id: `${req.method} ${path}` },
      details: { reason: 'The API token is not valid' },
      throttleKey: 'invalid_api_token',
    },
  );
}
