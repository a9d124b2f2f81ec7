/**
 * Cookies and server-side sessions (docs/architecture.md §4 "Sessions").
 *
 * - @fastify/cookie first (also signs the short-lived login-state cookie), then @fastify/session
 *   with the PostgreSQL store, whose rows are keyed by the SHA-256 of the id (session-store.ts).
 * - The session cookie is HttpOnly, SameSite=Lax, Path=/ and has no Domain. When PUBLIC_URL is https
 *   it is `__Host-shop_sid` and always Secure (browsers then refuse it from any other origin or
 *   over http); otherwise `shop_sid`, Secure when the request came over https (`secure: 'auto'`,
 *   docs/stack.md gotcha 5).
 * - Two limits: the absolute one, SESSION_TTL_HOURS after sign-in (`rolling: false`, the cookie's
 *   expiry), and the idle one: a session unused for SESSION_IDLE_MINUTES_STAFF (a user with any
 *   permission) or SESSION_IDLE_MINUTES_SHOPPER (everyone else) ends, and that request goes on as
 *   anonymous. The last-seen time moves at most once a minute, so a signed-in request costs at most
 *   one small write a minute.
 * - `saveUninitialized: false` and the store's own rule (it writes only sessions with a user id)
 *   mean anonymous visitors never get a row.
 * - The session holds only `userId`; the user is loaded from the database, through the instance's
 *   AuthCache (auth-cache.ts: at most AUTH_CACHE_MS old, forgotten on every instance when a change
 *   is announced), as is the session's row.
 * - Expired and idle rows are ignored on read and deleted every PRUNE_INTERVAL_MS (unref'd timer).
 */
import { createHmac } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import cookie from '@fastify/cookie';
import session from '@fastify/session';
import type { DataSource } from 'typeorm';
import type { Env } from '../../env';
import type { AuthCache } from './auth-cache';
import { loadUserRow, type UserRow } from './request-user';
import { PgSessionStore, pruneExpiredSessions, touchSession } from './session-store';

declare module 'fastify' {
  interface Session {
    /** The signed-in user's id; the only thing a session holds. */
    userId?: string;
    /** When the session was last used (ms since the epoch): the store's `last_seen_at`, never saved in `sess`. */
    lastSeenAt?: number;
  }
}

/** The session cookie's name over plain http (development, the e2e run). */
export const SESSION_COOKIE = 'shop_sid';
/** Its name when the shop is served over https: the prefix pins it to this origin, Secure, Path=/. */
export const SECURE_SESSION_COOKIE = `__Host-${SESSION_COOKIE}`;
const PRUNE_INTERVAL_MS = 15 * 60 * 1000;
/** The idle clock moves at most this often (one write a minute for a busy session). */
export const TOUCH_INTERVAL_MS = 60 * 1000;

/** True when shoppers reach the shop over https (PUBLIC_URL). */
function servedOverHttps(env: Env): boolean {
  return env.PUBLIC_URL?.startsWith('https:') ?? false;
}

/** The session cookie's name for this configuration. */
export function sessionCookieName(env: Env): string {
  return servedOverHttps(env) ? SECURE_SESSION_COOKIE : SESSION_COOKIE;
}

/** Tells the browser to drop the session cookie (with Secure for `__Host-`, or the browser ignores it). */
export function clearSessionCookie(reply: FastifyReply, env: Env): void {
  reply.clearCookie(sessionCookieName(env), {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    ...(servedOverHttps(env) && { secure: true }),
  });
}

/**
 * Makes the rest of this request anonymous after its session's row was deleted (sign out
 * everywhere): a new empty session, so the plugin clears the browser's cookie and saves nothing.
 */
export async function endRequestSession(req: FastifyRequest): Promise<void> {
  if (req.session?.userId) await req.session.regenerate();
}

/** A key for one purpose, derived from SESSION_SECRET, so no two uses share a key. */
export function deriveSecret(env: Env, purpose: string): string {
  return createHmac('sha256', env.SESSION_SECRET).update(purpose).digest('base64url');
}

/** The idle limits in ms. */
export function idleLimits(env: Env): { staffMs: number; shopperMs: number } {
  return {
    staffMs: env.SESSION_IDLE_MINUTES_STAFF * 60 * 1000,
    shopperMs: env.SESSION_IDLE_MINUTES_SHOPPER * 60 * 1000,
  };
}

/** Staff are users with any permission (docs/product.md §6: customers hold none). */
async function isStaff(dataSource: DataSource, userId: string, cache?: AuthCache<UserRow>): Promise<boolean> {
  const row = await loadUserRow(dataSource, userId, cache);
  return (row?.permissions.length ?? 0) > 0;
}

export async function installSessions(
  app: FastifyInstance,
  { env, dataSource, authCache }: { env: Env; dataSource: DataSource; authCache?: AuthCache<UserRow> },
): Promise<void> {
  const ttlMs = env.SESSION_TTL_HOURS * 60 * 60 * 1000;
  const { staffMs, shopperMs } = idleLimits(env);
  const shorterIdleMs = Math.min(staffMs, shopperMs);
  const longerIdleMs = Math.max(staffMs, shopperMs);

  await app.register(cookie, { secret: deriveSecret(env, 'signed-cookies') });
  await app.register(session, {
    secret: deriveSecret(env, 'session-cookie'),
    cookieName: sessionCookieName(env),
    store: new PgSessionStore(dataSource, ttlMs, authCache),
    saveUninitialized: false,
    rolling: false,
    cookie: {
      path: '/',
      httpOnly: true,
      sameSite: 'lax',
      secure: servedOverHttps(env) ? true : 'auto',
      maxAge: ttlMs,
    },
  });

  /**
   * The idle timeout. Whether the user is staff is asked only when it matters (idle longer than the
   * shorter limit, shorter than the longer one), so an active session costs no extra query.
   */
  app.addHook('onRequest', async (req: FastifyRequest) => {
    const current = req.session;
    if (!current?.userId) return;
    const idleMs = Date.now() - (current.lastSeenAt ?? 0);
    const expired =
      idleMs >= longerIdleMs ||
      (idleMs >= shorterIdleMs &&
        idleMs >= ((await isStaff(dataSource, current.userId, authCache)) ? staffMs : shopperMs));
    if (expired) {
      // A new, empty session: the old row goes, the browser's cookie is cleared, the request is anonymous.
      req.log.info({ userId: current.userId }, 'session ended after being idle');
      await current.regenerate();
      return;
    }
    // A missed touch costs at most a minute of idle clock; it never fails the request.
    if (idleMs >= TOUCH_INTERVAL_MS) {
      await touchSession(dataSource, current.sessionId, authCache).catch((error: unknown) =>
        req.log.warn({ err: error }, 'could not move the session idle clock'),
      );
    }
  });

  const prune = () =>
    pruneExpiredSessions(dataSource, longerIdleMs).catch((error: unknown) =>
      app.log.warn({ err: error }, 'pruning sessions failed'),
    );
  const timer = setInterval(prune, PRUNE_INTERVAL_MS);
  timer.unref();
  app.addHook('onReady', async () => {
    await prune();
  });
  app.addHook('onClose', async () => clearInterval(timer));
}
