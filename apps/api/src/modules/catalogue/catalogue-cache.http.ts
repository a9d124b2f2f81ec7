/**
 * Serves anonymous catalogue reads from the catalogue cache (issue 18; docs/architecture.md §4
 * "Catalogue cache"), before API tokens, sessions, tRPC and validation do any work.
 *
 * Who is anonymous here: a GET with NO session cookie and NO Authorization header. A request that
 * carries either — even a stale or forged session cookie that the session layer would treat as
 * signed out — goes the ordinary way, is never served from the cache and never fills it; so every
 * answer it gets is the one it would get without the cache (the cache cannot turn a 401 or a 503
 * into a catalogue, nor hand a signed-out answer to a cookie whose session is still live).
 * Signed-in answers never enter the cache, and keep `Cache-Control: no-store` (http/private-answers.ts).
 *
 * What is cached: the public reads of app.ts (products.list, products.page, products.facets,
 * products.byId, categories.list, categories.storefront, alone or in one tRPC batch; GET /api/products, /api/products/:id,
 * /api/categories), 200 answers only, keyed by path and normalised query (parameters in name order,
 * a tRPC input's JSON with its keys sorted and its set-valued filters sorted: `SET_VALUED_KEYS`). A streamed tRPC answer (`trpc-accept`) is not cached.
 *
 * Every cached answer, on the miss that fills it as on each hit, carries the same bytes and headers:
 * a weak ETag (If-None-Match → 304), `Cache-Control: public, max-age=<bound>` (categories also
 * stale-while-revalidate: a stale category list misleads nobody, while a stale price or stock level
 * would be shown as current), `Vary: Cookie, Authorization, Accept-Encoding`, and the body brotli or
 * gzip compressed when the client accepts it.
 *
 * Searching while signed out is rate limited per IP (products.rate-limit.ts): a hit that searches
 * counts like the uncached call would, and a refused one goes the ordinary way to its 429.
 *
 * Concurrent misses of one key wait for the first (one computation per key and generation), so a
 * burst after an invalidation costs one query, not fifty.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Env } from '../../env';
import type { CallLimiter } from '../../context';
import type { PublicReads } from '../../http/private-answers';
import { trpcProcedures } from '../../http/private-answers';
import type { LiveEventBus } from '../live-events';
import { SECURE_SESSION_COOKIE, SESSION_COOKIE } from '../identity';
import type { LiveEvent } from '@shop/schema';
import { CatalogueCache, chooseEncoding, type CacheScope, type CachedAnswer } from './catalogue-cache';

export const CATALOGUE_VARY = 'Cookie, Authorization, Accept-Encoding';
/** The category list may be served this much longer while the browser refreshes it. */
const CATEGORIES_STALE_WHILE_REVALIDATE_S = 60;
/** A request that waits for another's computation of its answer waits at most this long. */
const FLIGHT_WAIT_MS = 5000;

interface Target {
  key: string;
  scope: CacheScope;
  /** Search calls in the request, each counted by the anonymous search limit. */
  searches: number;
}

interface State extends Target {
  generation: number;
  /** Served from the cache: the bytes are the entry's already. */
  served: boolean;
  /** Set when this request computes the answer others wait for. */
  settle: ((entry: CachedAnswer | null) => void) | null;
}

/**
 * Inputs whose value is a set (the storefront's food facts filters, issue 20): the answer is the
 * same whatever the order or repetition of its items, so the key lists them once, sorted —
 * `freeFrom: ['peanuts', 'milk']` and `['milk', 'peanuts']` are one cache entry.
 */
const SET_VALUED_KEYS = new Set(['freeFrom', 'dietaryLabels']);

const isStringList = (value: unknown): value is string[] =>
  Array.isArray(value) && value.every((item) => typeof item === 'string');

/** JSON with every object's keys in order: the same input, however its keys were ordered. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const record = value as Record<string, unknown>;
    return `{${Object.keys(record)
      .sort()
      .map((key) => {
        const item = record[key];
        const canonical = SET_VALUED_KEYS.has(key) && isStringList(item) ? [...new Set(item)].sort() : item;
        return `${JSON.stringify(key)}:${canonicalJson(canonical)}`;
      })
      .join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** Whether the Cookie header carries one of the session cookies (whatever its value). */
export function carriesSessionCookie(cookieHeader: string | undefined, names: readonly string[]): boolean {
  if (!cookieHeader) return false;
  return cookieHeader.split(';').some((part) => {
    const name = part.split('=', 1)[0]!.trim();
    return names.includes(name);
  });
}

const isSearch = (input: unknown): boolean => {
  const search = (input as { search?: unknown } | null)?.search;
  return typeof search === 'string' && search.trim() !== '';
};

