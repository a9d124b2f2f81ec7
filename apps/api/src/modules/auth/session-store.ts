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
 *   `sess`).
 */
import { createHash } from 'node:crypto';
import type { Session } from 'fastify';
import type { SessionStore } from '@fastify/session';
import type { DataSource } from 'typeorm';
import { ServiceUnavailableError } from '../../errors';
import type { Queryable } from '../audit/audit.service';

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
  ) {}

  get(sid: string, callback: GetCallback): void {
    this.dataSource
      .query(
        `SELECT sess, (extract(epoch FROM last_seen_at) * 1000)::float8 AS "lastSeenAt"
         FROM sessions WHERE sid = $1 AND expire > ${NOW_UTC}`,
        [sessionKey(sid)],
      )
      .then(
        (rows: Array<{ sess: Session; lastSeenAt: number }>) =>
          callback(null, rows[0] ? ({ ...rows[0].sess, lastSeenAt: rows[0].lastSeenAt } as Session) : null),
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
    this.dataSource.query(`DELETE FROM sessions WHERE sid = $1`, [sessionKey(sid)]).then(
      () => callback(),
      (error: unknown) => callback(storeUnavailable(error)),
    );
  }
}

/**
 * Moves a session's idle clock to now. An UPDATE only: a session deleted meanwhile (signed out
 * everywhere) stays deleted.
 */
export async function touchSession(dataSource: DataSource, sessionId: string): Promise<void> {
  await dataSource.query(`UPDATE sessions SET last_seen_at = ${NOW_UTC} WHERE sid = $1`, [
    sessionKey(sessionId),
  ]);
}

/** Deletes every session of a user (sign out everywhere); returns how many. */
export async function deleteUserSessions(db: Queryable, userId: string): Promise<number> {
  const [, count] = (await db.query(`DELETE FROM sessions WHERE user_id = $1`, [userId])) as [
    unknown,
    number,
  ];
  return count ?? 0;
}

/** Deletes expired sessions, and those idle for `idleMs` or more when given; returns how many. */
export async function pruneExpiredSessions(dataSource: DataSource, idleMs?: number): Promise<number> {
  const [, count] = (await dataSource.query(
    `DELETE FROM sessions WHERE expire <= ${NOW_UTC}
       OR ($1::float8 IS NOT NULL AND last_seen_at <= ${NOW_UTC} - make_interval(secs => $1::float8 / 1000))`,
    [idleMs ?? null],
  )) as [unknown, number];
  return count ?? 0;
}
