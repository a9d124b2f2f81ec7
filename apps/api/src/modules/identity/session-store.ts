/**
 * @fastify/session's store on the spec's `sessions` table (sid, sess json, expire, plus user_id and
 * last_seen_at), so every api instance sees the same sessions (docs/architecture.md §4 "Scale").
 *
 * Invariants:
 * - the table never holds a session id: rows are keyed by its hex SHA-256 (`sessionKey`), so a copy
 *   of the table (a backup, a read-only leak) hands out no live session; the id itself lives only in
 *   the browser's signed cookie;
 * - only a session that carries a `userId` is ever written: `set` of any other session deletes its
 *   row instead, so anonymous visitors never get a row whatever the plugin decides to save;
 * - `expire` is the cookie's expiry (or now + the TTL when the cookie has none), kept in UTC in the
 *   `timestamp` column, and a row past it is never returned: expiry holds even before the pruner
 *   has deleted the row;
 * - `last_seen_at` is the idle timeout's clock (sessions.ts): set when the row is written, moved by
 *   `touchSession` only, and handed to the plugin as the session's `lastSeenAt` (never stored in
 *   `sess`);
 * - a row read is kept in the instance's AuthCache (auth-cache.ts) for at most AUTH_CACHE_MS; a
 *   write or a touch here updates or drops it, and a delete (sign-out, idle end, sign out
 *   everywhere) is announced to every instance (`authChanged`), which forgets that user's sessions.
 */
import { createHash } from 'node:crypto';
import type { Session } from 'fastify';
import type { SessionStore } from '@fastify/session';
import type { DataSource, EntityManager } from 'typeorm';
import { ServiceUnavailableError } from '../../errors';
import { authChanged, type AuthCache, type CachedSession } from './auth-cache';

type Callback = (error?: unknown) => void;
type GetCallback = (error: unknown, session?: Session | null) => void;

/** `timestamp` (no time zone) values are written and compared as UTC wall-clock time. */
const NOW_UTC = `(now() AT TIME ZONE 'UTC')`;

/** The row key of a session id: its hex SHA-256 (the id is 32 random bytes, so no salt is needed). */
export function sessionKey(sessionId: string): string {
  return createHash('sha256').update(sessionId).digest('hex');
}

function storeUnavailable(cause: unknown): ServiceUnavailableError {
  return Object.assign(new ServiceUnavailableError(), { cause });
}

export class PgSessionStore implements SessionStore {
  constructor(
    private readonly dataSource: DataSource,
    private readonly ttlMs: number,
    /** This instance's cache of session rows (none: every request reads its row). */
    private readonly cache?: AuthCache,
  ) {}

  get(sid: string, callback: GetCallback): void {
    const key = sessionKey(sid);
    const cached = this.cache?.getSession(key);
    if (cached) {
      callback(null, { ...cached.sess, lastSeenAt: cached.lastSeenAt } as unknown as Session);
      return;
    }
    const epoch = this.cache?.epoch ?? 0;
    this.dataSource
      .query(
        `SELECT sess, (extract(epoch FROM last_seen_at) * 1000)::float8 AS "lastSeenAt",
                (extract(epoch FROM expire) * 1000)::float8 AS "expireMs", user_id AS "userId"
         FROM sessions WHERE sid = $1 AND expire > ${NOW_UTC}`,
        [key],
      )
      .then(
        (rows: Array<CachedSession>) => {
          const row = rows[0];
          if (row) this.cache?.putSession(key, row, epoch);
          callback(null, row ? ({ ...row.sess, lastSeenAt: row.lastSeenAt } as unknown as Session) : null);
        },
        (error: unknown) => callback(storeUnavailable(error)),
      );
  }

  set(sid: string, session: Session, callback: Callback): void {
    if (!session.userId) {
      this.destroy(sid, callback);
      return;
    }
    const expires = session.cookie?.expires
      ? new Date(session.cookie.expires)
      : new Date(Date.now() + this.ttlMs);
    const { lastSeenAt: _clock, ...stored } = JSON.parse(JSON.stringify(session)) as Record<string, unknown>;
    this.cache?.dropSession(sessionKey(sid));
    this.dataSource
      .query(
        `INSERT INTO sessions (sid, sess, expire, user_id, last_seen_at)
         VALUES ($1, $2, to_timestamp($3::double precision / 1000) AT TIME ZONE 'UTC', $4, ${NOW_UTC})
         ON CONFLICT (sid) DO UPDATE SET sess = EXCLUDED.sess, expire = EXCLUDED.expire, user_id = EXCLUDED.user_id`,
        [sessionKey(sid), JSON.stringify(stored), expires.getTime(), session.userId],
      )
      .then(
        () => callback(),
        (error: unknown) => callback(storeUnavailable(error)),
      );
  }

  destroy(sid: string, callback: Callback): void {
    const key = sessionKey(sid);
    this.cache?.dropSession(key);
    this.dataSource.query(`DELETE FROM sessions WHERE sid = $1 RETURNING user_id AS "userId"`, [key]).then(
      ([rows]: [Array<{ userId: string | null }>, number]) => {
        // Every other instance forgets this user's cached sessions (it reads the others back).
        const userIds = (rows ?? []).flatMap((row) => (row.userId ? [row.userId] : []));
        if (userIds.length > 0) authChanged(this.dataSource.manager, userIds);
        callback();
      },
      (error: unknown) => callback(storeUnavailable(error)),
    );
  }
}

/**
 * Moves a session's idle clock to now. An UPDATE only: a session deleted meanwhile (signed out
 * everywhere) stays deleted.
 */
export async function touchSession(
  dataSource: DataSource,
  sessionId: string,
  cache?: AuthCache,
): Promise<void> {
  const key = sessionKey(sessionId);
  const at = Date.now();
  await dataSource.query(`UPDATE sessions SET last_seen_at = ${NOW_UTC} WHERE sid = $1`, [key]);
  cache?.touchSession(key, at);
}

/** Deletes every session of a user (sign out everywhere); returns how many. */
export async function deleteUserSessions(db: EntityManager, userId: string): Promise<number> {
  const [, count] = (await db.query(`DELETE FROM sessions WHERE user_id = $1`, [userId])) as [
    unknown,
    number,
  ];
  authChanged(db, [userId]);
  return count ?? 0;
}

/** Deletes expired sessions, and those idle for `idleMs` or more when given; returns how many. */
/** Whether the session `sessionId` still exists, has not expired and belongs to `userId`. */
export async function sessionStillOpen(
  db: EntityManager,
  sessionId: string,
  userId: string,
): Promise<boolean> {
  const [row]: { sess: unknown }[] = await db.query(
    `SELECT sess FROM sessions WHERE sid = $1 AND expire > ${NOW_UTC}`,
    [sessionKey(sessionId)],
  );
  const sess = typeof row?.sess === 'string' ? (JSON.parse(row.sess) as unknown) : row?.sess;
  return (sess as { userId?: unknown } | undefined)?.userId === userId;
}

export async function pruneExpiredSessions(dataSource: DataSource, idleMs?: number): Promise<number> {
  const [, count] = (await dataSource.query(
    `DELETE FROM sessions WHERE expire <= ${NOW_UTC}
       OR ($1::float8 IS NOT NULL AND last_seen_at <= ${NOW_UTC} - make_interval(secs => $1::float8 / 1000))`,
    [idleMs ?? null],
  )) as [unknown, number];
  return count ?? 0;
}
