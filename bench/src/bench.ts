/**
 * `pnpm bench`: the api under load, measured against two ceilings on the same machine.
 *
 * 1. A fresh database on the local PostgreSQL (BENCH_SERVER_URL, default postgres@127.0.0.1:5432),
 *    migrated and loaded with `pnpm db:seed --large`, plus a few "hot" products with large stock.
 * 2. The api's compiled build started as a child process (node dist/main.js, NODE_ENV=production,
 *    AUTH_DEV_PROVIDER=true, LOG_LEVEL=warn, a free port), and the ceilings as two more: a bare
 *    Fastify answering the listing page's bytes, and the listing SQL through plain pg + Fastify.
 * 3. Shoppers and the admin signed in once through the real development sign-in flow over HTTP.
 * 4. autocannon, one scenario after another: req/s, p50/p99, non-2xx by status, the api's peak RSS
 *    and the share of each ceiling; then the oversell check of the order scenario.
 * 5. The table printed and written into docs/benchmarks.md (BENCH_WRITE_DOC=0 to skip).
 *
 * Environment: BENCH_DURATION (s, default 10), BENCH_CONNECTIONS (50), DB_POOL_SIZE (the api's and
 * the pg ceiling's pool, default 10), BENCH_ORDER_CUSTOMERS (shoppers placing orders, 10 each:
 * the per-user rate limit; default 40 per second of BENCH_DURATION), BENCH_ONLY (comma list of
 * scenario ids), BENCH_NODE_ARGS (extra node flags for the api, e.g. "--cpu-prof
 * --cpu-prof-dir=/tmp/prof"), BENCH_DATABASE (reuse an existing loaded database; not dropped),
 * BENCH_KEEP_DB=1 (keep the fresh one), BENCH_HOT_LOTS (dated lots per hot product, default 4).
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';
import { ALLERGENS, DIETARY_LABELS } from '@shop/schema';
import { signIn } from '../../apps/api/src/test/sign-in';
import { currentLoad, describeMachine } from './machine';
import { freePort, startServer, trackPeakRss, type Server } from './processes';
import {
  formatErrors,
  markdownTable,
  writeDoc,
  type Report,
  type ScenarioResult,
  type Verdict,
} from './report';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const API_DIR = join(ROOT, 'apps/api');
const BENCH_DIR = join(ROOT, 'bench');
const DOC = join(ROOT, 'docs/benchmarks.md');

const env = process.env;
const DURATION = Number(env.BENCH_DURATION ?? 10);
const CONNECTIONS = Number(env.BENCH_CONNECTIONS ?? 50);
const POOL_SIZE = env.DB_POOL_SIZE ?? '10';
const ORDER_CUSTOMERS = Number(env.BENCH_ORDER_CUSTOMERS ?? Math.max(100, Math.ceil(DURATION * 40)));
/** The per-user order placement limit (apps/api/src/http/rate-limits.ts: 10 a minute). */
const ORDERS_PER_CUSTOMER = 10;
/** Shoppers of their own for the order burst beside the storefront's reads (10 orders each). */
const BURST_CUSTOMERS = 30;
/** Dated lots per hot product (at most 8: each holds an eighth of its stock). */
const HOT_LOTS = Math.min(8, Number(env.BENCH_HOT_LOTS ?? 4));
const ONLY = env.BENCH_ONLY ? new Set(env.BENCH_ONLY.split(',').map((id) => id.trim())) : null;
const NODE_ARGS = env.BENCH_NODE_ARGS ? env.BENCH_NODE_ARGS.split(/\s+/).filter(Boolean) : [];
const SERVER_URL = env.BENCH_SERVER_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const PAGE = 20;
const SEARCH_TERMS = ['almond', 'organic', 'tea', 'honey', 'smoked pesto', 'rice', 'nordic', 'jam'];
const HOT_PRODUCTS = [
  { sku: 'BENCH-HOT-1', price: '2.50' },
  { sku: 'BENCH-HOT-2', price: '4.99' },
  { sku: 'BENCH-HOT-3', price: '1.25' },
  { sku: 'BENCH-HOT-4', price: '12.00' },
  { sku: 'BENCH-HOT-5', price: '0.99' },
];
const HOT_STOCK = 1_000_000;

const log = (message: string) => console.log(`[bench] ${message}`);

function databaseUrl(name: string): string {
  const url = new URL(SERVER_URL);
  url.pathname = `/${name}`;
  return url.toString();
}

