/**
 * Rate limits (@fastify/rate-limit). The plugin is registered with `global: false`; what is limited:
 * - sign-in (`/api/login`, `/api/callback`): a route config, per client IP;
 * - placing an order: a per-call check (`RateLimits.placeOrder`) that the `orders.create` procedure
 *   runs for every call — alone, inside a tRPC batch, or through the REST adapter — so a batch of
 *   20 orders counts 20 (apps/api/src/modules/orders/orders.rate-limit.ts);
 * - searching the catalogue while signed out: per IP, each search call counted, batch or not
 *   (apps/api/src/modules/catalogue/products.rate-limit.ts).
 * Every limit is set by configuration (env.ts); 0 turns it off for a trusted deployment.
 *
 * A 429 goes through the error handler, so it has the documented shape
 * `{ message, code: 'TOO_MANY_REQUESTS' }` plus Retry-After and X-RateLimit-* headers.
 *
 * Counters: with REDIS_URL set they live in Redis, so the limits hold for the whole shop however
 * many api instances serve it; without it each process counts alone (behind N instances a client
 * gets up to N× the limit). Redis failing in any way (down, refusing, frozen) holds no request:
 * each call to it has a deadline of REDIS_TIMEOUT_MS, and the first failure opens a breaker for
 * REDIS_BREAKER_SECONDS during which the counters live in this process (the limits then hold per
 * instance), after which one call tries Redis again (resilient-rate-store.ts). Clients are told apart by `req.ip`:
 * behind a proxy or load balancer set TRUST_PROXY, or every visitor shares the proxy's address and
 * therefore one counter.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import rateLimit, { type RateLimitOptions } from '@fastify/rate-limit';
import { Redis } from 'ioredis';
import type { Env } from '../env';
import type { CallLimiter } from '../context';
import { RedisBreaker, resilientRedisStore } from './resilient-rate-store';

/**
 * Who a counter belongs to: an API token (a script has its own counter and its own limit), else
 * the signed-in user (many shoppers may share one office IP), else the client IP.
 */
export function callerKey(req: FastifyRequest): string {
  if (req.apiTokenId) return `token:${req.apiTokenId}`;
  const userId = req.session?.userId;
  return userId ? `user:${userId}` : `ip:${req.ip}`;
}

export interface RateLimits {
  /** Route config for GET /api/login and GET /api/callback (each counts separately), per IP. */
  signIn: RateLimitOptions | false;
  /** One order placed: per API token, per user, per IP when signed out. */
  placeOrder: CallLimiter;
  /** One catalogue search by a visitor who is not signed in: per IP. */
  anonymousSearch: CallLimiter;
}

const MINUTE = '1 minute';

/** Registers the plugin (no route is limited until it asks) and builds the limits from the configuration. */
export async function installRateLimits(app: FastifyInstance, env: Env): Promise<RateLimits> {
  const redis = env.REDIS_URL
    ? new Redis(env.REDIS_URL, {
        // A request never waits for Redis to come back: it fails fast and counts in this process.
        enableOfflineQueue: false,
        maxRetriesPerRequest: 1,
        connectTimeout: env.REDIS_TIMEOUT_MS,
        // A frozen Redis keeps its connection open and never answers: without this a command
        // waited for ever (the audit: 30 of 30 orders past 15 s).
        commandTimeout: env.REDIS_TIMEOUT_MS,
      })
    : null;
  let breaker: RedisBreaker | null = null;
  if (redis) {
    redis.on('error', (error) => app.log.warn({ err: error }, 'rate limits: Redis unavailable'));
    app.addHook('onClose', async () => {
      await redis.quit().catch(() => redis.disconnect());
    });
    breaker = new RedisBreaker(env.REDIS_BREAKER_SECONDS * 1000, app.log);
  }
  await app.register(rateLimit, {
    global: false,
    // With Redis: the counters there, behind a deadline and a breaker, counted in this process
    // while Redis does not answer (resilient-rate-store.ts).
    ...(redis &&
      breaker && {
        store: resilientRedisStore(redis, {
          nameSpace: 'shop-rate-limit:',
          timeoutMs: env.REDIS_TIMEOUT_MS,
          breaker,
        }),
        skipOnError: true,
      }),
    errorResponseBuilder: (_req, context) =>
      Object.assign(new Error(`Too many requests. Please try again in ${context.after}.`), {
        statusCode: context.statusCode,
      }),
  });

  // The plugin's in-memory store answers an increment with its live counter object, so checks that
  // overlap (the calls of one tRPC batch run at once) all read the final count and all refuse.
  // One check at a time (each takes microseconds) gives each call its own count.
  // With Redis the store answers copies and a check never waits behind another's Redis call.
  let queue: Promise<unknown> = Promise.resolve();
  const oneAtATime = <T>(check: () => Promise<T>): Promise<T> => {
    if (redis) return check();
    const result = queue.then(check);
    queue = result.catch(() => undefined);
    return result;
  };

  /** A per-call limiter keyed by `key`, allowing `max(req)` calls a minute (0 = that caller is not limited). */
  const callLimiter = (
    key: (req: FastifyRequest) => string,
    max: (req: FastifyRequest) => number,
  ): NonNullable<CallLimiter> => {
    const check = app.createRateLimit({ timeWindow: MINUTE, keyGenerator: key, max });
    return async (req) => {
      if (max(req) === 0) return { allowed: true, retryAfterSeconds: 0 };
      const result = await oneAtATime(() => check(req));
      if (result.isAllowed) return { allowed: true, retryAfterSeconds: 0 };
      return { allowed: !result.isExceeded, retryAfterSeconds: result.ttlInSeconds };
    };
  };

  const perUser = env.ORDER_RATE_LIMIT_PER_MINUTE;
  const perToken = env.API_TOKEN_ORDER_RATE_LIMIT_PER_MINUTE;
  const perSearchingIp = env.SEARCH_RATE_LIMIT_PER_MINUTE;

  return {
    signIn:
      env.LOGIN_RATE_LIMIT_PER_MINUTE > 0
        ? { max: env.LOGIN_RATE_LIMIT_PER_MINUTE, timeWindow: MINUTE }
        : false,
    placeOrder:
      perUser === 0 && perToken === 0
        ? null
        : // A token's calls have their own counter (the key) and their own maximum.
          callLimiter(callerKey, (req) => (req.apiTokenId ? perToken : perUser)),
    anonymousSearch:
      perSearchingIp === 0
        ? null
        : callLimiter(
            (req) => `search:${req.ip}`,
            () => perSearchingIp,
          ),
  };
}
