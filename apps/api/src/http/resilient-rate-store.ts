/**
 * The rate-limit store used with REDIS_URL (issue 32: Redis can fail any way without holding anyone).
 * A store of @fastify/rate-limit (its `store` option) that asks Redis through a breaker:
 *
 * - every Redis call has a deadline (`timeoutMs`, a few hundred ms; the client's own command and
 *   connect timeouts are the same), so a frozen Redis (SIGSTOP, a stalled network) costs a call at
 *   most that long, never the minutes of a TCP timeout;
 * - the first failure (an error, or the deadline) opens the breaker for `openMs`: meanwhile no call
 *   asks Redis at all, and each counts in this process instead (the fallback limit: the limits hold
 *   per instance, as without REDIS_URL); then one call probes Redis, and its answer closes the
 *   breaker (counting moves back to Redis) or opens it again;
 * - nothing waits in a queue behind a Redis call: the local counter answers a copy of its count,
 *   so concurrent checks need no serialising (rate-limits.ts keeps its queue for the plugin's own
 *   in-memory store only).
 */
import { createRequire } from 'node:module';
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';

interface Counted {
  current: number;
  ttl: number;
}
type Callback = (error: Error | null, result?: Counted) => void;

/** The store contract of @fastify/rate-limit 11 (its store/RedisStore.js, LocalStore.js). */
interface PluginStore {
  incr(key: string, callback: Callback, timeWindow: number, max: number): void;
  read(key: string, callback: Callback, timeWindow: number, max: number): void;
  /** The plugin passes its merged route options (typed as Fastify's RouteOptions by its types). */
  child(routeOptions: object): PluginStore;
}
interface StoreParams {
  continueExceeding?: boolean;
  exponentialBackoff?: boolean;
  routeInfo?: { method?: string; url?: string };
}

// The plugin's own Redis store (its Lua script and key layout), used as it is behind the breaker.
const RedisStore = createRequire(import.meta.url)('@fastify/rate-limit/store/RedisStore.js') as new (
  continueExceeding: boolean,
  exponentialBackoff: boolean,
  redis: Redis,
  key?: string,
) => PluginStore;

/** Fixed-window counters in this process, bounded (oldest key out first). Answers copies. */
export class LocalCounters {
  private readonly entries = new Map<string, { count: number; resetAt: number }>();
  constructor(private readonly maxKeys = 20_000) {}

  incr(key: string, windowMs: number): Counted {
    const now = Date.now();
    let entry = this.entries.get(key);
    if (!entry || entry.resetAt <= now) entry = { count: 0, resetAt: now + windowMs };
    entry.count++;
    this.entries.delete(key);
    this.entries.set(key, entry);
    if (this.entries.size > this.maxKeys) this.entries.delete(this.entries.keys().next().value!);
    return { current: entry.count, ttl: entry.resetAt - now };
  }

  read(key: string): Counted {
    const now = Date.now();
    const entry = this.entries.get(key);
    return !entry || entry.resetAt <= now
      ? { current: 0, ttl: 0 }
      : { current: entry.count, ttl: entry.resetAt - now };
  }
}

/**
 * Closed: ask Redis. Open: do not, until `openMs` has passed; then one call probes (the others
 * keep counting locally) and its outcome closes or reopens the breaker.
 */
export class RedisBreaker {
  private state: 'closed' | 'open' | 'probing' = 'closed';
  private openUntil = 0;

  constructor(
    private readonly openMs: number,
    private readonly log: Pick<FastifyBaseLogger, 'warn' | 'info'>,
  ) {}

  get isOpen(): boolean {
    return this.state !== 'closed';
  }

  /** Whether this call may ask Redis. */
  tryRedis(): boolean {
    if (this.state === 'closed') return true;
    if (this.state === 'open' && Date.now() >= this.openUntil) {
      this.state = 'probing';
      return true;
    }
    return false;
  }

  failed(error: Error): void {
    if (this.state === 'closed')
      this.log.warn(
        { err: error },
        `rate limits: Redis did not answer; counting in this process for ${this.openMs / 1000} s`,
      );
    this.state = 'open';
    this.openUntil = Date.now() + this.openMs;
  }

  succeeded(): void {
    if (this.state === 'closed') return;
    this.state = 'closed';
    this.log.info('rate limits: Redis answers again; counting there');
  }
}

/** The store class for the plugin's `store` option (it calls `new Store(globalParams)`). */
export function resilientRedisStore(
  redis: Redis,
  options: { nameSpace: string; timeoutMs: number; breaker: RedisBreaker; local?: LocalCounters },
) {
  const local = options.local ?? new LocalCounters();
  const { breaker, timeoutMs } = options;

  return class ResilientRedisStore implements PluginStore {
    private readonly redisStore: PluginStore;
    private readonly prefix: string;

    constructor(params: StoreParams = {}, redisStore?: PluginStore, prefix = '') {
      this.redisStore =
        redisStore ??
        new RedisStore(
          params.continueExceeding ?? false,
          params.exponentialBackoff ?? false,
          redis,
          options.nameSpace,
        );
      this.prefix = prefix;
    }

    incr(key: string, callback: Callback, timeWindow: number, max: number): void {
      this.ask('incr', key, callback, timeWindow, max);
    }

    read(key: string, callback: Callback, timeWindow: number, max: number): void {
      this.ask('read', key, callback, timeWindow, max);
    }

    child(options: object): PluginStore {
      const routeOptions = options as StoreParams;
      const route = routeOptions.routeInfo ?? {};
      return new ResilientRedisStore(
        routeOptions,
        this.redisStore.child(routeOptions),
        `${this.prefix}${route.method}${route.url}-`,
      );
    }

    private ask(method: 'incr' | 'read', key: string, callback: Callback, timeWindow: number, max: number) {
      const localKey = this.prefix + key;
      const fallback = () =>
        callback(null, method === 'incr' ? local.incr(localKey, timeWindow) : local.read(localKey));
      if (!breaker.tryRedis()) return fallback();
      let settled = false;
      const deadline = setTimeout(() => {
        if (settled) return;
        settled = true;
        breaker.failed(new Error(`Redis did not answer within ${timeoutMs} ms`));
        fallback();
      }, timeoutMs);
      try {
        this.redisStore[method](
          key,
          (error, result) => {
            if (settled) return;
            settled = true;
            clearTimeout(deadline);
            if (error || !result) {
              breaker.failed(error ?? new Error('Redis answered nothing'));
              return fallback();
            }
            breaker.succeeded();
            callback(null, result);
          },
          timeWindow,
          max,
        );
      } catch (error) {
        // The client refuses at once when it is not connected (no offline queue).
        if (settled) return;
        settled = true;
        clearTimeout(deadline);
        breaker.failed(error as Error);
        fallback();
      }
    }
  };
}