async function sql<T extends pg.QueryResultRow>(
  url: string,
  text: string,
  values: unknown[] = [],
): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(text, values)).rows;
  } finally {
    await client.end();
  }
}

function run(command: string, args: string[], extraEnv: Record<string, string>): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: ROOT, env: { ...env, ...extraEnv }, stdio: 'inherit' });
    child.once('error', reject);
    child.once('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`${command} ${args.join(' ')} exited ${code}`)),
    );
  });
}

/** Runs `work` over `items`, `concurrency` at a time. */
async function inParallel<T, R>(
  items: T[],
  concurrency: number,
  work: (item: T) => Promise<R>,
): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(concurrency, items.length) }, async () => {
      while (next < items.length) {
        const index = next++;
        results[index] = await work(items[index]!);
      }
    }),
  );
  return results;
}

const rotate = <T>(values: T[]) => {
  let i = 0;
  return () => values[i++ % values.length]!;
};

const cents = (price: string) => Math.round(Number(price) * 100);

/** Staff screens' concurrency in the bench: a few people at once. */
const STAFF_CONNECTIONS = 5;

/** `from=…&to=…` for the last `days` UTC days, today included (the analytics screen's ranges). */
function lastDays(days: number): string {
  const to = new Date();
  const from = new Date(to.getTime() - (days - 1) * 86_400_000);
  const day = (date: Date) => date.toISOString().slice(0, 10);
  return `from=${day(from)}&to=${day(to)}`;
}

interface Scenario {
  id: string;
  title: string;
  kind: ScenarioResult['kind'];
  server: 'api' | 'static' | 'pg';
  request: autocannon.Request;
  /** Statuses that count as a right answer besides 2xx (the order scenario's 409). */
  allowed?: number[];
  amount?: number;
  warmup?: boolean;
  /** Connections for this scenario when not BENCH_CONNECTIONS (a staff screen has a few users, not 50). */
  connections?: number;
  /** Runs at the same time on the api (the order burst beside the storefront's reads), at its own connections. */
  alongside?: { id: string; request: autocannon.Request; connections: number; amount: number };
}

interface RawResult {
  requestsPerSecond: number;
  p50: number;
  p99: number;
  completed: number;
  statuses: Record<string, number>;
  errors: Record<string, number>;
}

async function cannon(
  baseUrl: string,
  scenario: Scenario,
  seconds: number,
  connections: number,
): Promise<RawResult> {
  const result = await autocannon({
    url: baseUrl,
    connections,
    duration: seconds,
    ...(scenario.amount && { amount: scenario.amount }),
    timeout: 30,
    requests: [scenario.request],
  });
  const statuses: Record<string, number> = {};
  const errors: Record<string, number> = {};
  const stats = (result as unknown as { statusCodeStats: Record<string, { count: number }> }).statusCodeStats;
  for (const [status, { count }] of Object.entries(stats)) {
    statuses[status] = count;
    if (!status.startsWith('2')) errors[status] = count;
  }
  if (result.errors) errors['socket errors'] = result.errors - (result.timeouts ?? 0);
  if (result.timeouts) errors.timeouts = result.timeouts;
  return {
    // Over the run's own clock: autocannon's `duration` is whole seconds, which made a fixed
    // amount (the orders) 563, 656 or 788 per second for runs 7, 6 or 5 seconds long.
    requestsPerSecond: result.requests.total / ((result.finish.getTime() - result.start.getTime()) / 1000),
    p50: result.latency.p50,
    p99: result.latency.p99,
    completed: result.requests.total,
    statuses,
    errors,
  };
}

