/**
 * Rate limits (@fastify/rate-limit) are opt-in per route: the plugin is registered with
 * `global: false` and a route names one of the configs below in `config.rateLimit`. The 429 answer
 * goes through the error handler, so it has the documented shape
 * `{ message, code: 'TOO_MANY_REQUESTS' }` plus the Retry-After / X-RateLimit-* headers.
 *
 * Counters live in this process's memory: behind N instances a client gets up to N× the limit,
 * which is acceptable for abuse throttling (nothing here is a security boundary on its own).
 * Clients are told apart by `req.ip`: behind a proxy or load balancer set TRUST_PROXY, or every
 * visitor shares the proxy's address and therefore one counter.
 *
 *   app.post('/api/x', { config: { rateLimit: configs.placeOrder } }, handler)   // one route
 *   const check = app.createRateLimit(configs.placeOrder);                        // in a hook,
 *   const { isAllowed } = await check(req);                                        // e.g. for /trpc
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import rateLimit, { type RateLimitOptions } from '@fastify/rate-limit';
import type { Env } from '../env';

/** Signed-in callers are counted per user (many shoppers may share one office IP), others per IP. */
function userOrIp(req: FastifyRequest): string {
  const userId = req.session?.userId;
  return userId ? `user:${userId}` : `ip:${req.ip}`;
}

export interface RateLimitConfigs {
  /** GET /api/login and GET /api/callback, per IP (each route counts separately). */
  signIn: RateLimitOptions;
  /** Placing an order (POST /api/orders, orders.place): per user, per IP when signed out. */
  placeOrder: RateLimitOptions;
}

export function rateLimitConfigs(env: Env): RateLimitConfigs {
  return {
    signIn: { max: env.LOGIN_RATE_LIMIT_PER_MINUTE, timeWindow: '1 minute' },
    placeOrder: { max: 10, timeWindow: '1 minute', keyGenerator: userOrIp },
  };
}

/** Registers the plugin (no route is limited until it asks) and returns the shared configs. */
export async function installRateLimits(app: FastifyInstance, env: Env): Promise<RateLimitConfigs> {
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: (_req, context) =>
      Object.assign(new Error(`Too many requests. Please try again in ${context.after}.`), {
        statusCode: context.statusCode,
      }),
  });
  return rateLimitConfigs(env);
}
