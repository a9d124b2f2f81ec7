/**
 * The api's configuration, parsed once from the environment. The only module that reads
 * `process.env`; a bad variable stops the start with a one-line message naming it.
 *
 * Production fails closed (docs/deploy.md): with NODE_ENV=production the api refuses to start
 * without SESSION_SECRET, PUBLIC_URL and a real OpenID Connect provider over https
 * (AUTH_DEV_PROVIDER=true is the loud exception for demos), and loads no demo data unless SEED_DEMO=true.
 * It also refuses, unless explicitly allowed (issue 32, docs/security.md), the embedded database
 * (ALLOW_EMBEDDED_DATABASE), the development SESSION_SECRET published in this file
 * (ALLOW_DEV_SESSION_SECRET) and a plain-http PUBLIC_URL, whose cookies are not Secure
 * (ALLOW_HTTP_PUBLIC_URL). Outside
 * production the development sign-in — one click to become admin — listens on 127.0.0.1 unless
 * HOST says otherwise.
 */
import { existsSync } from 'node:fs';
import { isIP } from 'node:net';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { IMAGE_HOST_PATTERN } from '@shop/schema';

const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const DEV_SESSION_SECRET = 'development-only-session-secret-change-me-0123456789';

const flag = (fallback: boolean) =>
  z
    .enum(['true', 'false', '1', '0', ''])
    .optional()
    .transform((value) =>
      value === undefined || value === '' ? fallback : value === 'true' || value === '1',
    );

const emptyAsUndefined = (value: unknown) => (value === '' ? undefined : value);

/** An address or a CIDR range ('10.0.0.0/8', '::1'). */
function isAddressOrRange(entry: string): boolean {
  const [address, bits, extra] = entry.split('/');
  if (extra !== undefined || !address) return false;
  const family = isIP(address);
  if (family === 0) return false;
  if (bits === undefined) return true;
  const max = family === 4 ? 32 : 128;
  return /^\d{1,3}$/.test(bits) && Number(bits) <= max;
}

/**
 * Which proxies' X-Forwarded-* headers to believe, as Fastify's `trustProxy` takes it: `false` (none,
 * the default), a hop count (`1`: the one proxy in front), or the proxies' addresses/ranges. Never
 * "everyone" by accident: a client could then write its own X-Forwarded-For and pick its IP.
 */
const TrustProxy = z
  .preprocess(emptyAsUndefined, z.string().optional())
  .transform((value, ctx): boolean | number | string[] => {
    if (value === undefined || value === 'false') return false;
    if (value === 'true') return true;
    if (/^\d+$/.test(value)) return Number(value);
    const entries = value.split(',').map((entry) => entry.trim());
    if (entries.every(isAddressOrRange)) return entries;
    ctx.addIssue({
      code: 'custom',
      message: 'must be false, a hop count (e.g. 1) or a comma list of proxy addresses/CIDR ranges',
    });
    return z.NEVER;
  });

