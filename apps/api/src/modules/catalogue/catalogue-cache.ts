/**
 * The catalogue cache's store (issue 18): anonymous catalogue answers, exactly the bytes the
 * uncached path sends, kept in this process for at most `maxAgeMs`, with their compressed forms
 * made once on first demand. Bounded by entries and by bytes (least recently used go first).
 *
 * Invalidation: `invalidate(productIds)` drops every listing (any product change may move a product
 * in or out of a page, or change a count) and the named products' own answers; `invalidate(null)`
 * drops everything. Each invalidation also starts a new generation: an answer computed from reads
 * that may predate the change (its computation began in an older generation) is served to its own
 * request and to those that waited for it, never stored.
 */
import { createHash } from 'node:crypto';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';

/** What an answer is about, for invalidation: a listing, one product, the categories. */
export type CacheScope = { kind: 'listing' } | { kind: 'product'; id: string } | { kind: 'categories' };

export type Encoding = 'br' | 'gzip' | 'identity';

export interface CachedAnswer {
  key: string;
  /** The uncompressed body, byte for byte what the uncached path answered. */
  body: Buffer;
  /** Content-Type (and, for tRPC, the other headers of its answer but length and date). */
  headers: [string, string][];
  /** Weak ETag of the body (weak: the compressed forms share it). */
  etag: string;
  cacheControl: string;
  storedAt: number;
  scope: CacheScope;
  forms: Partial<Record<'br' | 'gzip', Buffer>>;
  bytes: number;
}

/** Bodies smaller than this are sent as they are: compressing them saves less than a packet. */
export const MIN_COMPRESS_BYTES = 1024;

export function etagOf(body: Buffer): string {
  return `W/"${createHash('sha1').update(body).digest('base64url')}"`;
}

/** The best encoding the client accepts among brotli, gzip and none (q=0 refuses one). */
export function chooseEncoding(acceptEncoding: string | undefined, size: number): Encoding {
  if (!acceptEncoding || size < MIN_COMPRESS_BYTES) return 'identity';
  const accepted = new Set<string>();
  for (const part of acceptEncoding.toLowerCase().split(',')) {
    const [name, ...params] = part.trim().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    if (q && Number(q.slice(2)) === 0) continue;
    accepted.add(name!.trim());
  }
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip')) return 'gzip';
  return 'identity';
}

export class CatalogueCache {
  private readonly entries = new Map<string, CachedAnswer>();
  private bytes = 0;
  /** Bumped by every invalidation. */
  generation = 0;
  stats = { hits: 0, misses: 0, stored: 0, invalidations: 0, evictions: 0 };

  constructor(
    readonly options: { maxAgeMs: number; maxEntries: number; maxBytes: number; now?: () => number },
  ) {}

  private now(): number {
    return this.options.now?.() ?? Date.now();
  }

  get size(): { entries: number; bytes: number } {
    return { entries: this.entries.size, bytes: this.bytes };
  }

  /** A fresh answer for `key`, or undefined (an expired one is dropped). */
  get(key: string): CachedAnswer | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (this.now() - entry.storedAt >= this.options.maxAgeMs) {
      this.remove(key, entry);
      return undefined;
    }
    // Most recently used last: the Map's order is the eviction order.
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry;
  }

  /**
   * Builds the answer and stores it when its computation began in the current generation (else it
   * may carry data from before a change, and is only handed back).
   */
  store(
    key: string,
    answer: { body: Buffer; headers: [string, string][]; cacheControl: string; scope: CacheScope },
    generation: number,
  ): CachedAnswer {
    const entry: CachedAnswer = {
      key,
      ...answer,
      etag: etagOf(answer.body),
      storedAt: this.now(),
      forms: {},
      bytes: answer.body.length + key.length * 2,
    };
    if (generation !== this.generation || entry.bytes > this.options.maxBytes / 4) return entry;
    const old = this.entries.get(key);
    if (old) this.remove(key, old);
    this.entries.set(key, entry);
    this.bytes += entry.bytes;
    this.stats.stored++;
    this.evict();
    return entry;
  }

  /** The body in `encoding`, compressed once per entry (brotli at a fast quality). */
  form(entry: CachedAnswer, encoding: Encoding): Buffer {
    if (encoding === 'identity') return entry.body;
    let form = entry.forms[encoding];
    if (!form) {
      form =
        encoding === 'br'
          ? brotliCompressSync(entry.body, {
              params: {
                [zlib.BROTLI_PARAM_QUALITY]: 5,
                [zlib.BROTLI_PARAM_SIZE_HINT]: entry.body.length,
                [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT,
              },
            })
          : gzipSync(entry.body, { level: 6 });
      entry.forms[encoding] = form;
      // Counted only while the entry is held (a compressed form of an unstored answer is not).
      if (this.entries.get(entry.key) === entry) {
        entry.bytes += form.length;
        this.bytes += form.length;
        this.evict();
      }
    }
    return form;
  }

  /**
   * Drops the answers a change to these products can alter: every listing and each product's own
   * answer; with `null` (anything may have changed: an import, a category) everything.
   */
  invalidate(productIds: readonly string[] | null): void {
    this.generation++;
    this.stats.invalidations++;
    const ids = productIds && new Set(productIds);
    for (const [key, entry] of this.entries) {
      const { scope } = entry;
      if (!ids || scope.kind === 'listing' || (scope.kind === 'product' && ids.has(scope.id))) {
        this.remove(key, entry);
      }
    }
  }

  clear(): void {
    this.invalidate(null);
  }

  private remove(key: string, entry: CachedAnswer): void {
    if (this.entries.get(key) !== entry) return;
    this.entries.delete(key);
    this.bytes -= entry.bytes;
  }

  private evict(): void {
    for (const [key, entry] of this.entries) {
      if (this.entries.size <= this.options.maxEntries && this.bytes <= this.options.maxBytes) return;
      this.remove(key, entry);
      this.stats.evictions++;
    }
  }
}
