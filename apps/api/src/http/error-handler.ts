/**
 * Every failed HTTP answer goes through here, in the documented format
 * `{ message, code, issues? }`. 5xx are logged with their stack; the caller never sees it.
 */
import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import type { ErrorBody, ErrorCode } from '@shop/schema';
import { HTTP_STATUS, toPublicError, type PublicError } from '../errors';

const STATUS_CODES: Partial<Record<number, ErrorCode>> = {
  400: 'BAD_REQUEST',
  401: 'UNAUTHORIZED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  422: 'UNPROCESSABLE_CONTENT',
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

export function sendError(reply: FastifyReply, error: unknown): FastifyReply {
  const publicError = toPublicError(error);
  const status = HTTP_STATUS[publicError.code];
  if (status >= 500 && status !== 503) reply.log.error({ err: error }, 'request failed');
  return reply.code(status).send(errorBody(publicError));
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