export const EnvSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    /** Default: 127.0.0.1 while the development sign-in runs outside production, else 0.0.0.0. */
    HOST: z.preprocess(emptyAsUndefined, z.string().optional()),
    /** The origin shoppers use, e.g. https://shop.example.com. Default: http://localhost:PORT. */
    PUBLIC_URL: z.preprocess(emptyAsUndefined, z.url().optional()),
    DATABASE_URL: z.preprocess(emptyAsUndefined, z.string().startsWith('postgres').optional()),
    DATA_DIR: z.string().default(`${REPO_ROOT}.data`),
    DB_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
    /** Default: true outside production, false in production. */
    SEED_DEMO: z
      .enum(['true', 'false', '1', '0', ''])
      .optional()
      .transform((value) =>
        value === undefined || value === '' ? undefined : value === 'true' || value === '1',
      ),
    /** Required in production; outside it a fixed development value. */
    SESSION_SECRET: z.preprocess(
      emptyAsUndefined,
      z.string().min(32, 'must be at least 32 characters').optional(),
    ),
    SESSION_TTL_HOURS: z.coerce
      .number()
      .positive()
      .default(24 * 7),
    /** A staff member's session (any permission) ends after this many minutes without a request. */
    SESSION_IDLE_MINUTES_STAFF: z.coerce.number().positive().default(30),
    /** A shopper's session ends after this many minutes without a request (default: a day). */
    SESSION_IDLE_MINUTES_SHOPPER: z.coerce
      .number()
      .positive()
      .default(24 * 60),
    /**
     * How long an api instance may reuse a session's row and its user's permissions without asking
     * the database again (modules/identity/auth-cache.ts): the longest a revocation whose announcement
     * was lost can go unnoticed. 0 turns the cache off.
     */
    AUTH_CACHE_MS: z.coerce.number().int().min(0).max(60_000).default(2000),
    TRUST_PROXY: TrustProxy,
    /** redis:// URL: rate-limit counters shared by every api instance (unset: each instance counts alone). */
    REDIS_URL: z.preprocess(
      emptyAsUndefined,
      z
        .string()
        .regex(/^rediss?:\/\//, 'must be a redis:// or rediss:// URL')
        .optional(),
    ),
    /** The longest a rate-limit check waits for Redis (each command, and a connect) before counting locally. */
    REDIS_TIMEOUT_MS: z.coerce.number().int().min(10).max(10_000).default(250),
    /** After Redis failed to answer, how long the limits count in this process before asking it again. */
    REDIS_BREAKER_SECONDS: z.coerce.number().positive().max(3600).default(10),
    OIDC_ISSUER_URL: z.preprocess(emptyAsUndefined, z.url().optional()),
    OIDC_CLIENT_ID: z.preprocess(emptyAsUndefined, z.string().optional()),
    OIDC_CLIENT_SECRET: z.preprocess(emptyAsUndefined, z.string().optional()),
    /** Runs the development identity provider even with NODE_ENV=production (demos only). */
    AUTH_DEV_PROVIDER: flag(false),
    /** Runs the embedded database (no DATABASE_URL) with NODE_ENV=production: a one-instance demo. */
    ALLOW_EMBEDDED_DATABASE: flag(false),
    /** Accepts the development SESSION_SECRET (published in the source) with NODE_ENV=production: tests only. */
    ALLOW_DEV_SESSION_SECRET: flag(false),
    /** Accepts an http:// PUBLIC_URL with NODE_ENV=production (cookies then not Secure): tests on localhost. */
    ALLOW_HTTP_PUBLIC_URL: flag(false),
    /** Requests per minute and client IP to /api/login and /api/callback (each); 0 = no limit. */
    LOGIN_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(0).default(20),
    /**
     * Orders a minute per signed-in shopper (per IP when signed out), counting every order call,
     * also each one inside a tRPC batch; 0 = no limit (a trusted deployment).
     */
    ORDER_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(0).default(10),
    /** Catalogue searches a minute per IP by visitors who are not signed in; 0 = no limit. */
    SEARCH_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(0).default(120),
    /** Orders a minute per API token (a script's own counter, apart from its user's); 0 = no limit. */
    API_TOKEN_ORDER_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(0).default(120),
    /**
     * Hosts product and profile pictures may come from, over https (docs/architecture.md §4
     * "Pictures"); the CSP's img-src lists them. Empty: only the shop's own pictures (/products/…).
     */
    IMAGE_HOSTS: z
      .string()
      .default('')
      .transform((list, ctx) => {
        const hosts = list
          .split(',')
          .map((host) => host.trim().toLowerCase())
          .filter(Boolean);
        const bad = hosts.find((host) => !IMAGE_HOST_PATTERN.test(host));
        if (bad !== undefined) {
          ctx.addIssue({
            code: 'custom',
            message: `"${bad}" is not a host name: a comma list like cdn.example.com,images.example.net`,
          });
          return z.NEVER;
        }
        return hosts;
      }),
    /**
     * How long an anonymous catalogue answer may be served from the api's cache, and by browsers
     * and proxies (Cache-Control max-age), at most: the staleness a lost invalidation could cost
     * (modules/catalogue/catalogue-cache.ts). 0 turns the cache off.
     */
    CATALOGUE_CACHE_MAX_AGE_MS: z.coerce.number().int().min(0).max(60_000).default(1000),
    /** Most answers the catalogue cache keeps per api instance (least recently used go first). */
    CATALOGUE_CACHE_MAX_ENTRIES: z.coerce.number().int().min(1).max(1_000_000).default(2000),
    /** Most megabytes of answers (with their compressed forms) the catalogue cache keeps per api instance. */
    CATALOGUE_CACHE_MAX_MB: z.coerce.number().positive().max(4096).default(16),
    /** Live streams (SSE) a user may have open at once, per api instance; one more is refused (429). */
    LIVE_STREAMS_PER_USER: z.coerce.number().int().min(1).max(1000).default(5),
    /** A live stream's longest life; then it ends and the web opens a new one. */
    LIVE_STREAM_MAX_SECONDS: z.coerce.number().positive().max(86_400).default(3600),
    /** How often a live stream checks that its session or token and permission still hold. */
    LIVE_STREAM_RECHECK_SECONDS: z.coerce.number().positive().max(3600).default(30),
    ADMIN_EMAILS: z
      .string()
      .default('')
      .transform((list) =>
        list
          .split(',')
          .map((email) => email.trim().toLowerCase())
          .filter(Boolean),
      ),
    /**
     * On SIGTERM, how long /api/ready answers 503 (while every request is still served) before the
     * server closes: the time a load balancer's health check needs to take the instance out of
     * rotation (deploy/Caddyfile checks every second). 0 = close at once.
     */
    SHUTDOWN_DRAIN_SECONDS: z.coerce.number().min(0).max(120).default(0),
    /**
     * Order emails (docs/architecture.md §4 "Order emails"): the mail server, e.g.
     * smtp://user:pass@mail.example.com:587; unset, they go to the built-in outbox (Admin → Outbox).
     */
    SMTP_URL: z.preprocess(emptyAsUndefined, z.string().regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL').optional()),
    /** The sender's address of the order emails; the name they are sent under is the shop's (Admin → Settings). */
    MAIL_FROM: z.string().min(3).default('FreshCart <orders@freshcart.local>'),
    /** Send order emails at all (the job queue and its worker); tests that do not look at them turn it off. */
    ORDER_EMAILS: flag(true),
    /** A failed email is tried again this many times, after MAIL_RETRY_DELAY_SECONDS, doubling each time. */
    MAIL_RETRY_LIMIT: z.coerce.number().int().min(0).max(100).default(12),
    MAIL_RETRY_DELAY_SECONDS: z.coerce.number().int().min(1).max(3600).default(10),
    /** Run the scheduled expiry of best-before lots (inventory/lot-expiry-job.ts); tests run it themselves. */
    LOT_EXPIRY_JOB: flag(true),
    /** How often the email worker looks for work. */
    MAIL_POLL_SECONDS: z.coerce.number().min(0.5).max(60).default(2),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    /** `json` (one object a line, for log collectors) or `pretty`; default: pretty on a terminal outside production. */
    LOG_FORMAT: z.preprocess(emptyAsUndefined, z.enum(['json', 'pretty']).optional()),
    /** The built SPA; served with a history fallback when it exists. */
    WEB_DIST: z.string().default(`${REPO_ROOT}apps/web/dist`),
  })
  .superRefine((env, ctx) => {
    const production = env.NODE_ENV === 'production';
    const refuse = (variable: string, message: string) =>
      ctx.addIssue({ code: 'custom', path: [variable], message });
    if (production && !env.SESSION_SECRET) {
      refuse(
        'SESSION_SECRET',
        'is required in production: at least 32 random characters (e.g. `openssl rand -hex 32`)',
      );
    }
    if (production && !env.PUBLIC_URL) {
      refuse(
        'PUBLIC_URL',
        'is required in production: the origin shoppers use, e.g. https://shop.example.com',
      );
    }
    if (production && env.SESSION_SECRET === DEV_SESSION_SECRET && !env.ALLOW_DEV_SESSION_SECRET) {
      refuse(
        'SESSION_SECRET',
        'is the development secret published in the source: anyone can sign sessions with it ' +
          '(make one with `openssl rand -hex 32`; ALLOW_DEV_SESSION_SECRET=true for a test only)',
      );
    }
    if (production && env.PUBLIC_URL && new URL(env.PUBLIC_URL).protocol === 'http:' && !env.ALLOW_HTTP_PUBLIC_URL) {
      refuse(
        'PUBLIC_URL',
        'must be an https:// URL in production: over http the session cookie is not Secure ' +
          '(ALLOW_HTTP_PUBLIC_URL=true for a test on this computer)',
      );
    }
    if (production && !env.DATABASE_URL && !env.ALLOW_EMBEDDED_DATABASE) {
      refuse(
        'DATABASE_URL',
        'is required in production: the embedded database is for one instance on one computer ' +
          '(ALLOW_EMBEDDED_DATABASE=true for a demo)',
      );
    }
    if (env.OIDC_ISSUER_URL && !env.OIDC_CLIENT_ID) {
      refuse('OIDC_CLIENT_ID', 'is required with OIDC_ISSUER_URL');
    }
    if (production && env.OIDC_ISSUER_URL && new URL(env.OIDC_ISSUER_URL).protocol !== 'https:') {
      // Over plain http whoever is on the path can answer discovery with their own keys, and
      // a token they sign is then accepted: the shop would sign in anyone as anyone.
      refuse(
        'OIDC_ISSUER_URL',
        'must be an https:// URL in production (over plain http the provider’s keys, and so ' +
          'every sign-in, can be forged on the way)',
      );
    }
    if (production && !env.OIDC_ISSUER_URL && !env.AUTH_DEV_PROVIDER) {
      refuse(
        'OIDC_ISSUER_URL',
        'is required in production (the development sign-in lets anyone in as anyone; ' +
          'set AUTH_DEV_PROVIDER=true only for a demo)',
      );
    }
  })
  .transform((env) => {
    const production = env.NODE_ENV === 'production';
    const devSignIn = !env.OIDC_ISSUER_URL;
    return {
      ...env,
      // A one-click admin sign-in is never on a network by accident.
      HOST: env.HOST ?? (devSignIn && !production ? '127.0.0.1' : '0.0.0.0'),
      SEED_DEMO: env.SEED_DEMO ?? !production,
      SESSION_SECRET: env.SESSION_SECRET ?? DEV_SESSION_SECRET,
      // Relative paths (as in .env.example) are the repository's, wherever the api was started from.
      DATA_DIR: resolve(REPO_ROOT, env.DATA_DIR),
      WEB_DIST: resolve(REPO_ROOT, env.WEB_DIST),
    };
  });

export type Env = z.output<typeof EnvSchema>;

/**
 * Loads the repository's `.env` (if there is one) into the environment, for `pnpm start`, `pnpm dev`
 * and the CLIs. A variable already set in the environment wins over the file. Returns the file's path.
 */
export function loadDotEnv(path = `${REPO_ROOT}.env`): string | null {
  if (!existsSync(path)) return null;
  process.loadEnvFile(path);
  return path;
}

/** Parses the environment; throws an Error naming every bad variable, one line each. */
export function loadEnv(source: Record<string, string | undefined> = process.env): Env {
  const result = EnvSchema.safeParse(source);
  if (!result.success) {
    const lines = result.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return result.data;
}

/** True when sign-in goes through the in-process development identity provider at /oidc. */
export function usesDevProvider(env: Env): boolean {
  return !env.OIDC_ISSUER_URL;
}

/** The origin the shop is reached at. */
export function publicOrigin(env: Env, listeningPort: number): string {
  return env.PUBLIC_URL ? new URL(env.PUBLIC_URL).origin : `http://localhost:${listeningPort}`;
}
