/** The catalogue cache's store: its bounds, its expiry and its generations (no database). */
import { describe, expect, it } from 'vitest';
import { CatalogueCache, chooseEncoding, type CacheScope } from './catalogue-cache';
import { canonicalJson, matchesEtag } from './catalogue-cache.http';

const listing: CacheScope = { kind: 'listing' };
const answer = (bytes: number, scope: CacheScope = listing) => ({
  body: Buffer.alloc(bytes, 'a'),
  headers: [['content-type', 'application/json']] as [string, string][],
  cacheControl: 'public, max-age=1',
  scope,
});

describe('CatalogueCache', () => {
  it('keeps at most maxEntries, dropping the least recently used', () => {
    const cache = new CatalogueCache({ maxAgeMs: 1000, maxEntries: 2, maxBytes: 1e6 });
    cache.store('a', answer(10), cache.generation);
    cache.store('b', answer(10), cache.generation);
    cache.get('a');
    cache.store('c', answer(10), cache.generation);
    expect(cache.get('a')).toBeDefined();
    expect(cache.get('b')).toBeUndefined();
    expect(cache.size.entries).toBe(2);
  });

  it('keeps at most maxBytes, compressed forms included', () => {
    const cache = new CatalogueCache({ maxAgeMs: 1000, maxEntries: 100, maxBytes: 10_000 });
    for (let i = 0; i < 10; i++) cache.form(cache.store(`k${i}`, answer(2000), cache.generation), 'gzip');
    expect(cache.size.bytes).toBeLessThanOrEqual(10_000);
    expect(cache.size.entries).toBeLessThan(10);
  });

  it('forgets an answer after maxAgeMs', () => {
    let now = 0;
    const cache = new CatalogueCache({ maxAgeMs: 1000, maxEntries: 10, maxBytes: 1e6, now: () => now });
    cache.store('a', answer(10), cache.generation);
    now = 999;
    expect(cache.get('a')).toBeDefined();
    now = 1000;
    expect(cache.get('a')).toBeUndefined();
  });

  it('does not store an answer computed before an invalidation, and drops what a change affects', () => {
    const cache = new CatalogueCache({ maxAgeMs: 1000, maxEntries: 10, maxBytes: 1e6 });
    const before = cache.generation;
    cache.store('p1', answer(10, { kind: 'product', id: '1' }), before);
    cache.store('p2', answer(10, { kind: 'product', id: '2' }), before);
    cache.store('cats', answer(10, { kind: 'categories' }), before);
    cache.store('list', answer(10), before);
    cache.invalidate(['1']);
    expect(cache.store('late', answer(10), before).etag).toMatch(/^W\//);
    expect(cache.get('late')).toBeUndefined();
    expect(cache.get('p1')).toBeUndefined();
    expect(cache.get('list')).toBeUndefined();
    expect(cache.get('p2')).toBeDefined();
    expect(cache.get('cats')).toBeDefined();
    cache.invalidate(null);
    expect(cache.size.entries).toBe(0);
  });
});

describe('helpers', () => {
  it('normalises JSON key order, keeping a __proto__ key as data', () => {
    expect(canonicalJson(JSON.parse('{"b":1,"a":{"d":[2,{"y":1,"x":2}],"c":null}}'))).toBe(
      '{"a":{"c":null,"d":[2,{"x":2,"y":1}]},"b":1}',
    );
    expect(canonicalJson(JSON.parse('{"__proto__":{"x":1}}'))).toBe('{"__proto__":{"x":1}}');
  });

  it('picks brotli, then gzip, honouring q=0, and nothing for small bodies', () => {
    expect(chooseEncoding('gzip, deflate, br, zstd', 5000)).toBe('br');
    expect(chooseEncoding('gzip, br;q=0', 5000)).toBe('gzip');
    expect(chooseEncoding('identity', 5000)).toBe('identity');
    expect(chooseEncoding('br', 100)).toBe('identity');
  });

  it('compares ETags weakly, in lists and with *', () => {
    expect(matchesEtag('"x", W/"abc"', 'W/"abc"')).toBe(true);
    expect(matchesEtag('"abc"', 'W/"abc"')).toBe(true);
    expect(matchesEtag('*', 'W/"abc"')).toBe(true);
    expect(matchesEtag('W/"abd"', 'W/"abc"')).toBe(false);
    expect(matchesEtag(undefined, 'W/"abc"')).toBe(false);
  });
});
