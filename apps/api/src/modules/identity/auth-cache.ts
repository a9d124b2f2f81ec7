/**
 * The per-instance cache of who is calling (issue 18): a signed-in request used to cost two
 * queries before any work (the session row, then the user with their permissions). Both are kept
 * here for a short while, so a busy session costs them once per AUTH_CACHE_MS instead of once per
 * request.
 *
 * What keeps it honest (docs/architecture.md §4 "Sessions"):
 * - every change that can take access away announces itself once it has committed, as a live
 *   `auth` event (`authChanged`): a sign-out or a session ended for being idle (session-store.ts),
 *   sign out everywhere, a user's role changed, a user edited or deleted (the user's id), and any
 *   change to a role, a permission group or their permissions (every user). This instance forgets
 *   the affected entries at COMMIT, before the request that made the change answers; every other
 *   instance when the event reaches it (PostgreSQL NOTIFY, a few ms; in-process on the embedded
 *   database, where there is only one instance);
 * - every entry lives at most AUTH_CACHE_MS (2 s by default) whatever happens, so an event that
 *   never arrives (the LISTEN connection down, a change made outside the api) costs at most that;
 * - a read that began before an invalidation is not cached after it (`epoch`), so a slow query
 *   cannot put back what an event just removed;
 * - a session past its expiry is never returned, cached or not; the idle timeout reads the cached
 *   last-seen time, which is never later than the stored one, so it can only end a session early
 *   by at most the cache's age, never keep one alive;
 * - size is bounded (`maxEntries` per map, oldest dropped first), so a flood of sessions cannot
 *   grow the process.
 * AUTH_CACHE_MS=0 turns it off: every request reads both again.
 */
import type { EntityManager } from 'typeorm';
import type { LiveEvent } from '@shop/schema';
import { publishAfterCommit, type LiveEventBus } from '../live-events';

/** A session row as the store hands it to @fastify/session (`sess` plus the idle clock). */
export interface CachedSession {
  /** The stored `sess` (without `lastSeenAt`). */
  sess: Record<string, unknown>;
  lastSeenAt: number;
  /** The row's `expire` (ms since the epoch): never returned after it. */
  expireMs: number;
  userId: string;
}

interface Entry<T> {
  value: T;
  until: number;
}

/** Default most entries per map: ~10,000 signed-in browsers active within AUTH_CACHE_MS. */
const MAX_ENTRIES = 10_000;

export class AuthCache<User = unknown> {
  private readonly sessions = new Map<string, Entry<CachedSession>>();
  private readonly users = new Map<string, Entry<User>>();
  /** Moves at every invalidation: a read that began before one is not cached. */
  epoch = 0;

  constructor(
    readonly ttlMs: number,
    private readonly maxEntries = MAX_ENTRIES,
  ) {}

  get enabled(): boolean {
    return this.ttlMs > 0;
  }

  getSession(key: string, now = Date.now()): CachedSession | undefined {
    const entry = this.sessions.get(key);
    if (!entry) return undefined;
    if (entry.until <= now || entry.value.expireMs <= now) {
      this.sessions.delete(key);
      return undefined;
    }
    return entry.value;
  }

  putSession(key: string, value: CachedSession, epoch: number): void {
    if (this.enabled && epoch === this.epoch) put(this.sessions, key, value, this.ttlMs, this.maxEntries);
  }

  /** The idle clock moved (this instance touched the row). */
  touchSession(key: string, at: number): void {
    const entry = this.sessions.get(key);
    if (entry) entry.value.lastSeenAt = at;
  }

  dropSession(key: string): void {
    this.sessions.delete(key);
    this.epoch++;
  }

  getUser(id: string, now = Date.now()): User | undefined {
    const entry = this.users.get(id);
    if (!entry) return undefined;
    if (entry.until <= now) {
      this.users.delete(id);
      return undefined;
    }
    return entry.value;
  }

  putUser(id: string, user: User, epoch: number): void {
    if (this.enabled && epoch === this.epoch) put(this.users, id, user, this.ttlMs, this.maxEntries);
  }

  /** Forgets these users (their rows and their sessions), or everything (`null`). */
  forget(userIds: readonly string[] | null): void {
    this.epoch++;
    if (userIds === null) {
      this.users.clear();
      this.sessions.clear();
      return;
    }
    const ids = new Set(userIds);
    for (const id of ids) this.users.delete(id);
    for (const [key, entry] of this.sessions) if (ids.has(entry.value.userId)) this.sessions.delete(key);
  }

  /** Forgets what each `auth` event names: this instance's own at once, everyone's as they arrive. */
  listenTo(bus: LiveEventBus): void {
    const hear = (event: LiveEvent) => {
      if (event.type === 'auth') this.forget(event.userIds);
    };
    bus.onLocalPublish((events) => events.forEach(hear));
    bus.subscribe(hear);
  }

  /** How many entries are held (tests, memory reports). */
  get size(): { sessions: number; users: number } {
    return { sessions: this.sessions.size, users: this.users.size };
  }
}

function put<T>(map: Map<string, Entry<T>>, key: string, value: T, ttlMs: number, max: number): void {
  map.delete(key);
  map.set(key, { value, until: Date.now() + ttlMs });
  // A Map iterates in insertion order: the first key is the oldest entry.
  while (map.size > max) map.delete(map.keys().next().value!);
}

/**
 * Announces, once `db`'s transaction commits (at once outside one), that these users' access may
 * have changed — `null`: anyone's (a role, a group or a permission changed). Every api instance's
 * AuthCache forgets them.
 */
export function authChanged(db: EntityManager, userIds: readonly string[] | null): void {
  publishAfterCommit(db, [{ type: 'auth', userIds: userIds === null ? null : [...userIds] }]);
}
