/**
 * The load test's knobs (docs/database-modes.md, "How it is tested") and the limits it must respect.
 */
export type Mode = 'embedded' | 'postgres';

const env = process.env;

function positiveInt(name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1)
    throw new Error(`${name} must be a whole number ≥ 1, not "${raw}"`);
  return value;
}

function modes(): Mode[] {
  const raw = env.LOAD_MODES ?? 'embedded,postgres';
  const list = raw
    .split(',')
    .map((mode) => mode.trim())
    .filter(Boolean);
  for (const mode of list) {
    if (mode !== 'embedded' && mode !== 'postgres')
      throw new Error(`LOAD_MODES lists "${mode}": use embedded, postgres or both`);
  }
  return list as Mode[];
}

export const config = {
  /** Seconds of load per mode. */
  seconds: positiveInt('LOAD_SECONDS', 60),
  /** Concurrent shoppers, each a new customer with its own cookie jar. */
  shoppers: positiveInt('LOAD_SHOPPERS', 50),
  modes: modes(),
  /**
   * Run the modes at the same time (LOAD_AT_ONCE, default 1) or one after the other (0). At once,
   * each mode's api shares the machine with the other's: fewer requests each, the same checks, and
   * the test's wall time is one mode's (docs/testing.md, "Where the time goes").
   */
  atOnce: env.LOAD_AT_ONCE !== '0',
  /** The PostgreSQL server the postgres mode creates its database on (dropped afterwards). */
  serverUrl: env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres',
  /** `pnpm start`'s default; every request is logged, so the whole log is scanned. */
  logLevel: env.LOAD_LOG_LEVEL || 'info',
  /** Keep the DATA_DIR / database afterwards, to look at it (LOAD_KEEP=1). */
  keep: env.LOAD_KEEP === '1',
};

/**
 * Sign-ins per IP and minute (LOGIN_RATE_LIMIT_PER_MINUTE, default 20): every shopper signs in from
 * 127.0.0.1, so the default would refuse most of them with 429. Set high, as the e2e setup does.
 */
export const LOGIN_RATE_LIMIT = 100_000;

/**
 * Orders per user and minute (ORDER_RATE_LIMIT_PER_MINUTE), set to its default — `pnpm start`'s
 * configuration — so that the shell running the test cannot change it. Shoppers stay under it on
 * purpose: a checkout every ~9 s and at most ORDER_POSTS_PER_MINUTE placements (replays included)
 * in any 60 s, so a 429 is never an expected answer and counts as a failure.
 */
export const ORDER_RATE_LIMIT = 10;
export const ORDER_POSTS_PER_MINUTE = 8;
export const ORDER_INTERVAL_MS: [number, number] = [8_000, 10_000];

/** The products most orders go to: few, with little stock, so they sell out during the run. */
export const HOT_PRODUCTS = 3;
export const HOT_START_STOCK = 100;

/**
 * A request may wait up to 30 s for the embedded database's one connection (EMBEDDED_WAIT_MS in
 * packages/db/src/data-source.ts) before the server gives up: the client waits a little longer, so
 * the server's answer, not our impatience, decides.
 */
export const REQUEST_TIMEOUT_MS = 40_000;
/** A sign-in is ~6 requests in a row. */
export const SIGN_IN_TIMEOUT_MS = 60_000;

export const SEARCH_TERMS = ['apple', 'organic', 'tea', 'bread', 'milk', 'rice', 'coffee', 'cheese', 'juice'];
