/**
 * The database goes away under load and comes back (docs/architecture.md §3 readiness, issue 8 faults), on a
 * PostgreSQL server of this test's own — never the machine's shared one:
 * - the api does not crash: while the database is down every request that needs it answers 503
 *   SERVICE_UNAVAILABLE at once (not after a connect timeout, never a 500), /api/ready is 503 and
 *   /api/health stays 200;
 * - within 5 s of the database being back the api answers normally again;
 * - orders placed with an Idempotency-Key before, during (also in flight at the moment it stops)
 *   and after the outage, each retried with the same key until it succeeds, end up exactly once
 *   each: nothing committed is lost, nothing is doubled, and stock fell by exactly what was sold.
 */
import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { DataSource } from 'typeorm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dataSourceOptions, migrate, seedDemoData } from '@shop/db';
import { embeddedTestDatabase } from '@shop/db/testing';
import { buildApp } from '../app';
import { loadEnv } from '../env';
import { TEST_ENV_DEFAULTS } from '../test/test-app';
import { signIn, type SignedIn } from '../test/sign-in';
import { PrivatePostgres, privatePostgresMissing } from './private-postgres';

// Embedded (TEST_DB_MODE=embedded): skipped. This test runs on a PostgreSQL server of its own that it
// stops and starts, whatever the mode (so a second run would repeat the first); an embedded database
// lives and dies with the api process, so it has no outage of this kind to survive.
const missing = embeddedTestDatabase ? 'PostgreSQL only' : privatePostgresMissing();
if (missing && !embeddedTestDatabase)
  console.warn(`[db-outage] skipped: a private PostgreSQL cannot run here: ${missing}`);

/** What "at once" means for an outage answer: far below the pool's 5 s connect timeout. */
const FAST_MS = 2000;
const RECOVERY_MS = 5000;

let server: PrivatePostgres;
let dataSource: DataSource;
let app: FastifyInstance;
let baseUrl: string;
let shoppers: SignedIn[];
let product: { id: string; price: string };

beforeAll(async () => {
  if (missing) return;
  server = await PrivatePostgres.create();
  dataSource = new DataSource(dataSourceOptions(server.url(), { poolSize: 5 }));
  await dataSource.initialize();
  await migrate(dataSource);
  await seedDemoData(dataSource);
  // Every read below must reach the database: a signed-in caller's `/api/auth/user` would otherwise
  // be answered from the auth cache (modules/identity/auth-cache.ts) for up to AUTH_CACHE_MS.
  app = await buildApp({ env: loadEnv({ ...TEST_ENV_DEFAULTS, AUTH_CACHE_MS: '0' }), dataSource });
  await app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  // Ten shoppers, two orders each: well inside the per-user placement limit, retries included.
  shoppers = [];
  for (let i = 0; i < 10; i++)
    shoppers.push(await signIn(baseUrl, `outage-${i}-${randomUUID().slice(0, 8)}@example.com`));
  const [row] = await dataSource.query(
    `INSERT INTO products (sku, name, description, price, unit, stock)
     VALUES ('OUTAGE-1', 'Outage Oats', 'Survives restarts', '2.00', 'bag', 1000) RETURNING id, price`,
  );
  product = row;
}, 60_000);

afterAll(async () => {
  await app?.close();
  if (dataSource?.isInitialized) await dataSource.destroy().catch(() => undefined);
  await server?.destroy();
});

interface Answer {
  status: number;
  body: { id?: string; code?: string; message?: string } | null;
  ms: number;
  retryAfter?: string | null;
}

async function call(path: string, init: RequestInit = {}): Promise<Answer> {
  const started = Date.now();
  const response = await fetch(baseUrl + path, init);
  const text = await response.text();
  let body: Answer['body'] = null;
  try {
    body = JSON.parse(text);
  } catch {
    body = { message: text };
  }
  return {
    status: response.status,
    body,
    ms: Date.now() - started,
    retryAfter: response.headers.get('retry-after'),
  };
}

interface PlannedOrder {
  key: string;
  shopper: SignedIn;
  quantity: number;
  answers: Answer[];
}

let planned = 0;
function plan(count: number): PlannedOrder[] {
  return Array.from({ length: count }, () => {
    const n = planned++;
    return { key: randomUUID(), shopper: shoppers[n % shoppers.length]!, quantity: 1 + (n % 3), answers: [] };
  });
}

async function place(order: PlannedOrder): Promise<Answer> {
  const total = ((Number(product.price) * 100 * order.quantity) / 100).toFixed(2);
  const answer = await call('/api/orders', {
    method: 'POST',
    headers: {
      cookie: order.shopper.cookie,
      'content-type': 'application/json',
      'idempotency-key': order.key,
    },
    body: JSON.stringify({
      items: [{ productId: product.id, quantity: order.quantity, price: product.price }],
      total,
      paymentMethod: 'cash_on_delivery',
      shippingAddress: '1 Restart Road, Springfield',
    }),
  }).catch((error: unknown) => ({ status: 0, body: { message: String(error) }, ms: 0 }));
  order.answers.push(answer);
  return answer;
}

const succeeded = (order: PlannedOrder) => order.answers.some((answer) => answer.status === 201);

