/**
 * An api built over its own clone of the seeded test database, answering through `app.inject()`.
 * Anonymous until sign-in is wired; `WEB_DIST` points at a directory that does not exist unless a
 * test serves an SPA.
 */
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { createTestDatabase, type TestDatabase } from '@shop/db/testing';
import { buildApp } from '../app';
import { loadEnv, type Env } from '../env';

export interface TestApp {
  app: FastifyInstance;
  db: TestDatabase;
  env: Env;
  close(): Promise<void>;
}

export function testEnv(overrides: Record<string, string> = {}): Env {
  return loadEnv({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    WEB_DIST: join(tmpdir(), `shop-no-web-dist-${randomBytes(6).toString('hex')}`),
    ...overrides,
  });
}

export async function startTestApp(overrides: Record<string, string> = {}): Promise<TestApp> {
  const db = await createTestDatabase({ poolSize: 4 });
  const env = testEnv({ DATABASE_URL: db.url, ...overrides });
  const app = await buildApp({ env, dataSource: db.dataSource });
  await app.ready();
  return {
    app,
    db,
    env,
    async close() {
      await app.close();
      await db.drop();
    },
  };
}

/** A response body must never carry a stack trace or SQL (DESIGN.md §3). */
export function expectNoInternals(body: string): void {
  expect(body).not.toMatch(/\n\s+at /);
  expect(body).not.toMatch(/ {4}at /);
  expect(body).not.toMatch(/\b(SELECT|INSERT|UPDATE|DELETE)\b[\s\S]*\b(FROM|INTO|SET|WHERE)\b/);
  expect(body).not.toMatch(/QueryFailedError|TypeORMError|ZodError|node_modules|\.ts:\d+/);
}