/** The cache key, scope and searches of a public read, or null when it is not one (or unreadable). */
export function describeRead(req: FastifyRequest, publicReads: PublicReads): Target | null {
  const [path, query = ''] = req.url.split('?', 2) as [string, string?];
  const called = trpcProcedures(req.url);
  if (called) {
    if (called.length === 0 || !called.every((name) => publicReads.procedures.includes(name))) return null;
    const params = [...new URLSearchParams(query)].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    const batch = params.some(([name, value]) => name === 'batch' && value !== '0' && value !== 'false');
    let inputs: unknown[] = called.map(() => undefined);
    const normalised = new URLSearchParams();
    for (const [name, value] of params) {
      if (name !== 'input') {
        normalised.append(name, value);
        continue;
      }
      let input: unknown;
      try {
        input = JSON.parse(value);
      } catch {
        return null; // tRPC answers the 400 itself
      }
      inputs = batch ? called.map((_, i) => (input as Record<string, unknown> | null)?.[String(i)]) : [input];
      normalised.append(name, canonicalJson(input));
    }
    const byId = called.length === 1 && called[0] === 'products.byId';
    const id = (inputs[0] as { id?: unknown } | undefined)?.id;
    const scope: CacheScope = called.every((name) => name.startsWith('categories.'))
      ? { kind: 'categories' }
      : byId && typeof id === 'string'
        ? { kind: 'product', id }
        : { kind: 'listing' };
    return { key: `${path}?${normalised.toString()}`, scope, searches: inputs.filter(isSearch).length };
  }
  const route = req.routeOptions.url ?? '';
  if (!publicReads.restUrls.includes(route)) return null;
  // The raw parameters, in name order (a repeated one keeps its order): no decoding to disagree on.
  const parts = query
    .split('&')
    .filter(Boolean)
    .map((part) => [part.split('=', 1)[0]!, part] as const)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([, part]) => part);
  const id = (req.params as { id?: unknown } | undefined)?.id;
  const scope: CacheScope =
    route === '/api/categories'
      ? { kind: 'categories' }
      : route.endsWith('/:id') && typeof id === 'string'
        ? { kind: 'product', id }
        : { kind: 'listing' };
  return { key: `${path}?${parts.join('&')}`, scope, searches: isSearch(req.query) ? 1 : 0 };
}

/** Whether If-None-Match names this ETag (weak comparison, as for GET). */
export function matchesEtag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
  return ifNoneMatch.split(',').some((tag) => tag.trim() === '*' || opaque(tag) === opaque(etag));
}

/** Puts the entry's headers on the reply and gives the payload: its bytes in the accepted encoding, or none for a 304. */
function answer(
  cache: CatalogueCache,
  req: FastifyRequest,
  reply: FastifyReply,
  entry: CachedAnswer,
): Buffer | null {
  for (const [name, value] of entry.headers) reply.header(name, value);
  reply.header('etag', entry.etag);
  reply.header('cache-control', entry.cacheControl);
  if (matchesEtag(req.headers['if-none-match'], entry.etag)) {
    reply.removeHeader('content-type');
    reply.code(304);
    return null;
  }
  const encoding = chooseEncoding(req.headers['accept-encoding'], entry.body.length);
  if (encoding !== 'identity') reply.header('content-encoding', encoding);
  reply.code(200);
  return cache.form(entry, encoding);
}

/** Response headers that belong to one transmission, not to the answer. */
const TRANSIENT = new Set([
  'content-length',
  'transfer-encoding',
  'connection',
  'date',
  'keep-alive',
  'cache-control',
  'etag',
  'content-encoding',
]);

export interface CatalogueCacheControl {
  cache: CatalogueCache | null;
  /** The anonymous search limit, counted on hits as on the uncached path (installed after the cache). */
  useSearchLimit(limiter: CallLimiter): void;
}

/** The product ids a batch of committed events changes, or null for "anything", or [] for none. */
export function changedProducts(events: readonly LiveEvent[]): string[] | null {
  const ids: string[] = [];
  for (const event of events) {
    if (event.type === 'stock') ids.push(event.productId);
    else if (event.type === 'catalogue') {
      if (event.productIds === null) return null;
      ids.push(...event.productIds);
    }
  }
  return ids;
}

/**
 * Installs the cache's hooks on `app` (the api scope, before API tokens and sessions, so a hit
 * costs neither) and its invalidation on the live event bus. With CATALOGUE_CACHE_MAX_AGE_MS=0
 * it installs nothing.
 */
