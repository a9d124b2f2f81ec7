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
import type {} from '../api-tokens/bearer-auth';
import type { DataSource } from 'typeorm';
import type { CurrentUser } from '../../context';
import { TooManyRequestsError } from '../../errors';
import { USER_WITH_PERMISSIONS_SQL } from '../auth/permissions.service';
import { sessionKey } from '../auth/session-store';

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

const NOW_UTC = `(now() AT TIME ZONE 'UTC')`;

async function stillHeld(
  dataSource: DataSource,
  req: FastifyRequest,
  user: CurrentUser,
  allowed: (permissions: ReadonlySet<string>) => boolean,
): Promise<ReadonlySet<string> | null> {
  if (user.authenticatedBy === 'token') {
    const rows: unknown[] = await dataSource.query(
      `SELECT 1 FROM api_tokens
       WHERE id = $1 AND user_id = $2 AND revoked_at IS NULL AND (expires_at IS NULL OR expires_at > now())`,
      [req.apiTokenId, user.id],
    );
    if (rows.length === 0) return null;
  } else {
    const sid = req.session?.sessionId;
    if (!sid) return null;
    const [row]: { sess: unknown }[] = await dataSource.query(
      `SELECT sess FROM sessions WHERE sid = $1 AND expire > ${NOW_UTC}`,
      [sessionKey(sid)],
    );
    const sess = typeof row?.sess === 'string' ? (JSON.parse(row.sess) as unknown) : row?.sess;
    if ((sess as { userId?: unknown } | undefined)?.userId !== user.id) return null;
  }
  const [current]: { permissions: string[] }[] = await dataSource.query(USER_WITH_PERMISSIONS_SQL, [user.id]);
  if (!current) return null;
  const permissions = new Set(current.permissions);
  return allowed(permissions) ? permissions : null;
}
