/**
 * Starts the shops the browser tests run against: one per Playwright worker, each the api's
 * compiled build (`node dist/main.js`, as production runs it) in production mode (with the
 * development sign-in explicitly allowed) serving the built SPA on a free port, on a database of
 * its own on the local PostgreSQL. Workers never share a database or an api, so specs in different
 * workers cannot see each other's orders, stock or settings (docs/testing.md, "Browser tests").
 *
 * The first shop migrates and seeds a template database and is stopped; each worker's database is
 * a copy of it (`CREATE DATABASE … TEMPLATE`, a file copy), so the migrations and the demo data run
 * once, not once per worker. Which shop a worker uses: support/worker-shop.ts. Returns the teardown.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import type { FullConfig } from '@playwright/test';
import pg from 'pg';
import { SHOPS_VARIABLE, type E2EShop } from './worker-shop';

export const API_DIR = fileURLToPath(new URL('../../../api', import.meta.url));
const SERVER_URL = process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

async function onServer(sql: string) {
  const client = new pg.Client({ connectionString: SERVER_URL });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

function databaseUrl(name: string): string {
  const url = new URL(SERVER_URL);
  url.pathname = `/${name}`;
  return url.toString();
}

export async function waitForReady(url: string, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      const response = await fetch(`${url}/api/ready`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`The api did not become ready at ${url} within ${timeoutMs} ms`);
}

interface RunningShop extends E2EShop {
  process: ChildProcess;
}

/** One api on `database`, ready to serve; its SESSION_SECRET is the run's (the security scan knows it). */
async function startShop(database: string, sessionSecret: string): Promise<RunningShop> {
  const port = await freePort();
  const baseUrl = `http://localhost:${port}`;
  const url = databaseUrl(database);
  const api = spawn(process.execPath, ['dist/main.js'], {
    cwd: API_DIR,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      AUTH_DEV_PROVIDER: 'true',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: baseUrl,
      // Plain http on localhost: allowed explicitly in production (apps/api/src/env.ts).
      ALLOW_HTTP_PUBLIC_URL: 'true',
      DATABASE_URL: url,
      SESSION_SECRET: sessionSecret,
      LOG_LEVEL: 'warn',
      SEED_DEMO: 'true',
      // Specs sign in through the real flow many times a minute: the login limit would otherwise trip.
      LOGIN_RATE_LIMIT_PER_MINUTE: '10000',
      // Specs change products with SQL behind the api's back (fixtures, a price raised mid-checkout)
      // and expect the next read to show it; the catalogue cache would hold the old answer up to a
      // second (its own api tests cover it: apps/api/src/modules/catalogue-cache/).
      CATALOGUE_CACHE_MAX_AGE_MS: '0',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
    detached: true,
  });
  await waitForReady(baseUrl, 90_000);
  return { baseUrl, databaseUrl: url, process: api };
}

async function stopShop(shop: RunningShop) {
  const { process: api } = shop;
  if (!api.pid || api.exitCode !== null) return;
  const exited = new Promise((resolve) => api.once('exit', resolve));
  try {
    process.kill(-api.pid, 'SIGTERM');
  } catch {
    return; // already gone
  }
  await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000))]);
}

export default async function globalSetup(config: FullConfig) {
  if (!existsSync(`${API_DIR}/dist/main.js`)) {
    throw new Error('apps/api/dist/main.js is missing: run `pnpm --filter @shop/api build` first');
  }
  const run = `shop_e2e_${randomBytes(5).toString('hex')}`;
  const template = `${run}_template`;
  const sessionSecret = randomBytes(24).toString('hex');
  const workers = Math.max(1, config.workers);

  // The template: migrated and seeded by the shop itself, then left with no connection so it can be copied.
  await onServer(`CREATE DATABASE ${template}`);
  await stopShop(await startShop(template, sessionSecret));

  const databases = Array.from({ length: workers }, (_, index) => `${run}_w${index}`);
  for (const database of databases) await onServer(`CREATE DATABASE ${database} TEMPLATE ${template}`);
  const shops = await Promise.all(databases.map((database) => startShop(database, sessionSecret)));

  process.env[SHOPS_VARIABLE] = JSON.stringify(shops.map(({ baseUrl, databaseUrl }) => ({ baseUrl, databaseUrl })));
  process.env.E2E_SESSION_SECRET = sessionSecret;

  return async () => {
    await Promise.all(shops.map(stopShop));
    for (const database of [...databases, template]) {
      await onServer(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
    }
  };
}
