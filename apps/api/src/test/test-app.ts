/**
 * The whole api on its own freshly cloned database (migrated + demo data), for integration tests.
 *
 *   const shop = await startTestApp();            // listening on 127.0.0.1:<free port>
 *   const res = await fetch(`${shop.baseUrl}/api/products`);
 *   await shop.close();                           // closes the server and drops the database
 *
 * `startTestApp({ listen: false })` skips the socket for tests that only use `shop.app.inject()`.
 * Environment defaults suit tests (silent log, no SPA, a login rate limit high enough for many
 * sign-ins); pass `env: { ADMIN_EMAILS: 'boss@example.com' }` to change any variable, and
 * `beforeReady: (app) => app.addHook(…)` to add a test's own hooks (e.g. one recording every answer:
 * openapi/openapi-contract.test.ts) — production never runs it.
 */
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import type { DataSource } from 'typeorm';
import { createTestDatabase, type TestDatabase } from '@shop/db/testing';
import { buildApp } from '../app';
import { loadEnv, type Env } from '../env';
import type { LogDestination } from '../logger';

export interface TestApp {
  app: FastifyInstance;
  env: Env;
  db: TestDatabase;
  dataSource: DataSource;
  /** `http://127.0.0.1:<port>`; '' when not listening. */
  baseUrl: string;
  close(): Promise<void>;
}

export const TEST_ENV_DEFAULTS: Record<string, string> = {
  NODE_ENV: 'test',
  LOG_LEVEL: 'silent',
  WEB_DIST: '/nonexistent-web-dist',
  LOGIN_RATE_LIMIT_PER_MINUTE: '10000',
  // The email worker polls the database: only the tests of order emails turn it on.
  ORDER_EMAILS: 'false',
  LOT_EXPIRY_JOB: 'false',
  // Tests write rows directly (fixtures) and read them back at once, which no visitor does: the
  // catalogue cache would answer from before such a write for up to a second. Its own tests turn it
  // on (modules/catalogue/catalogue-cache.ts).
  CATALOGUE_CACHE_MAX_AGE_MS: '0',
};

/** The environment the test app runs with, for tests that build the app themselves. */
export function testEnv(overrides: Record<string, string | undefined> = {}): Env {
  return loadEnv({ ...TEST_ENV_DEFAULTS, ...overrides });
}

export async function startTestApp(
  options: {
    env?: Record<string, string | undefined>;
    listen?: boolean;
    beforeReady?: (app: FastifyInstance) => void;
    /** Where the log goes (set LOG_LEVEL in `env` too: tests log nothing by default). */
    logDestination?: LogDestination;
  } = {},
): Promise<TestApp> {
  const db = await createTestDatabase({ poolSize: 5 });
  try {
    const env = testEnv(options.env);
    const app = await buildApp({
      env,
      dataSource: db.dataSource,
      databaseKind: db.kind,
      logDestination: options.logDestination,
    });
    options.beforeReady?.(app);
    let baseUrl = '';
    if (options.listen !== false) {
      await app.listen({ port: 0, host: '127.0.0.1' });
      baseUrl = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    } else {
      await app.ready();
    }
    return {
      app,
      env,
      db,
      dataSource: db.dataSource,
      baseUrl,
      async close() {
        await app.close();
        await db.drop();
      },
    };
  } catch (error) {
    await db.drop();
    throw error;
  }
}