/** Reads in a loop until stopped, recording every status (0 = the connection failed). */
function backgroundReads(shopper: SignedIn) {
  const statuses: number[] = [];
  let running = true;
  const workers = Array.from({ length: 4 }, async (_, i) => {
    while (running) {
      const path = i % 2 ? '/api/auth/user' : '/api/products?limit=5';
      const answer = await call(path, { headers: { cookie: shopper.cookie } }).catch(
        () => ({ status: 0 }) as Answer,
      );
      statuses.push(answer.status);
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  });
  return {
    statuses,
    async stop() {
      running = false;
      await Promise.all(workers);
    },
  };
}

describe.skipIf(missing)('the database stops under load and comes back', () => {
  it('answers 503 fast during the outage, recovers within 5 s, and loses or doubles no order', async () => {
    const reads = backgroundReads(shoppers[0]!);

    // Before: normal service.
    const before = plan(4);
    for (const order of before) expect((await place(order)).status).toBe(201);

    // The database stops while a stream of orders is in flight (4 at a time).
    const stream = plan(16);
    let next = 0;
    let stopped = false;
    const placing = Promise.all(
      Array.from({ length: 4 }, async () => {
        while (!stopped && next < stream.length) await place(stream[next++]!);
      }),
    );
    await new Promise((resolve) => setTimeout(resolve, 100));
    await server.stop('fast');
    stopped = true;
    await placing;
    const inFlight = stream.filter((order) => order.answers.length > 0);
    for (const order of inFlight) expect([201, 503]).toContain(order.answers[0]!.status);

    // During: fast 503s in the documented shape; the process itself is fine.
    const ready = await call('/api/ready');
    expect(ready.status).toBe(503);
    expect(ready.body).toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
    expect(ready.ms).toBeLessThan(FAST_MS);
    for (const path of [
      '/api/products?limit=5',
      '/api/categories',
      '/api/auth/user',
      '/trpc/products.list',
    ]) {
      const answer = await call(path, { headers: { cookie: shoppers[1]!.cookie } });
      expect(answer.status, path).toBe(503);
      // tRPC's client reads its own envelope; REST has the documented body.
      expect(answer.body, path).toMatchObject(
        path.startsWith('/trpc/')
          ? { error: { data: { code: 'SERVICE_UNAVAILABLE', httpStatus: 503 } } }
          : { code: 'SERVICE_UNAVAILABLE' },
      );
      expect(answer.ms, path).toBeLessThan(FAST_MS);
      expect(answer.retryAfter, path).toBe('1');
    }
    const during = plan(4);
    for (const order of during) {
      const answer = await place(order);
      expect(answer.status).toBe(503);
      expect(answer.body).toEqual({
        message: 'The service is temporarily unavailable. Please try again.',
        code: 'SERVICE_UNAVAILABLE',
      });
      expect(answer.ms).toBeLessThan(FAST_MS);
    }
    expect((await call('/api/health')).status).toBe(200);

    // The database is back: the api answers within 5 s, without a restart of its own.
    await server.start();
    const back = Date.now();
    for (;;) {
      const [readyAgain, products] = await Promise.all([call('/api/ready'), call('/api/products?limit=5')]);
      if (readyAgain.status === 200 && products.status === 200) break;
      expect(Date.now() - back, 'recovery').toBeLessThan(RECOVERY_MS);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(Date.now() - back).toBeLessThan(RECOVERY_MS);

    // After: normal service; then every order that failed is retried with its own key.
    const after = plan(4);
    for (const order of after) expect((await place(order)).status).toBe(201);
    const all = [...before, ...stream, ...during, ...after];
    for (const order of all.filter((o) => !succeeded(o))) {
      expect((await place(order)).status).toBe(201);
    }
    // A retry of an order that did succeed answers the same order, too.
    for (const order of inFlight.filter((o) => o.answers[0]!.status === 201)) {
      const again = await place(order);
      expect(again.status).toBe(201);
      expect(again.body!.id).toBe(order.answers[0]!.body!.id);
    }

    await reads.stop();
    // No crash: every read answered, either normally or with 503 while the database was away.
    expect(reads.statuses.length).toBeGreaterThan(0);
    expect(reads.statuses.filter((status) => status !== 200 && status !== 503)).toEqual([]);
    expect(reads.statuses).toContain(503);

    // Each key is exactly one order; the stock fell by exactly what those orders hold.
    const rows: { idempotency_key: string; n: number; quantity: number }[] = await dataSource.query(
      `SELECT o.idempotency_key, count(DISTINCT o.id)::int AS n, sum(i.quantity)::int AS quantity
       FROM orders o JOIN order_items i ON i.order_id = o.id
       WHERE i.product_id = $1 GROUP BY o.idempotency_key`,
      [product.id],
    );
    expect(rows.map((row) => row.idempotency_key).sort()).toEqual(all.map((order) => order.key).sort());
    expect(rows.filter((row) => row.n !== 1)).toEqual([]);
    for (const order of all) {
      const ids = new Set(order.answers.filter((a) => a.status === 201).map((a) => a.body!.id));
      expect(ids.size, order.key).toBe(1);
    }
    const sold = all.reduce((sum, order) => sum + order.quantity, 0);
    const [{ stock }] = await dataSource.query(`SELECT stock FROM products WHERE id = $1`, [product.id]);
    expect(stock).toBe(1000 - sold);
  });
});
