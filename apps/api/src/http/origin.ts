/**
 * Which origin a request belongs to. `PUBLIC_URL` fixes the shop's origin when it is set; otherwise
 * the origin is the one the visitor used (scheme + Host), so `localhost`, `127.0.0.1` and a test
 * server on port 0 all work without configuration. Behind a TLS-terminating proxy set PUBLIC_URL
 * (or TRUST_PROXY, so Fastify reads X-Forwarded-Proto/-Host).
 */
import type { FastifyRequest } from 'fastify';
import type { Env } from '../env';

const HOST_PATTERN = /^(?:[a-z0-9.-]+|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;

/** `http://127.0.0.1:4321` for the request as it arrived; null when its Host header is unusable. */
export function requestOrigin(req: FastifyRequest): string | null {
  const host = req.host;
  if (!host || !HOST_PATTERN.test(host)) return null;
  try {
    return new URL(`${req.protocol}://${host}`).origin;
  } catch {
    return null;
  }
}

/** The shop's own origin for this request: PUBLIC_URL's when set, else the request's. */
export function shopOrigin(env: Env, req: FastifyRequest): string | null {
  return env.PUBLIC_URL ? new URL(env.PUBLIC_URL).origin : requestOrigin(req);
}

/**
 * Whether an `Origin` header names the shop itself: PUBLIC_URL's origin, or the host the request
 * was sent to. The scheme is not compared for the latter (a proxy may terminate TLS without
 * telling us), the host and port are.
 */
export function isShopOrigin(env: Env, req: FastifyRequest, origin: string): boolean {
  let parsed: URL;
  try {
    parsed = new URL(origin);
  } catch {
    return false; // includes the opaque origin 'null'
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return false;
  if (env.PUBLIC_URL && parsed.origin === new URL(env.PUBLIC_URL).origin) return true;
  const host = req.host;
  if (!host || !HOST_PATTERN.test(host)) return false;
  try {
    return new URL(`${parsed.protocol}//${host}`).host === parsed.host;
  } catch {
    return false;
  }
}
