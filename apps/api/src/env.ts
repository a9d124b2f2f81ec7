/**
 * The api's configuration, parsed once from the environment. The only module that reads
 * `process.env`; a bad variable stops the start with a message naming it.
 */
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

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

export const EnvSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().default('0.0.0.0'),
    /** The origin shoppers use, e.g. https://shop.example.com. Default: http://localhost:PORT. */
    PUBLIC_URL: z.preprocess(emptyAsUndefined, z.url().optional()),
    DATABASE_URL: z.preprocess(emptyAsUndefined, z.string().startsWith('postgres').optional()),
    DATA_DIR: z.string().default(`${REPO_ROOT}.data`),
    DB_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
    SEED_DEMO: flag(true),
    SESSION_SECRET: z.string().min(32, 'must be at least 32 characters').default(DEV_SESSION_SECRET),
    SESSION_TTL_HOURS: z.coerce
      .number()
      .positive()
      .default(24 * 7),
    TRUST_PROXY: flag(false),
    OIDC_ISSUER_URL: z.preprocess(emptyAsUndefined, z.url().optional()),
    OIDC_CLIENT_ID: z.preprocess(emptyAsUndefined, z.string().optional()),
    OIDC_CLIENT_SECRET: z.preprocess(emptyAsUndefined, z.string().optional()),
    /** Runs the development identity provider even with NODE_ENV=production (demos only). */
    AUTH_DEV_PROVIDER: flag(false),
    /** Requests per minute and client IP to /api/login and /api/callback (each); 0 = no limit. */
    LOGIN_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(0).default(20),
    /**
     * Orders a minute per signed-in shopper (per IP when signed out), counting every order call,
     * also each one inside a tRPC batch; 0 = no limit (a trusted deployment).
     */
    ORDER_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(0).default(10),
    /** Orders a minute per API token (a script's own counter, apart from its user's); 0 = no limit. */
    API_TOKEN_ORDER_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(0).default(120),
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
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    /** The built SPA; served with a history fallback when it exists. */
    WEB_DIST: z.string().default(`${REPO_ROOT}apps/web/dist`),
  })
  .superRefine((env, ctx) => {
    if (env.NODE_ENV === 'production' && env.SESSION_SECRET === DEV_SESSION_SECRET && env.DATABASE_URL) {
      ctx.addIssue({ code: 'custom', path: ['SESSION_SECRET'], message: 'must be set in production' });
    }
    if (env.OIDC_ISSUER_URL && !env.OIDC_CLIENT_ID) {
      ctx.addIssue({ code: 'custom', path: ['OIDC_CLIENT_ID'], message: 'is required with OIDC_ISSUER_URL' });
    }
    if (env.NODE_ENV === 'production' && !env.OIDC_ISSUER_URL && !env.AUTH_DEV_PROVIDER) {
      ctx.addIssue({
        code: 'custom',
        path: ['OIDC_ISSUER_URL'],
        message:
          'is required in production (the development sign-in lets anyone in as anyone; ' +
          'set AUTH_DEV_PROVIDER=true only for a demo)',
      });
    }
  });

export type Env = z.infer<typeof EnvSchema>;

/** Parses the environment; throws an Error naming every bad variable. */
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
