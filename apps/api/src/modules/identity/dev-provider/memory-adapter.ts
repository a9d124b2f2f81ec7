/**
 * oidc-provider's storage for the development provider: in memory, one store per app (so tests do
 * not share provider state and nothing outlives `app.close()`), entries dropped when they expire.
 * Bounded: past MAX_ENTRIES the oldest entries go first.
 */
import type { Adapter, AdapterPayload } from 'oidc-provider';

const MAX_ENTRIES = 10_000;
/** The models a grant revocation takes with it (not the Interaction or Session that mention it). */
const GRANTABLE = new Set([
  'AccessToken',
  'AuthorizationCode',
  'RefreshToken',
  'DeviceCode',
  'BackchannelAuthenticationRequest',
]);

interface Entry {
  payload: AdapterPayload;
  expiresAt: number;
}

export class MemoryStore {
  private readonly entries = new Map<string, Entry>();
  private readonly grants = new Map<string, Set<string>>();

  get(key: string): AdapterPayload | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.expiresAt <= Date.now()) {
      this.entries.delete(key);
      return undefined;
    }
    return entry.payload;
  }

  set(key: string, payload: AdapterPayload, expiresInSeconds: number, grantId?: string): void {
    this.entries.delete(key);
    this.entries.set(key, { payload, expiresAt: Date.now() + expiresInSeconds * 1000 });
    if (grantId) {
      let keys = this.grants.get(grantId);
      if (!keys) this.grants.set(grantId, (keys = new Set()));
      keys.add(key);
    }
    while (this.entries.size > MAX_ENTRIES) {
      this.entries.delete(this.entries.keys().next().value!);
    }
  }

  delete(key: string): void {
    this.entries.delete(key);
  }

  deleteGrant(grantId: string): void {
    for (const key of this.grants.get(grantId) ?? []) this.entries.delete(key);
    this.grants.delete(grantId);
  }
}

/** An adapter class (oidc-provider instantiates one per model name) bound to `store`. */
export function memoryAdapter(store: MemoryStore): new (name: string) => Adapter {
  return class MemoryAdapter implements Adapter {
    constructor(private readonly name: string) {}

    private key(id: string) {
      return `${this.name}:${id}`;
    }

    async upsert(id: string, payload: AdapterPayload, expiresIn: number) {
      store.set(this.key(id), payload, expiresIn, GRANTABLE.has(this.name) ? payload.grantId : undefined);
      if (this.name === 'Session' && payload.uid)
        store.set(`SessionUid:${payload.uid}`, { jti: id }, expiresIn);
      if (payload.userCode) store.set(`UserCode:${payload.userCode}`, { jti: id }, expiresIn);
    }

    async find(id: string) {
      return store.get(this.key(id));
    }

    async findByUid(uid: string) {
      const ref = store.get(`SessionUid:${uid}`);
      return ref?.jti ? store.get(this.key(ref.jti)) : undefined;
    }

    async findByUserCode(userCode: string) {
      const ref = store.get(`UserCode:${userCode}`);
      return ref?.jti ? store.get(this.key(ref.jti)) : undefined;
    }

    async consume(id: string) {
      const payload = store.get(this.key(id));
      if (payload) payload.consumed = Math.floor(Date.now() / 1000);
    }

    async destroy(id: string) {
      store.delete(this.key(id));
    }

    async revokeByGrantId(grantId: string) {
      store.deleteGrant(grantId);
    }
  };
}
