import type { FastifyReply, FastifyRequest } from 'fastify';
import type { DataSource } from 'typeorm';
import type { RequestContext, UserResolver } from './context';
import type { LiveEventBus } from './modules/live-events/live-event-bus';
import { requestInfoOf } from './modules/audit/request-info';

/** What every request's context is made from; built once by buildApp. */
export interface RequestDependencies {
  dataSource: DataSource;
  resolveUser: UserResolver;
  liveEvents?: LiveEventBus;
  liveStreams?: RequestContext['liveStreams'];
  rateLimits?: RequestContext['rateLimits'];
  /** The mailer and origin of email-change links, per request (PUBLIC_URL's origin or the request's). */
  emailChangeMail?: (req: FastifyRequest) => RequestContext['emailChangeMail'];
}

/** One request's context: the database, the caller (resolved from the session) and a logger. */
export async function createRequestContext(
  req: FastifyRequest,
  res: FastifyReply,
  deps: RequestDependencies,
): Promise<RequestContext> {
  return {
    dataSource: deps.dataSource,
    db: deps.dataSource.manager,
    user: await deps.resolveUser(req, deps.dataSource),
    log: req.log,
    requestInfo: requestInfoOf(req),
    req,
    res,
    liveEvents: deps.liveEvents,
    liveStreams: deps.liveStreams,
    rateLimits: deps.rateLimits,
    emailChangeMail: deps.emailChangeMail?.(req),
  };
}
