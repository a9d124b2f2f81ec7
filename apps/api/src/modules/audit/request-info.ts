/** The request facts the audit log keeps: the client's address and its user agent, cut short. */
import type { FastifyRequest } from 'fastify';
import type { RequestInfo } from '../../context';

/** The audit log keeps this much of a User-Agent header (the column's width). */
export const USER_AGENT_MAX = 256;

/**
 * `req.ip` honours TRUST_PROXY (app.ts), so behind a trusted proxy it is the client's address, not
 * the proxy's. Tolerates the bare request objects of service tests.
 */
export function requestInfoOf(req: Pick<FastifyRequest, 'ip' | 'headers'> | undefined): RequestInfo {
  const agent = req?.headers?.['user-agent'];
  return {
    ip: typeof req?.ip === 'string' && req.ip ? req.ip.slice(0, 64) : null,
    userAgent: typeof agent === 'string' && agent ? agent.slice(0, USER_AGENT_MAX) : null,
  };
}
