/**
 * One database mode under load, end to end:
 * 1. a fresh database — embedded: a new temporary DATA_DIR and no DATABASE_URL; postgres: a new
 *    database on TEST_DATABASE_URL's server — and the api started as `pnpm start` starts it
 *    (`tsx src/main.ts` in apps/api: migrations and the demo data on first start), on a free port,
 *    its whole log scanned as it runs;
 * 2. staff sign in; the hot products get their starting stock (the mark, see checks.ts); every
 *    product's stock is read as the start;
 * 3. the load: shoppers and staff until the deadline;
 * 4. the api stopped with SIGTERM and awaited, then the database opened directly (the embedded one
 *    only once the api has let go of it) and the invariants checked;
 * 5. the database removed (LOAD_KEEP=1 keeps it).
 */
import { once } from 'node:events';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { openDatabase } from '@shop/db';
import type { AdminProductDto } from '@shop/schema';
import { freePort, startServer, type Server } from '../processes';
import { Actor } from './actor';
import { runChecks, type Check } from './checks';
import {
  config,
  HOT_PRODUCTS,
  HOT_START_STOCK,
  LOGIN_RATE_LIMIT,
  ORDER_RATE_LIMIT,
  type Mode,
} from './config';
import { Recorder } from './recorder';
import { ServerLog } from './server-log';
import { runShopper } from './shopper';
import { runInventoryManager, runOrderStaff } from './staff';
import type { HotProduct, World } from './world';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const API_DIR = join(ROOT, 'apps/api');
const WEB_DIST = join(ROOT, 'apps/web/dist');

export const MODE_TITLES: Record<Mode, string> = {
  embedded: 'embedded: PGlite in the api process, exactly one connection (no DATABASE_URL)',
  postgres: 'postgres: a real PostgreSQL server, a pool of DB_POOL_SIZE connections',
};

export interface ModeResult {
  mode: Mode;
  recorder: Recorder;
  log: ServerLog;
  checks: Check[];
  /** The api's exit code after SIGTERM (0 = a clean shutdown). */
  exitCode: number | null;
  /** Why the run could not be completed, if it could not. */
  error?: string;
  startupSeconds: number;
  loadSeconds: number;
  wallSeconds: number;
  shoppersSignedIn: number;
  ordersPlaced: number;
  hot: HotProduct[];
  staticFiles: boolean;
}

const log = (mode: Mode, message: string) => console.log(`[load ${mode}] ${message}`);

async function onServer(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: config.serverUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** The SPA's entry files a browser fetches first, when the web has been built (the e2e builds it). */
function staticPaths(): string[] {
  const index = join(WEB_DIST, 'index.html');
  if (!existsSync(index)) return [];
  const html = readFileSync(index, 'utf8');
  const assets = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.(?:js|css))"/g)].map(
    (match) => match[1]!,
  );
  return ['/', '/favicon.svg', ...assets.slice(0, 2)];
}

