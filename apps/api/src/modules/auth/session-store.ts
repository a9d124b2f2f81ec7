/**
 * @fastify/session's store on the spec's `sessions` table (sid, sess json, expire), so every api
 * instance sees the same sessions (docs/architecture.md §4 "Scale").
 *
 * Invariants:
 * - only a session that carries a `userId` is ever written: `set` of any other session deletes its
 *   row instead, so anonymous visitors never get a row whatever the plugin decides to save;
 * - `expire` is the cookie's expiry (or now + the TTL when the cookie has none), kept in UTC in the
 *   `timestamp` column, and a row past it is never returned: expiry holds even before the pruner
 *   has deleted the row.
 */
import type { Session } from 'fastify';
import type { SessionStore } from '@fastify/session';
import type { DataSource } from 'typeorm';
import { ServiceUnavailableError } from '../../errors';

type Callback = (error?: unknown) => void;
type GetCallback = (error: unknown, session?: Session | null) => void;

/** `timestamp` (no time zone) values are written and compared as UTC wall-clock time. */
const NOW_UTC = `(now() AT TIME ZONE 'UTC')`;

function storeUnavailable(cause: unknown): ServiceUnavailableError {
  return Object.assign(new ServiceUnavailableError(), { cause });
}

export class PgSessionStore implements SessionStore {
  constructor(
    private readonly dataSource: DataSource,
    private readonly ttlMs: number,
  ) {}

  get(sid: string, callback: GetCallback): void {
    this.dataSource.query(`SELECT sess FROM sessions WHERE sid = $1 AND expire > ${NOW_UTC}`, [sid]).then(
      (rows: Array<{ sess: Session }>) => callback(null, rows[0]?.sess ?? null),
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
    this.dataSource
      .query(
        `INSERT INTO sessions (sid, sess, expire)
         VALUES ($1, $2, to_timestamp($3::double precision / 1000) AT TIME ZONE 'UTC')
         ON CONFLICT (sid) DO UPDATE SET sess = EXCLUDED.sess, expire = EXCLUDED.expire`,
        [sid, JSON.stringify(session), expires.getTime()],
      )
      .then(
        () => callback(),
        (error: unknown) => callback(storeUnavailable(error)),
      );
  }

  destroy(sid: string, callback: Callback): void {
    this.dataSource.query(`DELETE FROM sessions WHERE sid = $1`, [sid]).then(
      () => callback(),
      (error: unknown) => callback(storeUnavailable(error)),
    );
  }
}

/** Deletes expired sessions; returns how many. */
export async function pruneExpiredSessions(dataSource: DataSource): Promise<number> {
  const [, count] = (await dataSource.query(`DELETE FROM sessions WHERE expire <= ${NOW_UTC}`)) as [
    unknown,
    number,
  ];
  return count ?? 0;
}
