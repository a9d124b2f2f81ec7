/**
 * The api's log: structured JSON (one object a line) for production and for anything that reads the
 * log (tests, the load test, a collector); human-readable lines through pino-pretty for a person at
 * a terminal outside production. LOG_FORMAT overrides the choice.
 */
import type { FastifyServerOptions } from 'fastify';
import type { Env } from './env';

export function prettyLogs(env: Pick<Env, 'NODE_ENV' | 'LOG_FORMAT'>): boolean {
  if (env.LOG_FORMAT) return env.LOG_FORMAT === 'pretty';
  return env.NODE_ENV !== 'production' && Boolean(process.stdout.isTTY);
}

export function loggerOptions(env: Env): FastifyServerOptions['logger'] {
  if (env.LOG_LEVEL === 'silent') return false;
  if (!prettyLogs(env)) return { level: env.LOG_LEVEL };
  return {
    level: env.LOG_LEVEL,
    transport: {
      target: 'pino-pretty',
      options: { translateTime: 'HH:MM:ss', ignore: 'pid,hostname,reqId', singleLine: true },
    },
  };
}
