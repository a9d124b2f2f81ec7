/**
 * The production topology without containers (issue 16): two api processes of the compiled build
 * on one PostgreSQL, behind Caddy running the repository's deploy/Caddyfile (the one compose
 * uses; only its addresses come from the environment), and everything through the proxy:
 *
 * 1. sign-in with the development provider (its steps pinned to one instance by the Caddyfile),
 *    an order placed;
 * 2. a live order update: the shopper's event stream is open through the proxy (on either
 *    instance) and staff move the order once through each instance directly, so one of the two
 *    changes is made on the other instance: both arrive, through the proxy, unbuffered;
 * 3. under load (reads, the shopper's orders, orders placed with an Idempotency-Key), one instance
 *    gets SIGTERM: 0 failed requests, every placed order stored exactly once, and the instance
 *    exits 0 within its grace period (docker-compose.yml's stop_grace_period).
 *
 * Needs Caddy (`apt-get install caddy`; .ci/run installs it): skipped without it, except in CI.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '@shop/db/testing';
import { signIn, type SignedIn } from '../test/sign-in';
import { assertCompiledBuild, freePort, productionEnv, startApi, type ApiProcess } from './compiled-api';

const CADDYFILE = fileURLToPath(new URL('../../../../deploy/Caddyfile', import.meta.url));
/** docker-compose.yml's stop_grace_period for the api. */
const GRACE_PERIOD_MS = 30_000;
/** docker-compose.yml's SHUTDOWN_DRAIN_SECONDS: longer than the Caddyfile's health check interval. */
const DRAIN_SECONDS = '3';
const LOAD_MS = 8_000;
const SIGTERM_AT_MS = 2_000;
const WORKERS = 8;

const caddyInstalled = spawnSync('caddy', ['version']).status === 0;
if (!caddyInstalled && process.env.CI) throw new Error('caddy is not installed (.ci/run installs it)');

let db: TestDatabase;
let a: ApiProcess;
let b: ApiProcess;
let caddy: ChildProcess | undefined;
let caddyOutput = '';
let caddyHome: string;
let proxy: string;

