/**
 * The api's log: structured JSON (one object a line) for production and for anything that reads the
 * log (tests, the load test, a collector); human-readable lines through pino-pretty for a person at
 * a terminal outside production. LOG_FORMAT overrides the choice.
 *
 * The log never holds a secret or what a visitor typed (issue 17, item 10):
 * - a request is logged as its method, its path and its query with every value blanked except a
 *   few harmless paging ones: the sign-in callback's `code` and `state`, the provider's `nonce`,
 *   searches (`search`, `q`, a tRPC call's `input`) and `returnTo` become '[redacted]';
 * - no header is logged (so no cookie, no `Authorization`), and should an object carrying headers be
 *   logged anyway, its cookies and authorization are blanked;
 * - a database error is logged without its query's parameters (the values a caller sent).
 */
import type { FastifyRequest, FastifyServerOptions } from 'fastify';
import type { Env } from './env';

export const REDACTED = '[redacted]';

/** Query parameters whose values the log keeps: paging and ids, nothing a visitor types or a secret. */
const LOGGED_QUERY_PARAMETERS = new Set([
  'batch',
  'limit',
  'offset',
  'cursor',
  'page',
  'pageSize',
  'categoryId',
  'status',
]);

function decoded(text: string): string {
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '));
  } catch {
    return text;
  }
}

/** The URL as the log shows it: `/api/callback?code=[redacted]&state=[redacted]`. */
export function redactUrl(url: string): string {
  const queryAt = url.indexOf('?');
  if (queryAt < 0) return url;
  const query = url
    .slice(queryAt + 1)
    .split('#', 1)[0]!
    .split('&')
    .map((pair) => {
      const equals = pair.indexOf('=');
      if (equals < 0) return pair;
      const name = pair.slice(0, equals);
      return LOGGED_QUERY_PARAMETERS.has(decoded(name)) ? pair : `${name}=${REDACTED}`;
    })
    .join('&');
  return `${url.slice(0, queryAt)}?${query}`;
}

/** Fastify's request serializer, with the URL redacted; no headers, as before. */
function serializeRequest(req: FastifyRequest) {
  return {
    method: req.method,
    url: redactUrl(req.url),
    host: req.host,
    remoteAddress: req.ip,
    remotePort: req.socket?.remotePort,
  };
}

/** Blanked wherever they appear in a logged object (pino `redact`). */
const REDACT_PATHS = [
  'headers.cookie',
  'headers.authorization',
  'headers["set-cookie"]',
  '*.headers.cookie',
  '*.headers.authorization',
  '*.headers["set-cookie"]',
  // TypeORM's QueryFailedError carries the statement's parameters: a search, an email, a hash.
  'err.parameters',
  'err.driverError.parameters',
  'err.cause.parameters',
];

export function prettyLogs(env: Pick<Env, 'NODE_ENV' | 'LOG_FORMAT'>): boolean {
  if (env.LOG_FORMAT) return env.LOG_FORMAT === 'pretty';
  return env.NODE_ENV !== 'production' && Boolean(process.stdout.isTTY);
}

/** Where log lines go instead of standard output (a test reading the log): one JSON object a line. */
export interface LogDestination {
  write(line: string): void;
}

export function loggerOptions(env: Env, destination?: LogDestination): FastifyServerOptions['logger'] {
  if (env.LOG_LEVEL === 'silent') return false;
  const common = {
    level: env.LOG_LEVEL,
    serializers: { req: serializeRequest },
    redact: { paths: REDACT_PATHS, censor: REDACTED },
  };
  if (destination) return { ...common, stream: destination };
  if (!prettyLogs(env)) return common;
  return {
    ...common,
    transport: {
      target: 'pino-pretty',
      options: { translateTime: 'HH:MM:ss', ignore: 'pid,hostname,reqId', singleLine: true },
    },
  };
}
