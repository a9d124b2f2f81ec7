/**
 * Redis can fail any way without holding anyone (issue 32). A redis-server of this test's own, on a
 * free port, is frozen with SIGSTOP (its connection stays open and nothing answers: the audit's
 * case, where 30 of 30 orders waited past 15 s) and resumed with SIGCONT:
 * - while frozen, order placements, sign-in and anonymous searches each take at most ~0.5 s more,
 *   also 30 at once (one Redis deadline, then the breaker answers from this process);
 * - the limits still hold meanwhile, counted in the process;
 * - once Redis answers again (after the breaker's pause), the counters are Redis's again;
 * - a Redis that is stopped altogether is no different.
 * The machine's shared Redis is never touched.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Redis } from 'ioredis';
import { startTestApp, type TestApp } from '../test/test-app';
import { signIn } from '../test/sign-in';
import { freePort } from '../test/free-port';
import { cardOrder, makeProduct, uniqueEmail } from '../test/order-fixtures';

const ORDER_LIMIT = 3;
const BREAKER_SECONDS = 1;
/** What a frozen Redis may add to a request: the deadline (250 ms) and room for a loaded machine. */
const MAX_EXTRA_MS = 600;

let redisProcess: ChildProcess;
let redisPort: number;
let probe: Redis;
let shop: TestApp;

