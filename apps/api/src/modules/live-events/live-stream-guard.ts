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
import type { DataSource } from 'typeorm';
import type { CurrentUser } from '../../context';
import { TooManyRequestsError } from '../../errors';

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

/**
 * Whether the caller of `req` still holds what they signed in with (their session or API token,
 * their account) and, if so, the permissions they hold now; null when not. Handed in by the
 * composition root (app.ts: identity's `currentAccess`), so live events import no module.
 */
export type CurrentAccess = (
  dataSource: DataSource,
  req: FastifyRequest,
  user: CurrentUser,
) => Promise<ReadonlySet<string> | null>;

/** The open streams of this api instance, by user. */
export class LiveStreams {
  private readonly open = new Map<string, number>();

  constructor(
    private readonly limits: LiveStreamLimits,
    private readonly currentAccess: CurrentAccess,
  ) {}

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
      recheck: async () => {
        const permissions = await this.currentAccess(dataSource, req, user);
        return permissions && allowed(permissions) ? permissions : null;
      },
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