export function installCatalogueCache(
  app: FastifyInstance,
  { env, liveEvents, publicReads }: { env: Env; liveEvents: LiveEventBus; publicReads: PublicReads },
): CatalogueCacheControl {
  // Either name, whichever this deployment uses: a cookie of the other kind is a credential too.
  const sessionCookieNames = [SESSION_COOKIE, SECURE_SESSION_COOKIE];
  let searchLimiter: CallLimiter = null;
  const control: CatalogueCacheControl = {
    cache: null,
    useSearchLimit(limiter) {
      searchLimiter = limiter;
    },
  };
  if (env.CATALOGUE_CACHE_MAX_AGE_MS === 0) return control;

  const cache = new CatalogueCache({
    maxAgeMs: env.CATALOGUE_CACHE_MAX_AGE_MS,
    maxEntries: env.CATALOGUE_CACHE_MAX_ENTRIES,
    maxBytes: env.CATALOGUE_CACHE_MAX_MB * 1024 * 1024,
  });
  control.cache = cache;
  const maxAgeS = Math.floor(env.CATALOGUE_CACHE_MAX_AGE_MS / 1000);
  const cacheControlFor = (scope: CacheScope) =>
    scope.kind === 'categories'
      ? `public, max-age=${maxAgeS}, stale-while-revalidate=${CATEGORIES_STALE_WHILE_REVALIDATE_S}`
      : `public, max-age=${maxAgeS}`;

  /** Computations under way, per key, for the current generation. */
  const flights = new Map<string, Promise<CachedAnswer | null>>();
  const states = new WeakMap<FastifyRequest, State>();

  const invalidate = (events: readonly LiveEvent[]) => {
    const ids = changedProducts(events);
    if (ids && ids.length === 0) return;
    cache.invalidate(ids);
    // Requests from now on compute afresh; those already waiting get what they were waiting for.
    flights.clear();
  };
  // This process's own writes at COMMIT (before the writer answers), and everyone's as they arrive.
  const stopLocal = liveEvents.onLocalPublish(invalidate);
  const stopShared = liveEvents.subscribe((event) => invalidate([event]));
  app.addHook('onClose', async () => {
    stopLocal();
    stopShared();
  });

  const searchesAllowed = async (req: FastifyRequest, searches: number): Promise<boolean> => {
    if (searches === 0 || !searchLimiter) return true;
    for (let i = 0; i < searches; i++) if (!(await searchLimiter(req)).allowed) return false;
    return true;
  };

  const waitFor = (flight: Promise<CachedAnswer | null>): Promise<CachedAnswer | null> =>
    Promise.race([
      flight,
      new Promise<null>((resolve) => setTimeout(() => resolve(null), FLIGHT_WAIT_MS).unref()),
    ]);

  app.addHook('onRequest', async (req, reply) => {
    if (req.method !== 'GET') return;
    if (req.headers.authorization !== undefined) return;
    if (carriesSessionCookie(req.headers.cookie, sessionCookieNames)) return;
    if (req.headers['trpc-accept'] !== undefined) return;
    const target = describeRead(req, publicReads);
    if (!target) return;

    const generation = cache.generation;
    let entry = cache.get(target.key) ?? null;
    let settle: State['settle'] = null;
    if (!entry) {
      const flight = flights.get(target.key);
      if (flight) entry = await waitFor(flight);
      else {
        flights.set(
          target.key,
          new Promise<CachedAnswer | null>((resolve) => {
            settle = resolve;
          }),
        );
      }
    }
    if (entry && (await searchesAllowed(req, target.searches))) {
      cache.stats.hits++;
      states.set(req, { ...target, generation, served: true, settle: null });
      return reply.send(answer(cache, req, reply, entry) ?? undefined);
    }
    if (!entry) cache.stats.misses++;
    // A refused search goes the ordinary way to its 429, and fills nothing.
    states.set(req, { ...target, generation, served: false, settle });
  });

  app.addHook('onSend', async (req, reply, payload) => {
    const state = states.get(req);
    if (!state || state.served) return payload;
    const settle = (entry: CachedAnswer | null) => {
      if (!state.settle) return;
      // Ours unless an invalidation cleared it since (then a newer one may be there).
      if (state.generation === cache.generation) flights.delete(state.key);
      state.settle(entry);
      state.settle = null;
    };
    const response = payload instanceof Response ? payload : null;
    const status = response ? response.status : reply.statusCode;
    const plain = typeof payload === 'string' || Buffer.isBuffer(payload);
    if (status !== 200 || (!response && !plain) || reply.getHeader('set-cookie') !== undefined) {
      settle(null);
      return payload;
    }
    let body: Buffer;
    const headers: [string, string][] = [];
    if (response) {
      body = Buffer.from(await response.arrayBuffer());
      for (const [name, value] of response.headers) {
        if (!TRANSIENT.has(name) && name !== 'vary') headers.push([name, value]);
      }
      // tRPC's own (trpc-accept: a streamed answer is another representation) and ours.
      headers.push(['vary', [response.headers.get('vary'), CATALOGUE_VARY].filter(Boolean).join(', ')]);
    } else {
      body = Buffer.isBuffer(payload) ? payload : Buffer.from(payload as string);
      const type = reply.getHeader('content-type');
      if (type !== undefined) headers.push(['content-type', String(type)]);
      headers.push(['vary', CATALOGUE_VARY]);
    }
    const entry = cache.store(
      state.key,
      { body, headers, cacheControl: cacheControlFor(state.scope), scope: state.scope },
      state.generation,
    );
    settle(entry);
    return answer(cache, req, reply, entry);
  });

  // Whatever became of the computing request (an error, an abort), its waiters go on.
  const release = async (req: FastifyRequest) => {
    const state = states.get(req);
    if (state?.settle) {
      if (state.generation === cache.generation) flights.delete(state.key);
      state.settle(null);
      state.settle = null;
    }
  };
  app.addHook('onResponse', release);
  app.addHook('onRequestAbort', release);
  return control;
}
