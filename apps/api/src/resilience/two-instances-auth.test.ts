/**
 * The per-instance auth cache (modules/identity/auth-cache.ts) across two api instances on one
 * database: instance A has the caller's session and user cached; a sign-out, a sign out
 * everywhere or a role change made through instance B is honoured by A within a second. Both
 * instances run with AUTH_CACHE_MS at a minute, so only the announcement (PostgreSQL NOTIFY) can
 * explain a change seen within the bound, not the cache's own expiry.
 */
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { DataSource } from 'typeorm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dataSourceOptions } from '@shop/db';
import { createTestDatabase, embeddedTestDatabase, type TestDatabase } from '@shop/db/testing';
import { buildApp } from '../app';
import { authChanged } from '../modules/identity/auth-cache';
import { loadEnv } from '../env';
import { TEST_ENV_DEFAULTS } from '../test/test-app';
import { signIn, type SignedIn } from '../test/sign-in';

/** The documented bound (docs/architecture.md §4 "Sessions"): an announced change, on every instance. */
const BOUND_MS = 1000;

interface Instance {
  app: FastifyInstance;
  dataSource: DataSource;
  baseUrl: string;
}

let db: TestDatabase;
let a: Instance;
let b: Instance;
let admin: SignedIn;

async function startInstance(url: string): Promise<Instance> {
  const dataSource = new DataSource(dataSourceOptions(url, { poolSize: 3 }));
  await dataSource.initialize();
  const env = loadEnv({ ...TEST_ENV_DEFAULTS, AUTH_CACHE_MS: '60000' });
  const app = await buildApp({ env, dataSource });
  await app.listen({ port: 0, host: '127.0.0.1' });
  return { app, dataSource, baseUrl: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}` };
}

const get = (instance: Instance, path: string, who: SignedIn) =>
  fetch(`${instance.baseUrl}${path}`, { headers: { cookie: who.cookie } });

/** The status `path` answers on `instance` once it stops being `from`, and how long that took. */
async function statusOnceChanged(
  instance: Instance,
  path: string,
  who: SignedIn,
  from: number,
): Promise<{ status: number; afterMs: number }> {
  const start = Date.now();
  for (;;) {
    const { status } = await get(instance, path, who);
    if (status !== from || Date.now() - start > 5 * BOUND_MS) return { status, afterMs: Date.now() - start };
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

beforeAll(async () => {
  db = await createTestDatabase({ poolSize: 2 });
  [a, b] = await Promise.all([startInstance(db.url), startInstance(db.url)]);
  admin = await signIn(b.baseUrl, 'admin@example.com');
}, 60_000);

afterAll(async () => {
  for (const instance of [a, b]) {
    await instance?.app.close();
    if (instance?.dataSource.isInitialized) await instance.dataSource.destroy();
  }
  await db?.drop();
});

// Embedded (TEST_DB_MODE=embedded): skipped, one process only (see two-instances.test.ts); the
// same instance's own changes are covered in modules/identity/auth-cache.test.ts in both modes.
describe.skipIf(embeddedTestDatabase)('the auth cache on two instances', () => {
  it('a sign-out on B ends the session A has cached, within the bound', async () => {
    const shopper = await signIn(a.baseUrl, 'cache-signout@example.com');
    expect((await get(a, '/api/auth/user', shopper)).status).toBe(200);
    expect((await get(a, '/api/auth/user', shopper)).status).toBe(200);

    const logout = await fetch(`${b.baseUrl}/api/logout`, {
      method: 'POST',
      headers: { cookie: shopper.cookie, origin: b.baseUrl },
      redirect: 'manual',
    });
    expect(logout.status).toBeGreaterThanOrEqual(300);

    const onA = await statusOnceChanged(a, '/api/auth/user', shopper, 200);
    expect(onA.status).toBe(401);
    expect(onA.afterMs).toBeLessThan(BOUND_MS);
  });

  it('signing a user out everywhere on B ends their sessions on A, within the bound', async () => {
    const shopper = await signIn(a.baseUrl, 'cache-everywhere@example.com');
    const otherBrowser = await signIn(a.baseUrl, 'cache-everywhere@example.com');
    expect((await get(a, '/api/auth/user', otherBrowser)).status).toBe(200);

    const ended = await fetch(`${b.baseUrl}/api/auth/sessions`, {
      method: 'DELETE',
      headers: { cookie: shopper.cookie, origin: b.baseUrl },
    });
    expect(ended.status).toBe(200);

    const onA = await statusOnceChanged(a, '/api/auth/user', otherBrowser, 200);
    expect(onA.status).toBe(401);
    expect(onA.afterMs).toBeLessThan(BOUND_MS);
  });

  it('a role given and taken away on B applies on A, within the bound', async () => {
    const staff = await signIn(a.baseUrl, 'cache-role@example.com');
    const path = '/api/products/low-stock';
    expect((await get(a, path, staff)).status).toBe(403);
    expect((await get(a, path, staff)).status).toBe(403);

    const setRole = (role: string) =>
      fetch(`${b.baseUrl}/api/users/${staff.user.id}`, {
        method: 'PUT',
        headers: { cookie: admin.cookie, origin: b.baseUrl, 'content-type': 'application/json' },
        body: JSON.stringify({ role }),
      });

    expect((await setRole('admin')).status).toBe(200);
    const granted = await statusOnceChanged(a, path, staff, 403);
    expect(granted.status).toBe(200);
    expect(granted.afterMs).toBeLessThan(BOUND_MS);

    expect((await setRole('customer')).status).toBe(200);
    const removed = await statusOnceChanged(a, path, staff, 200);
    expect(removed.status).toBe(403);
    expect(removed.afterMs).toBeLessThan(BOUND_MS);
  });

  it('a permission group taken from a role on B applies on A, within the bound', async () => {
    const staff = await signIn(a.baseUrl, 'cache-group@example.com');
    expect(
      (
        await fetch(`${b.baseUrl}/api/users/${staff.user.id}`, {
          method: 'PUT',
          headers: { cookie: admin.cookie, origin: b.baseUrl, 'content-type': 'application/json' },
          body: JSON.stringify({ role: 'inventory_manager' }),
        })
      ).status,
    ).toBe(200);
    const path = '/api/products/low-stock';
    expect((await statusOnceChanged(a, path, staff, 403)).status).toBe(200);

    // Take every group from the role (straight in the database, then announced as the service does).
    const [role]: { id: string }[] = await db.dataSource.query(
      `SELECT id FROM roles WHERE name = 'inventory_manager'`,
    );
    await b.dataSource.transaction(async (tx) => {
      await tx.query('DELETE FROM role_permission_groups WHERE role_id = $1', [role!.id]);
      await tx.query('DELETE FROM role_permissions WHERE role_id = $1', [role!.id]);
      authChanged(tx, null);
    });
    const removed = await statusOnceChanged(a, path, staff, 200);
    expect(removed.status).toBe(403);
    expect(removed.afterMs).toBeLessThan(BOUND_MS);
  });
});
