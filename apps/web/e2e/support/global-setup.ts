/**
 * Starts the shop for the browser tests: a fresh database on the local PostgreSQL, the api's
 * compiled build (`node dist/main.js`, as production runs it) in production mode (with the
 * development sign-in explicitly allowed) serving the built SPA on a free port. Returns the teardown. The base URL reaches the tests through E2E_BASE_URL.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

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

export async function waitForReady(url: string, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      const response = await fetch(`${url}/api/ready`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`The api did not become ready at ${url} within ${timeoutMs} ms`);
}

export default async function globalSetup() {
  const database = `shop_e2e_${randomBytes(5).toString('hex')}`;
  await onServer(`CREATE DATABASE ${database}`);
  const databaseUrl = new URL(SERVER_URL);
  databaseUrl.pathname = `/${database}`;

  const port = await freePort();
  // Known to the tests too: the security scan (support/test.ts) looks for it in every answer.
  const sessionSecret = randomBytes(24).toString('hex');
  const baseUrl = `http://localhost:${port}`;
  if (!existsSync(`${API_DIR}/dist/main.js`)) {
    throw new Error('apps/api/dist/main.js is missing: run `pnpm --filter @shop/api build` first');
  }
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
      DATABASE_URL: databaseUrl.toString(),
      SESSION_SECRET: sessionSecret,
      LOG_LEVEL: 'warn',
      SEED_DEMO: 'true',
      // Every test signs in through the real flow: the login limit would otherwise trip the suite.
      LOGIN_RATE_LIMIT_PER_MINUTE: '10000',
      // Specs change products with SQL behind the api's back (fixtures, a price raised mid-checkout)
      // and expect the next read to show it; the catalogue cache would hold the old answer up to a
      // second (its own api tests cover it: apps/api/src/modules/catalogue-cache/).
      CATALOGUE_CACHE_MAX_AGE_MS: '0',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
    detached: true,
  });

  await waitForReady(baseUrl, 60_000);
  process.env.E2E_BASE_URL = baseUrl;
  process.env.E2E_DATABASE_URL = databaseUrl.toString();
  process.env.E2E_SESSION_SECRET = sessionSecret;

  return async () => {
    if (api.pid) {
      try {
        process.kill(-api.pid, 'SIGTERM');
      } catch {
        // already gone
      }
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
    await onServer(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
  };
}
