/**
 * Every failed HTTP answer goes through here, in the documented format
 * `{ message, code, issues? }` — or, for a /trpc call that fails before tRPC runs (a session store
 * that cannot be read, say), in tRPC's own error envelope, so the typed client reads the status
 * and message. 5xx are logged with their stack; the caller never sees it. A 503 says when to retry.
 */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { TRPC_ERROR_CODES_BY_KEY } from '@trpc/server/rpc';
import type { ErrorBody, ErrorCode } from '@shop/schema';
import { HTTP_STATUS, ServiceUnavailableError, toPublicError, type PublicError } from '../errors';
import { trpcProcedures } from './private-answers';

const STATUS_CODES: Partial<Record<number, ErrorCode>> = {
  400: 'BAD_REQUEST',
  401: 'UNAUTHORIZED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  422: 'UNPROCESSABLE_CONTENT',
  428: 'PRECONDITION_REQUIRED',
  429: 'TOO_MANY_REQUESTS',
  503: 'SERVICE_UNAVAILABLE',
};

export function errorBody(error: PublicError): ErrorBody & { details?: Record<string, unknown> } {
  return {
    message: error.message,
    code: error.code,
    ...(error.issues?.length ? { issues: error.issues } : {}),
    ...(error.details ? { details: error.details } : {}),
  };
}

/** Seconds a caller should wait after a 503 before trying again. */
export function retryAfterSeconds(error: unknown): number {
  return error instanceof ServiceUnavailableError ? error.retryAfterSeconds : 1;
}

export function sendError(reply: FastifyReply, error: unknown): FastifyReply {
  const publicError = toPublicError(error);
  const status = HTTP_STATUS[publicError.code];
  if (status >= 500 && status !== 503) reply.log.error({ err: error }, 'request failed');
  if (status === 503) {
    reply.log.warn({ err: error }, 'service unavailable');
    reply.header('retry-after', String(retryAfterSeconds(error)));
  }
  const procedures = trpcProcedures(reply.request.url);
  return reply
    .code(status)
    .send(procedures ? trpcErrorBody(reply.request, procedures, publicError) : errorBody(publicError));
}

/** tRPC's error envelope (one per call of a batch), as its client expects it. */
function trpcErrorBody(req: FastifyRequest, procedures: string[], error: PublicError): unknown {
  const envelope = {
    error: {
      message: error.message,
      code: TRPC_ERROR_CODES_BY_KEY[error.code],
      data: { code: error.code, httpStatus: HTTP_STATUS[error.code] },
    },
  };
  const batched = new URL(req.url, 'http://x').searchParams.get('batch') === '1';
  return batched ? procedures.map(() => envelope) : envelope;
}

/** Errors Fastify itself raises (bad JSON, body too large, wrong content type, rate limits…). */
export function installErrorHandlers(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, _req, reply) => {
    const status = error.statusCode ?? 500;
    const code = STATUS_CODES[status];
    if (status < 500 && code) {
      const message =
        error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE'
          ? 'Content-Type must be application/json'
          : error.message;
      return reply.code(status).send({ message, code });
    }
    return sendError(reply, error);
  });
}
