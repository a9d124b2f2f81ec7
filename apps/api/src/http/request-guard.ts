/**
 * Cross-site request rules for writes (docs/architecture.md §4), checked before anything else runs:
 * - a write (POST/PUT/PATCH/DELETE) that carries an `Origin` header must come from the shop's own
 *   origin, else 403 FORBIDDEN;
 * - a write must be JSON (a file upload: its own type, see FILE_UPLOADS): any other `Content-Type`,
 *   or a body without one, answers 415 UNSUPPORTED_MEDIA_TYPE. A write with no body and no content type (a DELETE) passes.
 * Together with SameSite=Lax session cookies this stops cross-site form posts and "simple"
 * cross-origin fetches, which can only send form or text bodies.
 *
 * Every write path is guarded (the documented /api and /trpc ones included) except the
 * development identity provider under /oidc/, whose own pages post forms.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Env } from '../env';
import { isShopOrigin } from './origin';

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const UNGUARDED_PREFIXES = ['/oidc/'];

function hasBody(req: FastifyRequest): boolean {
  const length = req.headers['content-length'];
  if (length !== undefined) return Number(length) > 0;
  return req.headers['transfer-encoding'] !== undefined;
}

function mediaType(contentType: string): string {
  return contentType.split(';', 1)[0]!.trim().toLowerCase();
}

/**
 * Writes whose body is a file, with its media type. Neither is a type a cross-site form or a
 * "simple" fetch can send, so the rule above still holds for them.
 */
const FILE_UPLOADS: Record<string, string> = { '/api/products/import': 'text/csv' };

export function installRequestGuard(app: FastifyInstance, { env }: { env: Env }): void {
  app.addHook('onRequest', async (req, reply) => {
    if (!WRITE_METHODS.has(req.method)) return;
    const path = req.url.split('?', 1)[0]!;
    if (UNGUARDED_PREFIXES.some((prefix) => path.startsWith(prefix))) return;

    const origin = req.headers.origin;
    if (origin !== undefined && !isShopOrigin(env, req, origin)) {
      return reply.code(403).send({ message: 'Cross-site requests are not allowed', code: 'FORBIDDEN' });
    }

    const expected = FILE_UPLOADS[path] ?? 'application/json';
    const contentType = req.headers['content-type'];
    if (contentType === undefined ? hasBody(req) : mediaType(contentType) !== expected) {
      return reply
        .code(415)
        .send({ message: `Content-Type must be ${expected}`, code: 'UNSUPPORTED_MEDIA_TYPE' });
    }
  });
}
