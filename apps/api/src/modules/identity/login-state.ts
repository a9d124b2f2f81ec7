/**
 * The pending sign-in (state, nonce, PKCE code_verifier, where to land afterwards) between
 * /api/login and /api/callback. It lives in a short-lived, signed, HttpOnly cookie scoped to
 * /api/callback, not in the session: a visitor who starts signing in and walks away leaves no
 * `sessions` row behind, and nothing about it is kept in server memory. The cookie is read once:
 * the callback clears it whatever the outcome.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';

export const LOGIN_STATE_COOKIE = 'shop_login';
const CALLBACK_PATH = '/api/callback';
/** Time allowed to finish signing in at the provider. */
const LOGIN_STATE_TTL_SECONDS = 10 * 60;

const LoginState = z.object({
  state: z.string().min(1),
  nonce: z.string().min(1),
  codeVerifier: z.string().min(43),
  returnTo: z.string(),
  /** Epoch ms; the cookie's own expiry is only a hint to the browser. */
  expiresAt: z.number(),
});
export type LoginState = z.infer<typeof LoginState>;

export function saveLoginState(reply: FastifyReply, state: Omit<LoginState, 'expiresAt'>): void {
  const value: LoginState = { ...state, expiresAt: Date.now() + LOGIN_STATE_TTL_SECONDS * 1000 };
  reply.setCookie(LOGIN_STATE_COOKIE, Buffer.from(JSON.stringify(value)).toString('base64url'), {
    path: CALLBACK_PATH,
    httpOnly: true,
    sameSite: 'lax',
    secure: 'auto',
    signed: true,
    maxAge: LOGIN_STATE_TTL_SECONDS,
  });
}

/** Reads and clears the pending sign-in; null when it is missing, forged or expired. */
export function takeLoginState(req: FastifyRequest, reply: FastifyReply): LoginState | null {
  const raw = req.cookies[LOGIN_STATE_COOKIE];
  if (raw === undefined) return null;
  reply.clearCookie(LOGIN_STATE_COOKIE, {
    path: CALLBACK_PATH,
    httpOnly: true,
    sameSite: 'lax',
    secure: 'auto',
  });
  const unsigned = req.unsignCookie(raw);
  if (!unsigned.valid || unsigned.value === null) return null;
  try {
    const parsed = LoginState.safeParse(
      JSON.parse(Buffer.from(unsigned.value, 'base64url').toString('utf8')),
    );
    return parsed.success && parsed.data.expiresAt > Date.now() ? parsed.data : null;
  } catch {
    return null;
  }
}

const DEFAULT_RETURN_TO = '/';
/** Paths that must not be a landing page (they would loop or sign the visitor out again). */
const NO_LANDING_PREFIXES = ['/api/', '/oidc/', '/trpc/'];

/**
 * Where to land after signing in: only a same-origin relative path (`/orders?tab=1#x`). Anything
 * else — absolute URLs, protocol-relative `//evil.com`, `/\evil.com` (browsers read `\` as `/`),
 * control characters — gives `/`, so /api/login can never become an open redirect.
 */
export function safeReturnTo(value: unknown): string {
  if (typeof value !== 'string' || value.length === 0 || value.length > 2000) return DEFAULT_RETURN_TO;
  const hasControlCharacter = [...value].some(
    (char) => char.charCodeAt(0) < 0x20 || char.charCodeAt(0) === 0x7f,
  );
  if (!value.startsWith('/') || value.startsWith('//') || value.includes('\\') || hasControlCharacter) {
    return DEFAULT_RETURN_TO;
  }
  let url: URL;
  try {
    url = new URL(value, 'http://shop.invalid');
  } catch {
    return DEFAULT_RETURN_TO;
  }
  if (url.origin !== 'http://shop.invalid') return DEFAULT_RETURN_TO;
  const path = `${url.pathname}${url.search}${url.hash}`;
  // Dot segments can collapse into a protocol-relative path: '/.//evil.com' → '//evil.com'.
  if (path.startsWith('//')) return DEFAULT_RETURN_TO;
  if (NO_LANDING_PREFIXES.some((prefix) => `${url.pathname}/`.startsWith(prefix))) return DEFAULT_RETURN_TO;
  return path;
}
