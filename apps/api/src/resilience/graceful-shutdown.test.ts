/**
 * SIGTERM lets in-flight requests finish (main.ts): the shop is started as it is in production
 * (a child process running src/main.ts), requests are made slow by holding a lock on the products
 * table, SIGTERM arrives while they wait, and then: the server takes no new connection, every
 * in-flight request — reads and an order placement — completes with its normal answer once the
 * lock is gone, and the process exits 0.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, embeddedTestDatabase, type TestDatabase } from '@shop/db/testing';
import { TEST_ENV_DEFAULTS } from '../test/test-app';
import { signIn } from '../test/sign-in';
import { freePort } from '../test/free-port';

const API_DIR = fileURLToPath(new URL('../../', import.meta.url));

let db: TestDatabase;
let child: ChildProcess;
let output = '';
let baseUrl: string;
let exit: Promise<number | null>;

beforeAll(async () => {
  db = await createTestDatabase({ poolSize: 2 });
  const port = await freePort();
  baseUrl = `http://127.0.0.1:${port}`;
  child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: API_DIR,
    env: {
      ...process.env,
      ...TEST_ENV_DEFAULTS,
      LOG_LEVEL: 'warn',
      DATABASE_URL: db.url,
      PORT: String(port),
      HOST: '127.0.0.1',
      SEED_DEMO: 'false',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk));
  exit = new Promise((resolve) => child.once('exit', (code) => resolve(code)));
  const deadline = Date.now() + 45_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the api exited while starting:\n${output}`);
    if (Date.now() > deadline) throw new Error(`the api did not start:\n${output}`);
    const ok = await fetch(`${baseUrl}/api/health`).then(
      (response) => response.ok,
      () => false,
    );
    if (ok) break;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}, 60_000);

afterAll(async () => {
  if (child && child.exitCode === null) child.kill('SIGKILL');
  await db?.drop();
});

/** Requests from the api waiting for the products lock (pg_locks is live; pg_stat_activity is a snapshot per transaction). */
async function waitingQueries(client: pg.Client): Promise<number> {
  const { rows } = await client.query(
    `SELECT count(*)::int AS n FROM pg_locks WHERE relation = 'products'::regclass AND NOT granted`,
  );
  return rows[0].n;
}

// Embedded (TEST_DB_MODE=embedded): skipped. The requests are held by a lock taken from a second
// connection (and counted in pg_locks through it), and the api runs as a child process reaching the
// database by URL: the embedded database admits neither, it belongs to one process's one connection.
describe.skipIf(embeddedTestDatabase)('SIGTERM', () => {
  it('lets in-flight requests finish with 200/201, takes no new ones, then exits 0', async () => {
    const shopper = await signIn(baseUrl, 'shutdown-shopper@example.com');
    const [product] = await db.dataSource.query(
      `SELECT id, price FROM products WHERE is_active AND stock > 5 ORDER BY name LIMIT 1`,
    );

    // Hold the products table: every request that reads or locks it waits.
    const locker = new pg.Client({ connectionString: db.url });
    await locker.connect();
    try {
      await locker.query('BEGIN');
      await locker.query('LOCK TABLE products IN ACCESS EXCLUSIVE MODE');

      const reads = Array.from({ length: 4 }, () => fetch(`${baseUrl}/api/products?limit=5`));
      const order = fetch(`${baseUrl}/api/orders`, {
        method: 'POST',
        headers: {
          cookie: shopper.cookie,
          'content-type': 'application/json',
          'idempotency-key': crypto.randomUUID(),
        },
        body: JSON.stringify({
          items: [{ productId: product.id, quantity: 1, price: product.price }],
          total: product.price,
          paymentMethod: 'cash_on_delivery',
          shippingAddress: '1 Shutdown Street, Springfield',
        }),
      });
      for (let i = 0; i < 200 && (await waitingQueries(locker)) < 5; i++) {
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      expect(await waitingQueries(locker)).toBe(5);

      child.kill('SIGTERM');
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(child.exitCode, 'still finishing its requests').toBeNull();
      // No new connection is taken while it finishes.
      const late = await fetch(`${baseUrl}/api/health`).then(
        (response) => response.status,
        () => 'refused',
      );
      expect(['refused', 503]).toContain(late);

      await locker.query('COMMIT');
      const answers = await Promise.all(reads);
      for (const answer of answers) {
        expect(answer.status).toBe(200);
        expect(await answer.json()).toHaveLength(5);
      }
      const placed = await order;
      expect(placed.status).toBe(201);
      const { id } = (await placed.json()) as { id: string };
      const code = await Promise.race([
        exit,
        new Promise((resolve) => setTimeout(() => resolve('still running'), 10_000)),
      ]);
      expect(code, `exit code after SIGTERM; output:\n${output}`).toBe(0);
      const [row] = await db.dataSource.query(`SELECT count(*)::int AS n FROM orders WHERE id = $1`, [id]);
      expect(row.n).toBe(1);
    } finally {
      await locker.end();
    }
  });
});