async function main() {
  const started = Date.now();
  const tmp = mkdtempSync(join(tmpdir(), 'shop-bench-'));
  const servers: Server[] = [];
  const fresh = !env.BENCH_DATABASE;
  const dbName = env.BENCH_DATABASE ?? `shop_bench_${Date.now().toString(36)}`;
  const url = databaseUrl(dbName);
  const machine = await describeMachine(SERVER_URL);
  log(
    `${machine.cores} cores (${machine.cpuModel}), ${machine.ramGiB} GiB, load ${machine.loadBefore.join(' ')}`,
  );

  try {
    if (fresh) {
      await sql(SERVER_URL, `CREATE DATABASE ${dbName}`);
      log(`database ${dbName}: migrating and loading the large data set`);
      await run('pnpm', ['--filter', '@shop/db', 'seed', '--large'], { DATABASE_URL: url });
      // What autovacuum does to a live database within minutes: the visibility map lets a count of
      // the 50,000 orders be an index-only scan (8 ms) instead of reading every row (49 ms).
      await sql(url, 'VACUUM (ANALYZE)');
    }
    // Hot products for the order scenario: few, with stock that cannot run out, so every
    // placement competes for the same row locks.
    await sql(
      url,
      `INSERT INTO products (sku, name, description, category_id, price, unit, stock, is_active)
       SELECT sku, 'Bench Hot Product ' || sku, 'Sold by the order benchmark',
              (SELECT id FROM categories ORDER BY name LIMIT 1), price, 'each', $3, true
       FROM unnest($1::text[], $2::numeric[]) AS h(sku, price)
       ON CONFLICT (sku) DO UPDATE SET stock = EXCLUDED.stock, price = EXCLUDED.price, is_active = true`,
      [HOT_PRODUCTS.map((p) => p.sku), HOT_PRODUCTS.map((p) => p.price), HOT_STOCK],
    );
    const hot = await sql<{ id: string; sku: string; price: string; stock: number }>(
      url,
      `SELECT id, sku, price, stock FROM products WHERE sku = ANY($1::text[]) ORDER BY sku`,
      [HOT_PRODUCTS.map((p) => p.sku)],
    );
    // Orders book the earliest delivery slot (the seed's zone covers every address: docs/
    // delivery-slots.md): its row is as hot as the products'. Room for every run's orders, so a kept
    // database (BENCH_DATABASE) measures placements, not full slots.
    await sql(url, `UPDATE delivery_slot_templates SET capacity = 1000000`);
    // Each hot product's stock partly in dated lots (docs/stock-lots.md), so every order's first
    // expiry first out allocation does its real work: BENCH_HOT_LOTS lots (default 4) of an eighth
    // of the stock each, expiring on the next days; 0 leaves all stock undated.
    await sql(url, `DELETE FROM stock_lots WHERE product_id = ANY($1::uuid[])`, [hot.map((p) => p.id)]);
    if (HOT_LOTS > 0) {
      await sql(
        url,
        `INSERT INTO stock_lots (product_id, quantity, received_quantity, expires_on, reason)
         SELECT p.id, p.stock / 8, p.stock / 8, current_date + n, 'Bench lot'
         FROM products p, generate_series(1, $2::int) AS n
         WHERE p.id = ANY($1::uuid[])`,
        [hot.map((p) => p.id), HOT_LOTS],
      );
    }
    const soldBefore = await sql<{ product_id: string; sold: number }>(
      url,
      `SELECT product_id, coalesce(sum(quantity), 0)::int AS sold FROM order_items WHERE product_id = ANY($1::uuid[]) GROUP BY 1`,
      [hot.map((p) => p.id)],
    );
    const categories = (await sql<{ id: string }>(url, `SELECT id FROM categories ORDER BY name`)).map(
      (c) => c.id,
    );
    const productIds = (
      await sql<{ id: string }>(
        url,
        `SELECT id FROM products WHERE is_active ORDER BY md5(id::text) LIMIT 1000`,
      )
    ).map((p) => p.id);
    const shoppers = (
      await sql<{ email: string }>(
        url,
        `SELECT email FROM users WHERE email LIKE '%@large.example.com' ORDER BY email LIMIT $1`,
        [ORDER_CUSTOMERS + 1 + BURST_CUSTOMERS],
      )
    ).map((u) => u.email);

    // The api, production-style.
    const apiPort = await freePort();
    const api = await startServer({
      name: 'api',
      cwd: API_DIR,
      // The flags production starts it with (Dockerfile, apps/api `pnpm start`), then the bench's own.
      args: ['--max-semi-space-size=8', '--heap-growing-percent=20', ...NODE_ARGS, 'dist/main.js'],
      env: {
        NODE_ENV: 'production',
        AUTH_DEV_PROVIDER: 'true',
        DATABASE_URL: url,
        PORT: String(apiPort),
        HOST: '127.0.0.1',
        PUBLIC_URL: `http://127.0.0.1:${apiPort}`,
        ALLOW_HTTP_PUBLIC_URL: 'true',
        LOG_LEVEL: 'warn',
        SESSION_SECRET: randomBytes(32).toString('hex'),
        SEED_DEMO: 'false',
        DB_POOL_SIZE: POOL_SIZE,
        // Signing in hundreds of shoppers from one address is the bench, not an attack.
        LOGIN_RATE_LIMIT_PER_MINUTE: '1000000',
        // Likewise thousands of searches from one address (each counts, cached or not).
        SEARCH_RATE_LIMIT_PER_MINUTE: '0',
      },
      port: apiPort,
      readyPath: '/api/ready',
    });
    servers.push(api);
    const apiPid = api.child.pid!;
    log(`api on ${api.baseUrl} (pid ${apiPid})`);

    // Sign-ins over HTTP, as a browser does them.
    const signInStarted = Date.now();
    const admin = await signIn(api.baseUrl, 'admin@example.com');
    const [reader, ...everyOrderer] = await inParallel(shoppers, 8, (email) => signIn(api.baseUrl, email));
    const burstOrderers = everyOrderer.splice(
      0,
      Math.min(BURST_CUSTOMERS, Math.max(0, everyOrderer.length - 1)),
    );
    const orderers = everyOrderer;
    log(
      `signed in the admin and ${orderers.length + 1} shoppers in ${((Date.now() - signInStarted) / 1000).toFixed(1)} s`,
    );

    // Ceilings: the listing page's exact bytes, and the listing SQL through plain pg.
    const pagePath = `/api/products?limit=${PAGE}`;
    const page = Buffer.from(await (await fetch(api.baseUrl + pagePath)).arrayBuffer());
    const pageFile = join(tmp, 'page.json');
    writeFileSync(pageFile, page);
    const staticPort = await freePort();
    const staticCeiling = await startServer({
      name: 'bare Fastify',
      cwd: BENCH_DIR,
      args: ['--import', 'tsx', 'src/ceiling-static.ts'],
      env: { CEILING_BODY_FILE: pageFile, PORT: String(staticPort) },
      port: staticPort,
      readyPath: '/ready',
    });
    servers.push(staticCeiling);
    const pgPort = await freePort();
    const pgCeiling = await startServer({
      name: 'pg + Fastify',
      cwd: BENCH_DIR,
      args: ['--import', 'tsx', 'src/ceiling-pg.ts'],
      env: { DATABASE_URL: url, PORT: String(pgPort), POOL_SIZE },
      port: pgPort,
      readyPath: '/ready',
    });
    servers.push(pgCeiling);
    const pgPage = Buffer.from(await (await fetch(`${pgCeiling.baseUrl}/api/products`)).arrayBuffer());
    if (!pgPage.equals(page)) log('warning: the pg ceiling answers different bytes from the api page');

    const trpcList = (input: object) =>
      `/trpc/products.list?input=${encodeURIComponent(JSON.stringify(input))}`;
    const nextCategory = rotate(categories);
    const nextTerm = rotate(SEARCH_TERMS);
    const nextProduct = rotate(productIds);
    const nextOrderer = rotate(orderers);
    const nextBurstOrderer = rotate(burstOrderers);
    let missCounter = 0;
    const nextFacets = rotate(
      ALLERGENS.flatMap((allergen) =>
        DIETARY_LABELS.map((label) => ({ freeFrom: [allergen], dietaryLabels: [label] })),
      ),
    );
    /** The storefront's batch for a filter of two facets: its first page and the options' counts. */
    const twoFacets = () => {
      const filter = nextFacets();
      const input = { 0: { ...filter, limit: PAGE }, 1: filter };
      return `/trpc/products.page,products.facets?batch=1&input=${encodeURIComponent(JSON.stringify(input))}`;
    };
    const pick = rotate([[0], [1, 2], [3], [0, 4], [2], [1, 3, 4], [4], [0, 1]]);

    const orderBody = () => {
      const lines = pick().map((index, n) => ({ product: hot[index]!, quantity: 1 + ((index + n) % 2) }));
      const total = lines.reduce((sum, line) => sum + cents(line.product.price) * line.quantity, 0);
      return JSON.stringify({
        items: lines.map((line) => ({
          productId: line.product.id,
          quantity: line.quantity,
          price: line.product.price,
        })),
        total: (total / 100).toFixed(2),
        paymentMethod: 'card',
        shippingAddress: '10 Main St, Springfield, IL 62701, US',
        cardHolderName: 'Bench Shopper',
        cardLastFour: '4242',
      });
    };

    const get = (path: string | (() => string), headers: Record<string, string> = {}): autocannon.Request =>
      typeof path === 'string'
        ? { method: 'GET', path, headers }
        : { method: 'GET', path: path(), headers, setupRequest: (req) => ({ ...req, path: path() }) };

    const scenarios: Scenario[] = [
      {
        id: 'ceiling-static',
        title: 'ceiling: bare Fastify, same bytes',
        kind: 'ceiling',
        server: 'static',
        request: get('/api/products'),
        warmup: true,
      },
      {
        id: 'ceiling-pg',
        title: 'ceiling: listing SQL via pg + Fastify',
        kind: 'ceiling',
        server: 'pg',
        request: get('/api/products'),
        warmup: true,
      },
      {
        id: 'ceiling-pg-by-key',
        title: 'ceiling: one product by id via pg + Fastify',
        kind: 'ceiling',
        server: 'pg',
        request: get(() => `/api/products/${nextProduct()}`),
        warmup: true,
      },
      {
        id: 'rest-page',
        title: 'REST products page (20)',
        kind: 'read',
        server: 'api',
        request: get(pagePath),
        warmup: true,
      },
      {
        id: 'rest-category',
        title: 'REST products page, category',
        kind: 'read',
        server: 'api',
        request: get(() => `/api/products?limit=${PAGE}&categoryId=${nextCategory()}`),
        warmup: true,
      },
      {
        id: 'rest-search',
        title: 'REST products page, search',
        kind: 'read',
        server: 'api',
        request: get(() => `/api/products?limit=${PAGE}&search=${encodeURIComponent(nextTerm())}`),
        warmup: true,
      },
      {
        id: 'trpc-page',
        title: 'tRPC products.list page (20)',
        kind: 'read',
        server: 'api',
        request: get(trpcList({ limit: PAGE })),
        warmup: true,
      },
      {
        id: 'trpc-category',
        title: 'tRPC products.list, category',
        kind: 'read',
        server: 'api',
        request: get(() => trpcList({ limit: PAGE, categoryId: nextCategory() })),
        warmup: true,
      },
      {
        id: 'trpc-search',
        title: 'tRPC products.list, search',
        kind: 'read',
        server: 'api',
        request: get(() => trpcList({ limit: PAGE, search: nextTerm() })),
        warmup: true,
      },
      {
        id: 'storefront-page',
        title: "tRPC products.page, the storefront's call (20 + total)",
        kind: 'read',
        server: 'api',
        request: get(`/trpc/products.page?input=${encodeURIComponent(JSON.stringify({ limit: PAGE }))}`),
        warmup: true,
      },
      // The storefront's call with a category and with a search (the catalogue cache, issue 18),
      // every request a miss (a parameter tRPC ignores makes each key new: the whole uncached path plus
      // storing the answer), and the cached page read while orders are placed (each order's stock
      // event drops the listings on every instance: does the cache thrash?).
      {
        id: 'storefront-category',
        title: 'tRPC products.page, category',
        kind: 'read',
        server: 'api',
        request: get(
          () =>
            `/trpc/products.page?input=${encodeURIComponent(JSON.stringify({ limit: PAGE, categoryId: nextCategory() }))}`,
        ),
        warmup: true,
      },
      {
        id: 'storefront-search',
        title: 'tRPC products.page, search',
        kind: 'read',
        server: 'api',
        request: get(
          () =>
            `/trpc/products.page?input=${encodeURIComponent(JSON.stringify({ limit: PAGE, search: nextTerm() }))}`,
        ),
        warmup: true,
      },
      // Issue 20: the storefront filtered by two facets (free from an allergen, one dietary label), as
      // the web asks: the page and the filters' counts in one tRPC batch. The 105 combinations rotate
      // (served by the catalogue cache once asked), and again with every request a miss.
      {
        id: 'two-facets',
        title: 'tRPC products.page + facets, free from one allergen + one label',
        kind: 'read',
        server: 'api',
        request: get(() => twoFacets()),
        warmup: true,
      },
      {
        id: 'two-facets-miss',
        title: 'tRPC products.page + facets, two facets, every request a cache miss',
        kind: 'read',
        server: 'api',
        request: get(() => `${twoFacets()}&miss=${missCounter++}`),
        warmup: true,
      },
      {
        id: 'storefront-miss',
        title: 'tRPC products.page, every request a cache miss',
        kind: 'read',
        server: 'api',
        request: get(
          () =>
            `/trpc/products.page?input=${encodeURIComponent(JSON.stringify({ limit: PAGE }))}&miss=${missCounter++}`,
        ),
        warmup: true,
      },
      {
        id: 'storefront-during-orders',
        title: 'tRPC products.page while orders are placed (10 connections)',
        kind: 'read',
        server: 'api',
        request: get(`/trpc/products.page?input=${encodeURIComponent(JSON.stringify({ limit: PAGE }))}`),
        warmup: true,
        alongside: {
          id: 'order-burst',
          connections: 10,
          amount: burstOrderers.length * ORDERS_PER_CUSTOMER,
          request: {
            method: 'POST',
            path: '/api/orders',
            setupRequest: (req) => ({
              ...req,
              headers: {
                'content-type': 'application/json',
                cookie: nextBurstOrderer().cookie,
                'idempotency-key': randomUUID(),
              },
              body: orderBody(),
            }),
          },
        },
      },
      {
        id: 'product-by-id',
        title: 'REST product by id',
        kind: 'read',
        server: 'api',
        request: get(() => `/api/products/${nextProduct()}`),
        warmup: true,
      },
      {
        id: 'auth-user',
        title: 'REST /api/auth/user, signed in',
        kind: 'read',
        server: 'api',
        request: get('/api/auth/user', { cookie: reader!.cookie }),
        warmup: true,
      },
      {
        id: 'admin-orders',
        title: 'admin orders screen (orderManagement.page, 50 rows + count)',
        kind: 'read',
        server: 'api',
        request: get(
          `/trpc/orderManagement.page?input=${encodeURIComponent(JSON.stringify({ status: 'all', page: 1 }))}`,
          {
            cookie: admin.cookie,
          },
        ),
        warmup: true,
      },
      // Issue 19 item 5: Admin → Analytics over the last 30 days (the screen's default range) on the
      // large data set's 50,000 orders, target p99 under 100 ms. A handful of staff open it at once,
      // not 50: it runs at STAFF_CONNECTIONS.
      {
        id: 'analytics-30d',
        title: `admin analytics, last 30 days (${STAFF_CONNECTIONS} staff at once)`,
        kind: 'read',
        server: 'api',
        connections: STAFF_CONNECTIONS,
        request: get(`/api/admin/analytics?${lastDays(30)}&bucket=day`, { cookie: admin.cookie }),
        warmup: true,
      },
      {
        id: 'place-order',
        title: 'REST place order (POST /api/orders)',
        kind: 'write',
        server: 'api',
        allowed: [409],
        amount: orderers.length * ORDERS_PER_CUSTOMER - CONNECTIONS,
        request: {
          method: 'POST',
          path: '/api/orders',
          ...(env.BENCH_DEBUG && {
            onResponse: (status: number, body: string) => {
              if (status >= 400 && status !== 409) log(`order answered ${status}: ${body.slice(0, 300)}`);
            },
          }),
          setupRequest: (req) => ({
            ...req,
            headers: {
              'content-type': 'application/json',
              cookie: nextOrderer().cookie,
              'idempotency-key': randomUUID(),
            },
            body: orderBody(),
          }),
        },
      },
    ];

    const targets = { api, static: staticCeiling, pg: pgCeiling };
    /** The database's clock when the order scenario may start: its orders are the ones after it. */
    const ordersFrom = (await sql<{ now: Date }>(url, 'SELECT now()'))[0]!.now;
    const results: ScenarioResult[] = [];
    const raw = new Map<string, RawResult>();
    for (const scenario of scenarios) {
      if (ONLY && !ONLY.has(scenario.id) && scenario.kind !== 'ceiling') continue;
      const server = targets[scenario.server];
      if (scenario.warmup) await cannon(server.baseUrl, scenario, 2, 10);
      const rss = scenario.server === 'api' ? trackPeakRss(apiPid) : null;
      const connections = scenario.connections ?? CONNECTIONS;
      log(
        `${scenario.id}: ${scenario.amount ? `${scenario.amount} requests` : `${DURATION} s`} at ${connections} connections`,
      );
      const beside = scenario.alongside;
      const besideRun = beside
        ? cannon(
            server.baseUrl,
            { ...scenario, id: beside.id, request: beside.request, amount: beside.amount },
            DURATION,
            beside.connections,
          )
        : null;
      const result = await cannon(server.baseUrl, scenario, DURATION, connections);
      const besideResult = await besideRun;
      if (beside && besideResult) {
        raw.set(beside.id, besideResult);
        log(
          `  alongside, ${beside.id}: ${Math.round(besideResult.requestsPerSecond)} req/s, p99 ${besideResult.p99} ms, ` +
            `errors ${formatErrors(besideResult.errors)}`,
        );
      }
      const peakKb = rss?.stop() ?? null;
      if (server.child.exitCode !== null)
        throw new Error(`${scenario.id}: the server died:\n${server.output()}`);
      raw.set(scenario.id, result);
      const wrong = Object.entries(result.errors).filter(
        ([status]) => !scenario.allowed?.includes(Number(status)),
      );
      results.push({
        id: scenario.id,
        title: scenario.title,
        kind: scenario.kind,
        requestsPerSecond: result.requestsPerSecond,
        p50: result.p50,
        p99: result.p99,
        completed: result.completed,
        errors: result.errors,
        peakRssMb: peakKb === null ? null : Math.round(peakKb / 1024),
        ofStatic: null,
        ofPg: null,
      });
      log(
        `  ${Math.round(result.requestsPerSecond)} req/s, p50 ${result.p50} ms, p99 ${result.p99} ms, ` +
          `errors ${formatErrors(result.errors)}${wrong.length ? ' (UNEXPECTED)' : ''}`,
      );
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }

    const staticRate = raw.get('ceiling-static')?.requestsPerSecond ?? null;
    const pgRate = raw.get('ceiling-pg')?.requestsPerSecond ?? null;
    for (const r of results) {
      if (r.kind === 'ceiling') continue;
      r.ofStatic = staticRate ? r.requestsPerSecond / staticRate : null;
      r.ofPg = pgRate ? r.requestsPerSecond / pgRate : null;
    }

    // Oversell check: stock never below 0, and what the hot products lost is what was ordered.
    let orderCheck = 'not run';
    const verdicts: Verdict[] = [];
    const orders = raw.get('place-order');
    if (orders) {
      const after = await sql<{ id: string; stock: number; sold: number; min_ok: boolean }>(
        url,
        `SELECT p.id, p.stock, coalesce((SELECT sum(quantity) FROM order_items i WHERE i.product_id = p.id), 0)::int AS sold
         FROM products p WHERE p.id = ANY($1::uuid[]) ORDER BY p.sku`,
        [hot.map((p) => p.id)],
      );
      const benchOrders = (
        await sql<{ n: number }>(
          url,
          `SELECT count(*)::int AS n FROM orders WHERE created_at >= $1 AND idempotency_key IS NOT NULL`,
          [ordersFrom],
        )
      )[0]!.n;
      const negative = (
        await sql<{ n: number }>(url, `SELECT count(*)::int AS n FROM products WHERE stock < 0`)
      )[0]!.n;
      const mismatched = after.filter((row) => {
        const before = hot.find((p) => p.id === row.id)!;
        const soldEarlier = soldBefore.find((s) => s.product_id === row.id)?.sold ?? 0;
        return before.stock - row.stock !== row.sold - soldEarlier;
      });
      // The burst beside the storefront's reads placed orders too.
      const created = (orders.statuses['201'] ?? 0) + (raw.get('order-burst')?.statuses['201'] ?? 0);
      const unexpected = Object.entries(orders.errors).filter(([status]) => status !== '409');
      const oversold = negative > 0 || mismatched.length > 0;
      orderCheck =
        `${created} placed (201), ${orders.statuses['409'] ?? 0} refused (409); orders written during the run: ` +
        `${benchOrders}; products with negative stock: ${negative}; hot products whose stock decrease differs ` +
        `from the ordered quantity: ${mismatched.length} → ${oversold || benchOrders !== created ? 'OVERSOLD OR LOST' : '0 oversold'}.`;
      // Issue 18 item 4 (docs/benchmarks.md "Orders" says what bounds it on this machine).
      verdicts.push({
        target: 'order placement ≥ 900 orders/s, 0 oversold, no errors but 409',
        met:
          orders.requestsPerSecond >= 900 && !oversold && benchOrders === created && unexpected.length === 0,
        detail:
          `${Math.round(orders.requestsPerSecond)} orders/s` +
          (pgRate ? ` (${Math.round((orders.requestsPerSecond / pgRate) * 100)} % of the pg ceiling)` : '') +
          `, errors ${formatErrors(orders.errors)}, ${oversold ? 'oversold' : '0 oversold'}`,
      });
    }
    const listing = results.find((r) => r.id === 'rest-page');
    if (listing && listing.ofPg !== null) {
      verdicts.push({
        target: 'listing ≥ 60 % of the pg ceiling',
        met: listing.ofPg >= 0.6,
        detail:
          `REST ${Math.round(listing.ofPg * 100)} %` +
          (results.find((r) => r.id === 'trpc-page')?.ofPg != null
            ? `, tRPC ${Math.round(results.find((r) => r.id === 'trpc-page')!.ofPg! * 100)} %`
            : ''),
      });
    }
    // Issue 18's targets for the anonymous catalogue (served by the catalogue cache).
    const storefrontTargets = ['storefront-page', 'rest-page']
      .map((id) => results.find((r) => r.id === id))
      .filter((r): r is ScenarioResult => r !== undefined && r.ofPg !== null);
    if (storefrontTargets.length) {
      verdicts.push({
        target: "the storefront's call and the REST page ≥ 100 % of the pg ceiling with p99 ≤ 25 ms",
        met: storefrontTargets.every((r) => r.ofPg! >= 1 && r.p99 <= 25),
        detail: storefrontTargets
          .map((r) => `${r.id} ${Math.round(r.ofPg! * 100)} %, p99 ${r.p99} ms`)
          .join('; '),
      });
    }
    const byKeyRate = raw.get('ceiling-pg-by-key')?.requestsPerSecond;
    const byId = raw.get('product-by-id');
    if (byKeyRate && byId) {
      verdicts.push({
        target: 'one product ≥ 100 % of the by-key ceiling',
        met: byId.requestsPerSecond >= byKeyRate,
        detail: `${Math.round((byId.requestsPerSecond / byKeyRate) * 100)} % (${Math.round(byId.requestsPerSecond)} vs ${Math.round(byKeyRate)} req/s)`,
      });
    }
    // Issue 18 item 5 (docs/benchmarks.md "Memory" says where it goes).
    const peaks = results.filter((r) => r.peakRssMb !== null);
    if (peaks.length) {
      const highest = peaks.reduce((a, b) => (b.peakRssMb! > a.peakRssMb! ? b : a));
      verdicts.push({
        target: "the api's peak RSS ≤ 150 MB",
        met: highest.peakRssMb! <= 150,
        detail: `${highest.peakRssMb} MB, in ${highest.id}`,
      });
    }
    const analytics = results.find((r) => r.id === 'analytics-30d');
    if (analytics) {
      verdicts.push({
        target: `admin analytics over 30 days p99 < 100 ms (${STAFF_CONNECTIONS} staff at once)`,
        met: analytics.p99 < 100 && Object.keys(analytics.errors).length === 0,
        detail: `p50 ${analytics.p50} ms, p99 ${analytics.p99} ms, ${Math.round(analytics.requestsPerSecond)} req/s`,
      });
    }
    const reads = results.filter((r) => r.kind === 'read');
    if (reads.length) {
      const slow = reads.filter((r) => r.p99 > 50);
      verdicts.push({
        target: 'p99 ≤ 50 ms for every read',
        met: slow.length === 0,
        detail: slow.length ? `over: ${slow.map((r) => `${r.id} ${r.p99} ms`).join(', ')}` : 'all within',
      });
    }

    const report: Report = {
      machine,
      loadAfter: currentLoad(),
      config: {
        connections: CONNECTIONS,
        durationS: DURATION,
        poolSize: POOL_SIZE,
        orderCustomers: orderers.length,
      },
      results,
      verdicts,
      orderCheck,
    };
    console.log(`\n${markdownTable(results)}\n\nOrders: ${orderCheck}\n`);
    for (const v of verdicts) console.log(`${v.met ? 'met   ' : 'MISSED'} ${v.target}: ${v.detail}`);
    if (env.BENCH_WRITE_DOC !== '0') {
      writeDoc(DOC, report);
      log(`wrote ${DOC}`);
    }
    log(`done in ${Math.round((Date.now() - started) / 1000)} s`);
  } finally {
    for (const server of servers.reverse()) await server.stop();
    rmSync(tmp, { recursive: true, force: true });
    if (fresh && env.BENCH_KEEP_DB !== '1') {
      await sql(SERVER_URL, `DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`).catch(() => undefined);
    } else {
      log(`kept database ${dbName} (BENCH_DATABASE=${dbName} reuses it)`);
    }
  }
}

await main();