export async function runMode(mode: Mode): Promise<ModeResult> {
  const started = Date.now();
  const nonce = randomBytes(4).toString('hex');
  const recorder = new Recorder();
  const serverLog = new ServerLog();
  const result: ModeResult = {
    mode,
    recorder,
    log: serverLog,
    checks: [],
    exitCode: null,
    startupSeconds: 0,
    loadSeconds: 0,
    wallSeconds: 0,
    shoppersSignedIn: 0,
    ordersPlaced: 0,
    hot: [],
    staticFiles: false,
  };

  let dataDir: string | null = null;
  let database: string | null = null;
  let databaseUrl: string | null = null;
  let server: Server | null = null;
  try {
    if (mode === 'embedded') {
      dataDir = mkdtempSync(join(tmpdir(), 'shop-load-'));
    } else {
      database = `shop_load_${nonce}`;
      await onServer(`CREATE DATABASE ${database}`);
      const url = new URL(config.serverUrl);
      url.pathname = `/${database}`;
      databaseUrl = url.toString();
    }

    const port = await freePort();
    log(
      mode,
      `starting the api on port ${port} (${dataDir ? `DATA_DIR=${dataDir}` : `database ${database}`})`,
    );
    server = await startServer({
      name: `api (${mode})`,
      cwd: API_DIR,
      // `pnpm start` runs `tsx src/main.ts`; node with tsx's loader is the same program without the
      // tsx wrapper process, so SIGTERM reaches the server itself and its exit code is the server's.
      args: ['--import', 'tsx', 'src/main.ts'],
      env: {
        NODE_ENV: 'development',
        PORT: String(port),
        HOST: '127.0.0.1',
        // Empty means unset (env.ts), and a variable set here wins over the repository's .env:
        // nothing from the calling shell or a developer's .env may switch the mode or the provider.
        DATABASE_URL: databaseUrl ?? '',
        ...(dataDir && { DATA_DIR: dataDir }),
        PUBLIC_URL: '',
        OIDC_ISSUER_URL: '',
        ADMIN_EMAILS: '',
        REDIS_URL: '',
        TRUST_PROXY: '',
        SEED_DEMO: 'true',
        LOG_LEVEL: config.logLevel,
        // What the log scan reads (a terminal would get pretty lines; this is a pipe, said anyway).
        LOG_FORMAT: 'json',
        LOGIN_RATE_LIMIT_PER_MINUTE: String(LOGIN_RATE_LIMIT),
        ORDER_RATE_LIMIT_PER_MINUTE: String(ORDER_RATE_LIMIT),
      },
      port,
      readyPath: '/api/ready',
      // The first start migrates and seeds; the embedded database does it in WASM on a shared machine.
      timeoutMs: 180_000,
      onOutput: (chunk, stream) => serverLog.feed(chunk, stream),
    });
    const closed = once(server.child, 'close');
    result.startupSeconds = (Date.now() - started) / 1000;
    log(mode, `api ready in ${result.startupSeconds.toFixed(1)} s`);

    // Staff, and the starting point of the run.
    const staff = {
      inventory: new Actor('inventory@', server.baseUrl, recorder),
      sales: new Actor('sales@', server.baseUrl, recorder),
      admin: new Actor('admin@', server.baseUrl, recorder),
    };
    for (const [name, actor] of Object.entries(staff)) {
      if (!(await actor.signIn(`${name}@example.com`)))
        throw new Error(`${name}@example.com could not sign in`);
    }
    const catalogue = async () => {
      const answer = await staff.admin.request<AdminProductDto[]>('GET /api/products', '/api/products');
      if (answer?.status !== 200) throw new Error('the catalogue could not be read');
      return answer.body;
    };
    const hot = (await catalogue())
      .filter((product) => product.isActive)
      .sort((a, b) => a.sku.localeCompare(b.sku))
      .slice(0, HOT_PRODUCTS);
    result.hot = hot.map(({ id, sku, name }) => ({ id, sku, name }));
    const startReason = `load ${nonce}: starting stock`;
    for (const product of hot) {
      // The ledger skips a change to the same level, and the mark needs a row.
      const levels =
        product.stock === HOT_START_STOCK ? [HOT_START_STOCK - 1, HOT_START_STOCK] : [HOT_START_STOCK];
      for (const stock of levels) {
        const answer = await staff.inventory.request(
          'PATCH /api/products/:id',
          `/api/products/${product.id}`,
          {
            method: 'PATCH',
            body: { stock, reason: startReason },
          },
        );
        if (answer?.status !== 200) throw new Error(`the starting stock of ${product.sku} could not be set`);
      }
    }
    const start = await catalogue();
    const startStock = new Map(start.map((product) => [product.id, product.stock]));

    const paths = staticPaths();
    result.staticFiles = paths.length > 0;
    const stop = new AbortController();
    const world: World = {
      baseUrl: server.baseUrl,
      recorder,
      deadline: Date.now() + config.seconds * 1000,
      stop: stop.signal,
      hot: result.hot,
      productIds: start.filter((product) => product.isActive).map((product) => product.id),
      staticPaths: paths,
      nonce,
      shopperIds: new Set(),
    };
    for (const actor of Object.values(staff)) actor.stopAt = world.deadline;
    const stopTimer = setTimeout(() => stop.abort(), config.seconds * 1000);
    const progress = setInterval(() => {
      const elapsed = Math.round(config.seconds - (world.deadline - Date.now()) / 1000);
      log(
        mode,
        `${elapsed} s: ${recorder.requests} requests, ${recorder.counted('orders placed (201)')} orders, ` +
          `${recorder.failureCount()} failures`,
      );
    }, 10_000);
    log(
      mode,
      `load: ${config.shoppers} shoppers + 3 staff for ${config.seconds} s; hot products ` +
        `${hot.map((product) => product.sku).join(', ')} at ${HOT_START_STOCK}; ` +
        (paths.length
          ? `static files ${paths.join(' ')}`
          : 'no web build (apps/web/dist): static files skipped'),
    );
    const loadStarted = Date.now();
    const [placedSets] = await Promise.all([
      Promise.all(Array.from({ length: config.shoppers }, (_, index) => runShopper(world, index + 1))),
      runOrderStaff(world, staff.sales, 'sales'),
      runOrderStaff(world, staff.admin, 'admin'),
      runInventoryManager(world, staff.inventory),
    ]);
    clearTimeout(stopTimer);
    clearInterval(progress);
    stop.abort();
    result.loadSeconds = (Date.now() - loadStarted) / 1000;
    const placedOrders = new Set(placedSets.flatMap((set) => [...set]));
    result.ordersPlaced = placedOrders.size;
    result.shoppersSignedIn = world.shopperIds.size;

    // Stop the api and wait for it (and its output) to end: the embedded database's files are then free.
    result.exitCode = await server.stop();
    await Promise.race([closed, new Promise((resolve) => setTimeout(resolve, 5000))]);
    serverLog.end();
    server = null;
    log(mode, `api stopped (exit code ${result.exitCode}); checking the database`);

    const db = await openDatabase(dataDir ? { dataDir } : { url: databaseUrl! });
    try {
      result.checks = await runChecks(db.dataSource, {
        startStock,
        hot: result.hot,
        startReason,
        shopperIds: [...world.shopperIds],
        staffIds: Object.values(staff).map((actor) => actor.userId!),
        placedOrders,
        statusChanges: recorder.counted('order status changes (200)'),
      });
    } finally {
      await db.close();
    }
  } catch (error) {
    result.error = (error as Error).stack ?? String(error);
  } finally {
    if (server) {
      result.exitCode = await server.stop();
      serverLog.end();
    }
    if (config.keep) {
      log(mode, `kept ${dataDir ? `DATA_DIR ${dataDir}` : `database ${database}`} (LOAD_KEEP=1)`);
    } else {
      if (dataDir) rmSync(dataDir, { recursive: true, force: true });
      if (database) await onServer(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`).catch(() => undefined);
    }
    result.wallSeconds = (Date.now() - started) / 1000;
  }
  return result;
}