beforeAll(async () => {
  assertCompiledBuild();
  db = await createTestDatabase({ poolSize: 2 });
  const [proxyPort, adminPort, portA, portB] = await Promise.all([
    freePort(),
    freePort(),
    freePort(),
    freePort(),
  ]);
  proxy = `http://127.0.0.1:${proxyPort}`;
  const env = {
    ...productionEnv(proxy, randomBytes(24).toString('hex')), // one secret: sessions work on both
    DATABASE_URL: db.url,
    DB_POOL_SIZE: '5',
    SEED_DEMO: 'false',
    TRUST_PROXY: '1',
    SHUTDOWN_DRAIN_SECONDS: DRAIN_SECONDS,
    // The load below places many orders for one shopper; the limits are tested elsewhere.
    ORDER_RATE_LIMIT_PER_MINUTE: '0',
  };
  a = startApi('api-a', portA, env);
  b = startApi('api-b', portB, env);
  await Promise.all([a.ready(), b.ready()]);

  caddyHome = mkdtempSync(join(tmpdir(), 'shop-caddy-'));
  caddy = spawn('caddy', ['run', '--config', CADDYFILE, '--adapter', 'caddyfile'], {
    env: {
      ...process.env,
      HOME: caddyHome,
      XDG_DATA_HOME: caddyHome,
      XDG_CONFIG_HOME: caddyHome,
      SITE_ADDRESS: `:${proxyPort}`,
      PROXY_BIND: '127.0.0.1',
      API_UPSTREAMS: `${a.baseUrl.slice(7)} ${b.baseUrl.slice(7)}`,
      CADDY_ADMIN: `127.0.0.1:${adminPort}`,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  caddy.stdout!.on('data', (chunk: Buffer) => (caddyOutput = (caddyOutput + chunk).slice(-50_000)));
  caddy.stderr!.on('data', (chunk: Buffer) => (caddyOutput = (caddyOutput + chunk).slice(-50_000)));
  const deadline = Date.now() + 20_000;
  for (;;) {
    if (caddy.exitCode !== null) throw new Error(`caddy exited:\n${caddyOutput}`);
    if (Date.now() > deadline) throw new Error(`caddy did not proxy in time:\n${caddyOutput}`);
    const ok = await fetch(`${proxy}/api/ready`).then(
      (response) => response.ok,
      () => false,
    );
    if (ok) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}, 90_000);

afterAll(async () => {
  await Promise.all([a?.stop(), b?.stop()]);
  if (caddy && caddy.exitCode === null) {
    const exited = new Promise((resolve) => caddy!.once('exit', resolve));
    caddy.kill('SIGTERM');
    await exited;
  }
  if (caddyHome) rmSync(caddyHome, { recursive: true, force: true });
  await db?.drop();
});

async function placeOrder(shopper: SignedIn, product: { id: string; price: string }, key = randomUUID()) {
  return fetch(`${proxy}/api/orders`, {
    method: 'POST',
    headers: { cookie: shopper.cookie, 'content-type': 'application/json', 'idempotency-key': key },
    body: JSON.stringify({
      items: [{ productId: product.id, quantity: 1, price: product.price }],
      total: product.price,
      paymentMethod: 'cash_on_delivery',
      shippingAddress: '16 Proxy Lane, Springfield',
    }),
  });
}

async function insertProduct(sku: string, stock: number): Promise<{ id: string; price: string }> {
  const [product] = await db.dataSource.query(
    `INSERT INTO products (sku, name, description, price, unit, stock)
     VALUES ($1, $1, 'For the topology test', '2.00', 'each', $2) RETURNING id, price`,
    [sku, stock],
  );
  return product;
}

describe.skipIf(!caddyInstalled)('two compiled instances behind the Caddyfile', () => {
  it('signs in, places an order and streams a change made through the other instance', async () => {
    const shopper = await signIn(proxy, 'topology-shopper@example.com');
    const staff = await signIn(proxy, 'admin@example.com');
    expect(shopper.user.email).toBe('topology-shopper@example.com');

    const placed = await placeOrder(shopper, await insertProduct('TOPOLOGY-LIVE', 10));
    expect(placed.status).toBe(201);
    const order = (await placed.json()) as { id: string };

    const stream = openStream(proxy, shopper.cookie);
    await stream.connected;
    // One change through each instance: whichever holds the stream, one is made on the other.
    for (const [instance, status] of [
      [a, 'processing'],
      [b, 'shipped'],
    ] as const) {
      const changed = await fetch(`${instance.baseUrl}/api/orders/${order.id}/status`, {
        method: 'PATCH',
        headers: { cookie: staff.cookie, 'content-type': 'application/json' },
        body: JSON.stringify({ status }),
      });
      expect(changed.status).toBe(200);
    }
    // The placement's own event may still be on its way when the stream opens (its NOTIFY races the
    // stream's connection, which reads no session from the database when the caller is cached).
    await expect
      .poll(
        () =>
          stream.events
            .map((event) => (event as { status: string }).status)
            .filter((status) => status !== 'pending'),
        { timeout: 5000 },
      )
      .toEqual(['processing', 'shipped']);
    stream.close();
  });

  it('loses no request while one instance is stopped under load, and that one exits in time', async () => {
    const shopper = await signIn(proxy, 'topology-load@example.com');
    const product = await insertProduct('TOPOLOGY-LOAD', 1_000_000);
    const results: { kind: string; ok: boolean; status: number | string; at: number }[] = [];
    const created = new Set<string>();
    const started = performance.now();

    let stopped: { code: number | null; ms: number } | undefined;
    let whileDraining: { ready: number; health: number } | undefined;
    const stopping = new Promise<void>((resolve) =>
      setTimeout(async () => {
        const exit = a.stop(GRACE_PERIOD_MS);
        // Draining: out of rotation (/api/ready 503), still answering everything else.
        await new Promise((done) => setTimeout(done, 500));
        const status = (path: string) =>
          fetch(`${a.baseUrl}${path}`).then(
            (response) => response.status,
            () => -1,
          );
        whileDraining = { ready: await status('/api/ready'), health: await status('/api/health') };
        stopped = await exit;
        resolve();
      }, SIGTERM_AT_MS),
    );

    const kinds = ['GET /api/products', 'GET /api/orders', 'POST /api/orders', 'GET /api/products'];
    await Promise.all(
      Array.from({ length: WORKERS }, async (_, worker) => {
        for (let i = worker; performance.now() - started < LOAD_MS; i++) {
          const kind = kinds[i % kinds.length]!;
          let status: number | string;
          try {
            if (kind === 'POST /api/orders') {
              const response = await placeOrder(shopper, product);
              status = response.status;
              if (status === 201) created.add(((await response.json()) as { id: string }).id);
              else await response.arrayBuffer();
            } else {
              const response = await fetch(
                `${proxy}${kind === 'GET /api/orders' ? '/api/orders?limit=5' : '/api/products?limit=5'}`,
                { headers: { cookie: shopper.cookie } },
              );
              status = response.status;
              await response.arrayBuffer();
            }
          } catch (error) {
            status = (error as Error).message;
          }
          const ok = status === (kind === 'POST /api/orders' ? 201 : 200);
          results.push({ kind, ok, status, at: performance.now() - started });
        }
      }),
    );
    await stopping;

    const failed = results.filter((result) => !result.ok);
    const afterStop = results.filter((result) => result.at > SIGTERM_AT_MS + stopped!.ms).length;
    const counts = new Map<string, number>();
    for (const { kind } of results) counts.set(kind, (counts.get(kind) ?? 0) + 1);
    const byKind = [...counts].map(([kind, count]) => `${kind} ${count}`).join(', ');
    const [{ n }] = await db.dataSource.query(
      `SELECT count(*)::int AS n FROM orders o JOIN users u ON u.id = o.user_id WHERE u.email = $1`,
      ['topology-load@example.com'],
    );
    console.log(
      `[proxy topology] ${results.length} requests through the proxy in ${LOAD_MS / 1000} s (${byKind}); ` +
        `${failed.length} failed; ${created.size} orders placed, ${n} stored; ` +
        `SIGTERM at ${SIGTERM_AT_MS / 1000} s: api-a exited ${stopped!.code} after ${stopped!.ms} ms ` +
        `(drain ${DRAIN_SECONDS} s, grace period ${GRACE_PERIOD_MS / 1000} s); ${afterStop} requests after it exited`,
    );

    expect(failed.slice(0, 10), `failed requests; caddy:\n${caddyOutput.slice(-5000)}`).toEqual([]);
    expect(whileDraining).toEqual({ ready: 503, health: 200 });
    expect(stopped).toMatchObject({ code: 0 });
    expect(stopped!.ms).toBeLessThan(GRACE_PERIOD_MS);
    expect(afterStop).toBeGreaterThan(0);
    expect(n).toBe(created.size);
    // The other instance served on, and still does.
    expect((await fetch(`${proxy}/api/ready`)).status).toBe(200);
  }, 60_000);
});

/** A shopper's live order stream (tRPC subscription over server-sent events), collecting its events. */
function openStream(baseUrl: string, cookie: string) {
  const hangUp = new AbortController();
  const events: unknown[] = [];
  let onConnected!: () => void;
  const connected = new Promise<void>((resolve) => (onConnected = resolve));
  void (async () => {
    const response = await fetch(`${baseUrl}/trpc/orderEvents.mine`, {
      headers: { cookie, accept: 'text/event-stream' },
      signal: hangUp.signal,
    });
    const reader = response.body!.getReader();
    let buffer = '';
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return;
      buffer += new TextDecoder().decode(value);
      let end: number;
      while ((end = buffer.indexOf('\n\n')) !== -1) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        if (block.includes('event: connected')) onConnected();
        const data = /^data: (.*)$/m.exec(block)?.[1];
        if (data && !block.includes('event:')) events.push(JSON.parse(data));
      }
    }
  })().catch(() => undefined);
  return { events, connected, close: () => hangUp.abort() };
}
