/**
 * Cookies and server-side sessions (docs/architecture.md §4 "Sessions").
 *
 * - @fastify/cookie first (also signs the short-lived login-state cookie), then @fastify/session
 *   with the PostgreSQL store.
 * - The session cookie is HttpOnly, SameSite=Lax, Secure when the request came over https
 *   (`secure: 'auto'`, docs/stack.md gotcha 5), and expires SESSION_TTL_HOURS after sign-in: the expiry
 *   is absolute (`rolling: false`), so a signed-in request costs no write.
 * - `saveUninitialized: false` and the store's own rule (it writes only sessions with a user id)
 *   mean anonymous visitors never get a row.
 * - The session holds only `userId`; the user is loaded from the database on every request.
 * - Expired rows are ignored on read and deleted every PRUNE_INTERVAL_MS (unref'd timer).
 */
import { createHmac } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import cookie from '@fastify/cookie';
import session from '@fastify/session';
import type { DataSource } from 'typeorm';
import type { Env } from '../../env';
import { PgSessionStore, pruneExpiredSessions } from './session-store';

declare module 'fastify' {
  interface Session {
    /** The signed-in user's id; the only thing a session holds. */
    userId?: string;
  }
}

export const SESSION_COOKIE = 'shop_sid';
const PRUNE_INTERVAL_MS = 15 * 60 * 1000;

/** A key for one purpose, derived from SESSION_SECRET, so no two uses share a key. */
export function deriveSecret(env: Env, purpose: string): string {
  return createHmac('sha256', env.SESSION_SECRET).update(purpose).digest('base64url');
}

export async function installSessions(
  app: FastifyInstance,
  { env, dataSource }: { env: Env; dataSource: DataSource },
): Promise<void> {
  const ttlMs = env.SESSION_TTL_HOURS * 60 * 60 * 1000;

  await app.register(cookie, { secret: deriveSecret(env, 'signed-cookies') });
  await app.register(session, {
    secret: deriveSecret(env, 'session-cookie'),
    cookieName: SESSION_COOKIE,
    store: new PgSessionStore(dataSource, ttlMs),
    saveUninitialized: false,
    rolling: false,
    cookie: { path: '/', httpOnly: true, sameSite: 'lax', secure: 'auto', maxAge: ttlMs },
  });

  const prune = () =>
    pruneExpiredSessions(dataSource).catch((error: unknown) =>
      app.log.warn({ err: error }, 'pruning sessions failed'),
    );
  const timer = setInterval(prune, PRUNE_INTERVAL_MS);
  timer.unref();
  app.addHook('onReady', async () => {
    await prune();
  });
  app.addHook('onClose', async () => clearInterval(timer));
}
