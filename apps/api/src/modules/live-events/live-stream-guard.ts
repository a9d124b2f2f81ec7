/**
 * What keeps a live stream (docs/architecture.md §4 "Live streams") from outliving the right to it:
 * - at most LIVE_STREAMS_PER_USER open at once per user and api instance: one more is refused with
 *   429 TOO_MANY_REQUESTS (the open ones keep running; refusing the newcomer, rather than closing
 *   the oldest, cannot set two tabs closing each other in turn);
 * - each stream ends after LIVE_STREAM_MAX_SECONDS, and the web opens a new one, which is checked
 *   like any request;
 * - every LIVE_STREAM_RECHECK_SECONDS a stream asks again whether its caller still holds it: the
 *   session still exists and has not expired (a sign-out, on any instance), the API token is not
 *   revoked or expired, the user still exists and still holds the permission. If not, it ends.
 */
import type { FastifyRequest } from 'fastify';
// The request's `session` and `apiTokenId` (their declarations, also when the web type-checks the router).
import type {} from '@fastify/session';
import type {} from '../identity/bearer-auth';
import type { DataSource } from 'typeorm';
import type { CurrentUser } from '../../context';
import { TooManyRequestsError } from '../../errors';
import { loadUserRow } from '../identity/request-user';
import { sessionStillOpen } from '../identity/session-store';
import { tokenStillValid } from '../identity/api-tokens.service';

export interface LiveStreamLimits {
  perUser: number;
  maxMs: number;
  recheckMs: number;
}

export const LIVE_STREAM_MESSAGES = {
  tooMany: 'Too many live updates open: close another tab of the shop and try again',
} as const;

/**
 * One stream's terms: when it must end, and how to ask whether its caller may still have it
 * (null: no longer; otherwise the permissions they hold now).
 */
export interface StreamTerms {
  maxMs: number;
  recheckMs: number;
  recheck: () => Promise<ReadonlySet<string> | null>;
  /** Gives the stream's place back (idempotent). */
  release: () => void;
}

/** The open streams of this api instance, by user. */
export class LiveStreams {
  private readonly open = new Map<string, number>();

  constructor(private readonly limits: LiveStreamLimits) {}

  /**
   * Takes a place for a new stream of `user`, or refuses (429). `allowed` says whether the
   * permissions the user holds now still give them this stream.
   */
  claim(
    dataSource: DataSource,
    req: FastifyRequest,
    user: CurrentUser,
    allowed: (permissions: ReadonlySet<string>) => boolean,
  ): StreamTerms {
    const count = this.open.get(user.id) ?? 0;
    if (count >= this.limits.perUser) throw new TooManyRequestsError(LIVE_STREAM_MESSAGES.tooMany);
    this.open.set(user.id, count + 1);
    let released = false;
    return {
      maxMs: this.limits.maxMs,
      recheckMs: this.limits.recheckMs,
      recheck: () => stillHeld(dataSource, req, user, allowed),
      release: () => {
        if (released) return;
        released = true;
        const left = (this.open.get(user.id) ?? 1) - 1;
        if (left > 0) this.open.set(user.id, left);
        else this.open.delete(user.id);
      },
    };
  }
}

async function stillHeld(
  dataSource: DataSource,
  req: FastifyRequest,
  user: CurrentUser,
  allowed: (permissions: ReadonlySet<string>) => boolean,
): Promise<ReadonlySet<string> | null> {
  const db = dataSource.manager;
  if (user.authenticatedBy === 'token') {
    if (!(await tokenStillValid(db, req.apiTokenId, user.id))) return null;
  } else {
    const sid = req.session?.sessionId;
    if (!sid || !(await sessionStillOpen(db, sid, user.id))) return null;
  }
  // The user's current permissions, as every request reads them (identity/request-user.ts), uncached.
  const current = await loadUserRow(db, user.id);
  if (!current) return null;
  const permissions = new Set(current.permissions);
  return allowed(permissions) ? permissions : null;
}