async function startRedis(): Promise<void> {
  redisPort = await freePort();
  redisProcess = spawn(
    'redis-server',
    ['--port', String(redisPort), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    { stdio: 'ignore' },
  );
  // Wait until it accepts connections, then keep one client to read its counters.
  for (let attempt = 0; ; attempt++) {
    const up = await new Promise<boolean>((resolve) => {
      const socket = connect(redisPort, '127.0.0.1');
      socket.once('connect', () => (socket.destroy(), resolve(true)));
      socket.once('error', () => (socket.destroy(), resolve(false)));
    });
    if (up) break;
    if (attempt > 100) throw new Error('redis-server did not start');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  probe = new Redis({ port: redisPort, host: '127.0.0.1', maxRetriesPerRequest: 1 });
  probe.on('error', () => undefined); // it is stopped on purpose below
  await probe.ping();
}

beforeAll(async () => {
  await startRedis();
  shop = await startTestApp({
    listen: false,
    env: {
      REDIS_URL: `redis://127.0.0.1:${redisPort}`,
      REDIS_BREAKER_SECONDS: String(BREAKER_SECONDS),
      ORDER_RATE_LIMIT_PER_MINUTE: String(ORDER_LIMIT),
      SEARCH_RATE_LIMIT_PER_MINUTE: '1000',
      LOGIN_RATE_LIMIT_PER_MINUTE: '1000',
    },
  });
}, 60_000);

afterAll(async () => {
  // Never leave it frozen: resume, then stop it.
  redisProcess?.kill('SIGCONT');
  probe?.disconnect();
  await shop?.close();
  if (redisProcess && redisProcess.exitCode === null && redisProcess.signalCode === null) {
    redisProcess.kill('SIGKILL');
    await once(redisProcess, 'exit');
  }
});

/** One request's status and how long it took. */
async function timed(request: () => Promise<{ statusCode: number }>) {
  const started = performance.now();
  const response = await request();
  return { status: response.statusCode, ms: performance.now() - started };
}

const placeOrder = (cookie: string, product: { id: string; price: string }) => () =>
  shop.app.inject({
    method: 'POST',
    url: '/api/orders',
    headers: { cookie, 'content-type': 'application/json' },
    payload: JSON.stringify(cardOrder([product])),
  });
const search = (ip: string) => () =>
  shop.app.inject({ method: 'GET', url: '/api/products?search=apple', remoteAddress: ip });
const login = (ip: string) => () => shop.app.inject({ method: 'GET', url: '/api/login', remoteAddress: ip });

async function redisKeys(): Promise<string[]> {
  return probe.keys('shop-rate-limit:*');
}

describe('a frozen Redis', () => {
  it('adds at most ~0.5 s to orders, sign-in and searches, 30 at once, and the limits still hold', async () => {
    // Healthy first: the counters are in Redis (once the api's client has connected: a check made
    // before that counts in the process and opens the breaker for a second, like any failure).
    let baseline = await timed(search('198.51.100.1'));
    for (let waited = 0; !(await redisKeys()).some((key) => key.includes('search:198.51.100.1')); waited++) {
      if (waited > 50) throw new Error('the rate limits never counted in Redis');
      await new Promise((resolve) => setTimeout(resolve, 100));
      baseline = await timed(search('198.51.100.1'));
    }
    expect(baseline.status).toBe(200);

    const shoppers = await Promise.all(
      Array.from({ length: 10 }, async () => (await signIn(shop.app, uniqueEmail('frozen-redis'))).cookie),
    );
    const product = await makeProduct(shop.dataSource, { stock: 1000 });

    // 30 at once: 10 shoppers × 1 order, 10 searches, 10 sign-ins, each from its own address.
    const burst = async (net: number) => {
      const started = performance.now();
      const results = await Promise.all([
        ...shoppers.map((cookie) => timed(placeOrder(cookie, product))),
        ...shoppers.map((_, i) => timed(search(`203.0.${net}.${i + 1}`))),
        ...shoppers.map((_, i) => timed(login(`192.0.${net}.${i + 1}`))),
      ]);
      expect(results.slice(0, 10).map((result) => result.status)).toEqual(Array(10).fill(201));
      expect(results.slice(10, 20).map((result) => result.status)).toEqual(Array(10).fill(200));
      expect(results.slice(20).map((result) => result.status)).toEqual(Array(10).fill(302));
      return { slowest: Math.max(...results.map((result) => result.ms)), wall: performance.now() - started };
    };
    const healthy = await burst(1);

    redisProcess.kill('SIGSTOP');
    try {
      const frozen = await burst(2);
      console.log(
        `30 requests at once: healthy Redis slowest ${Math.round(healthy.slowest)} ms, frozen Redis slowest ` +
          `${Math.round(frozen.slowest)} ms (+${Math.round(frozen.slowest - healthy.slowest)} ms)`,
      );
      // One deadline (250 ms) added, with room for a loaded machine.
      expect(frozen.slowest - healthy.slowest).toBeLessThan(MAX_EXTRA_MS + 400);

      // One after another, each is quick (the breaker is open: Redis is not asked at all).
      const one = shoppers[0]!;
      const sequential = [];
      for (let i = 0; i < ORDER_LIMIT + 1; i++) sequential.push(await timed(placeOrder(one, product)));
      console.log(`frozen Redis: orders one by one ${sequential.map((r) => Math.round(r.ms)).join(', ')} ms`);
      for (const result of sequential) expect(result.ms).toBeLessThan(MAX_EXTRA_MS + 400);
      // The limit held in the process: the shopper's 1 order above plus these, 3 a minute.
      expect(sequential.map((result) => result.status)).toEqual([201, 201, 429, 429]);
    } finally {
      redisProcess.kill('SIGCONT');
    }

    // Resumed: after the breaker's pause one call probes Redis, and counting is Redis's again.
    await new Promise((resolve) => setTimeout(resolve, BREAKER_SECONDS * 1000 + 200));
    await timed(search('198.51.100.77'));
    await timed(search('198.51.100.77'));
    const [key] = (await redisKeys()).filter((name) => name.includes('search:198.51.100.77'));
    expect(key).toBeDefined();
    expect(Number(await probe.get(key!))).toBeGreaterThanOrEqual(1);
    const after = await timed(search('198.51.100.78'));
    expect(after.status).toBe(200);
    expect(after.ms).toBeLessThan(MAX_EXTRA_MS);
  }, 60_000);

  it('a stopped Redis holds nobody either, and the limits hold in the process', async () => {
    const product = await makeProduct(shop.dataSource, { stock: 100 });
    const shopper = (await signIn(shop.app, uniqueEmail('stopped-redis'))).cookie;
    redisProcess.kill('SIGKILL');
    await once(redisProcess, 'exit');
    const results = [];
    for (let i = 0; i < ORDER_LIMIT + 1; i++) results.push(await timed(placeOrder(shopper, product)));
    expect(results.map((result) => result.status)).toEqual([201, 201, 201, 429]);
    for (const result of results) expect(result.ms).toBeLessThan(MAX_EXTRA_MS + 400);
  }, 30_000);
});
