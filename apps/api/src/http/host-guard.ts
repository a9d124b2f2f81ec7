/**
 * Without PUBLIC_URL (development, `pnpm start` with no configuration) the shop answers only the
 * names it is reached by on this machine: `localhost`, `127.0.0.1`, `[::1]`, and HOST when that is a
 * name or an address of its own (not `0.0.0.0` or `::`). Any other `Host` is refused with 403 before
 * anything else runs, so DNS rebinding (a page on attacker.example whose name is made to resolve to
 * 127.0.0.1) cannot read the shop or drive the one-click admin sign-in with the visitor's browser
 * (issue 32). A `Host` that is not a host at all answers 400. With PUBLIC_URL set (production) this
 * guard is off: the deployment's proxy decides the names.
 */
import type { FastifyInstance } from 'fastify';
import type { Env } from '../env';
import { requestOrigin } from './origin';

const LOCAL_NAMES = ['localhost', '127.0.0.1', '[::1]'];
const WILDCARDS = new Set(['0.0.0.0', '::', '[::]', '']);

export const HOST_GUARD_MESSAGE =
  'This development server answers only to localhost, 127.0.0.1 and [::1] (or HOST): set PUBLIC_URL ' +
  'to serve it under another name';

/** The host names (no port) a development shop answers to. */
export function localHostNames(env: Pick<Env, 'HOST'>): Set<string> {
  const names = new Set(LOCAL_NAMES);
  const host = env.HOST.trim().toLowerCase();
  if (!WILDCARDS.has(host)) names.add(host.includes(':') && !host.startsWith('[') ? `[${host}]` : host);
  return names;
}

export function installHostGuard(app: FastifyInstance, { env }: { env: Env }): void {
  if (env.PUBLIC_URL) return;
  const allowed = localHostNames(env);
  app.addHook('onRequest', async (req, reply) => {
    const origin = requestOrigin(req);
    if (origin === null) {
      return reply.code(400).send({ message: 'Invalid Host header', code: 'BAD_REQUEST' });
    }
    if (!allowed.has(new URL(origin).hostname)) {
      return reply.code(403).send({ message: HOST_GUARD_MESSAGE, code: 'FORBIDDEN' });
    }
  });
}
