/**
 * The configuration fails closed: production refuses to start without what a real shop needs, each
 * refusal one line naming the variable; outside production the defaults keep a newcomer's start
 * safe (the development sign-in only on this computer). The refusal is also checked end to end:
 * the real entry point exits with the message and no stack trace.
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { loadEnv } from './env';

const PRODUCTION = {
  NODE_ENV: 'production',
  SESSION_SECRET: 'a-production-secret-of-at-least-32-chars',
  PUBLIC_URL: 'https://shop.example.com',
  OIDC_ISSUER_URL: 'https://id.example.com',
  OIDC_CLIENT_ID: 'shop',
  DATABASE_URL: 'postgres://shop@db.example.com:5432/shop',
};

/** The lines of the refusal, without the heading. */
function refusal(source: Record<string, string | undefined>): string[] {
  try {
    loadEnv(source);
  } catch (error) {
    return (error as Error).message
      .split('\n')
      .slice(1)
      .map((line) => line.trim());
  }
  throw new Error('expected the configuration to be refused');
}

describe('production refuses to start without', () => {
  it.each([
    ['SESSION_SECRET', { SESSION_SECRET: undefined }, /^SESSION_SECRET: is required in production/],
    [
      'a short SESSION_SECRET',
      { SESSION_SECRET: 'too-short' },
      /^SESSION_SECRET: must be at least 32 characters$/,
    ],
    ['PUBLIC_URL', { PUBLIC_URL: undefined }, /^PUBLIC_URL: is required in production/],
    [
      'a real sign-in provider',
      { OIDC_ISSUER_URL: undefined, OIDC_CLIENT_ID: undefined },
      /^OIDC_ISSUER_URL: is required in production/,
    ],
    [
      'an https issuer (a plain-http one lets anyone on the path sign tokens)',
      { OIDC_ISSUER_URL: 'http://id.example.com' },
      /^OIDC_ISSUER_URL: must be an https:\/\/ URL in production/,
    ],
    [
      'the client id of that provider',
      { OIDC_CLIENT_ID: undefined },
      /^OIDC_CLIENT_ID: is required with OIDC_ISSUER_URL$/,
    ],
  ])('%s: one line naming the variable', (_what, change, message) => {
    const lines = refusal({ ...PRODUCTION, ...change });
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(message);
  });

  it('names every missing variable at once', () => {
    expect(refusal({ NODE_ENV: 'production' }).map((line) => line.split(':')[0])).toEqual([
      'SESSION_SECRET',
      'PUBLIC_URL',
      'DATABASE_URL',
      'OIDC_ISSUER_URL',
    ]);
  });

  it('accepts a complete production configuration, with no demo data unless asked', () => {
    expect(loadEnv(PRODUCTION).SEED_DEMO).toBe(false);
    expect(loadEnv({ ...PRODUCTION, SEED_DEMO: 'true' }).SEED_DEMO).toBe(true);
    expect(loadEnv(PRODUCTION).HOST).toBe('0.0.0.0');
  });

  it('lets a demo run the development sign-in only when it says so (AUTH_DEV_PROVIDER=true)', () => {
    const demo = { ...PRODUCTION, OIDC_ISSUER_URL: undefined, OIDC_CLIENT_ID: undefined };
    expect(() => loadEnv(demo)).toThrow();
    expect(loadEnv({ ...demo, AUTH_DEV_PROVIDER: 'true' }).AUTH_DEV_PROVIDER).toBe(true);
  });
});

describe('production refuses what only suits a test or a demo, unless explicitly allowed (issue 32)', () => {
  const DEV_SECRET = loadEnv({}).SESSION_SECRET;
  it.each([
    [
      'the embedded database',
      { DATABASE_URL: undefined },
      'ALLOW_EMBEDDED_DATABASE',
      /^DATABASE_URL: is required in production: the embedded database .*ALLOW_EMBEDDED_DATABASE=true/,
    ],
    [
      'the development session secret',
      { SESSION_SECRET: DEV_SECRET },
      'ALLOW_DEV_SESSION_SECRET',
      /^SESSION_SECRET: is the development secret published in the source.*ALLOW_DEV_SESSION_SECRET=true/,
    ],
    [
      'an http:// PUBLIC_URL',
      { PUBLIC_URL: 'http://shop.example.com' },
      'ALLOW_HTTP_PUBLIC_URL',
      /^PUBLIC_URL: must be an https:\/\/ URL in production.*ALLOW_HTTP_PUBLIC_URL=true/,
    ],
  ])('%s: one line naming the variable, and the variable that allows it', (_what, change, allow, message) => {
    const lines = refusal({ ...PRODUCTION, ...change });
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(message);
    expect(() => loadEnv({ ...PRODUCTION, ...change, [allow]: 'true' })).not.toThrow();
  });

  it('outside production all three are the zero-configuration defaults', () => {
    const env = loadEnv({});
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.SESSION_SECRET).toBe(DEV_SECRET);
    expect(() => loadEnv({ PUBLIC_URL: 'http://localhost:3000' })).not.toThrow();
  });
});

describe('outside production', () => {
  it('the development sign-in listens on this computer only, unless HOST is set', () => {
    expect(loadEnv({}).HOST).toBe('127.0.0.1');
    expect(loadEnv({ HOST: '0.0.0.0' }).HOST).toBe('0.0.0.0');
    // With a real provider there is no one-click admin to protect.
    expect(loadEnv({ OIDC_ISSUER_URL: 'https://id.example.com', OIDC_CLIENT_ID: 'shop' }).HOST).toBe(
      '0.0.0.0',
    );
  });

  it('accepts a plain-http provider for local development (the api warns at start)', () => {
    expect(
      loadEnv({ OIDC_ISSUER_URL: 'http://localhost:8080', OIDC_CLIENT_ID: 'shop' }).OIDC_ISSUER_URL,
    ).toBe('http://localhost:8080');
  });

  it('loads the demo data and uses a development session secret', () => {
    const env = loadEnv({});
    expect(env.SEED_DEMO).toBe(true);
    expect(env.SESSION_SECRET.length).toBeGreaterThanOrEqual(32);
    expect(loadEnv({ SEED_DEMO: 'false' }).SEED_DEMO).toBe(false);
  });
});

describe('session idle timeouts', () => {
  it('default to 30 minutes for staff and a day for shoppers, and take other values', () => {
    const env = loadEnv({});
    expect(env.SESSION_IDLE_MINUTES_STAFF).toBe(30);
    expect(env.SESSION_IDLE_MINUTES_SHOPPER).toBe(1440);
    const custom = loadEnv({ SESSION_IDLE_MINUTES_STAFF: '15', SESSION_IDLE_MINUTES_SHOPPER: '60' });
    expect([custom.SESSION_IDLE_MINUTES_STAFF, custom.SESSION_IDLE_MINUTES_SHOPPER]).toEqual([15, 60]);
  });

  it.each(['0', '-5', 'soon'])('refuse %s', (value) => {
    expect(refusal({ SESSION_IDLE_MINUTES_STAFF: value })[0]).toMatch(/^SESSION_IDLE_MINUTES_STAFF: /);
  });
});

describe('AUTH_CACHE_MS', () => {
  it('defaults to 2 seconds, takes 0 (off) to a minute', () => {
    expect(loadEnv({}).AUTH_CACHE_MS).toBe(2000);
    expect(loadEnv({ AUTH_CACHE_MS: '0' }).AUTH_CACHE_MS).toBe(0);
    expect(loadEnv({ AUTH_CACHE_MS: '60000' }).AUTH_CACHE_MS).toBe(60000);
  });

  it.each(['-1', '60001', '1.5', 'soon'])('refuses %s', (value) => {
    expect(refusal({ AUTH_CACHE_MS: value })[0]).toMatch(/^AUTH_CACHE_MS: /);
  });
});

describe('TRUST_PROXY', () => {
  it('is a hop count, a list of proxy addresses, or off', () => {
    expect(loadEnv({}).TRUST_PROXY).toBe(false);
    expect(loadEnv({ TRUST_PROXY: 'false' }).TRUST_PROXY).toBe(false);
    expect(loadEnv({ TRUST_PROXY: '1' }).TRUST_PROXY).toBe(1);
    expect(loadEnv({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1,::1' }).TRUST_PROXY).toEqual([
      '10.0.0.0/8',
      '127.0.0.1',
      '::1',
    ]);
  });

  it.each(['yes', '10.0.0.0/33', 'proxy.example.com', '1.2.3'])('refuses %s', (value) => {
    expect(refusal({ TRUST_PROXY: value })).toEqual([
      'TRUST_PROXY: must be false, a hop count (e.g. 1) or a comma list of proxy addresses/CIDR ranges',
    ]);
  });
});

describe('IMAGE_HOSTS', () => {
  it('is a comma list of host names (lower-cased), empty by default', () => {
    expect(loadEnv({}).IMAGE_HOSTS).toEqual([]);
    expect(loadEnv({ IMAGE_HOSTS: ' CDN.Example.com, images.example.net:8443 ,' }).IMAGE_HOSTS).toEqual([
      'cdn.example.com',
      'images.example.net:8443',
    ]);
  });

  it.each(['https://cdn.example.com', 'cdn.example.com/path', '*.example.com'])(
    'refuses %s: one line naming the variable',
    (value) => {
      expect(refusal({ IMAGE_HOSTS: value })).toEqual([
        `IMAGE_HOSTS: "${value}" is not a host name: a comma list like cdn.example.com,images.example.net`,
      ]);
    },
  );
});

describe('live streams', () => {
  it('default to 5 per user, an hour each, re-checked every 30 s; each one configurable', () => {
    expect(loadEnv({})).toMatchObject({
      LIVE_STREAMS_PER_USER: 5,
      LIVE_STREAM_MAX_SECONDS: 3600,
      LIVE_STREAM_RECHECK_SECONDS: 30,
    });
    expect(
      loadEnv({
        LIVE_STREAMS_PER_USER: '2',
        LIVE_STREAM_MAX_SECONDS: '600',
        LIVE_STREAM_RECHECK_SECONDS: '5',
      }),
    ).toMatchObject({
      LIVE_STREAMS_PER_USER: 2,
      LIVE_STREAM_MAX_SECONDS: 600,
      LIVE_STREAM_RECHECK_SECONDS: 5,
    });
  });

  it.each([
    ['LIVE_STREAMS_PER_USER', '0'],
    ['LIVE_STREAM_MAX_SECONDS', '0'],
    ['LIVE_STREAM_RECHECK_SECONDS', '-1'],
  ])('%s=%s is refused, naming the variable', (variable, value) => {
    const lines = refusal({ [variable]: value });
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(new RegExp(`^${variable}: `));
  });
});

describe('the catalogue cache', () => {
  it('keeps answers at most a second by default, 2000 of them in 16 MB; each configurable, 0 = off', () => {
    expect(loadEnv({})).toMatchObject({
      CATALOGUE_CACHE_MAX_AGE_MS: 1000,
      CATALOGUE_CACHE_MAX_ENTRIES: 2000,
      CATALOGUE_CACHE_MAX_MB: 16,
    });
    expect(
      loadEnv({
        CATALOGUE_CACHE_MAX_AGE_MS: '0',
        CATALOGUE_CACHE_MAX_ENTRIES: '10',
        CATALOGUE_CACHE_MAX_MB: '0.5',
      }),
    ).toMatchObject({
      CATALOGUE_CACHE_MAX_AGE_MS: 0,
      CATALOGUE_CACHE_MAX_ENTRIES: 10,
      CATALOGUE_CACHE_MAX_MB: 0.5,
    });
  });

  it.each([
    ['CATALOGUE_CACHE_MAX_AGE_MS', '-1'],
    ['CATALOGUE_CACHE_MAX_AGE_MS', '1.5'],
    ['CATALOGUE_CACHE_MAX_ENTRIES', '0'],
    ['CATALOGUE_CACHE_MAX_MB', '0'],
  ])('%s=%s is refused, naming the variable', (variable, value) => {
    const lines = refusal({ [variable]: value });
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(new RegExp(`^${variable}: `));
  });
});

describe('order emails', () => {
  it('go to the built-in outbox by default, from FreshCart, retried with a growing delay', () => {
    expect(loadEnv({}).SMTP_URL).toBeUndefined();
    expect(loadEnv({})).toMatchObject({
      MAIL_FROM: 'FreshCart <orders@freshcart.local>',
      ORDER_EMAILS: true,
      MAIL_RETRY_LIMIT: 12,
      MAIL_RETRY_DELAY_SECONDS: 10,
      MAIL_POLL_SECONDS: 2,
    });
    expect(loadEnv({ SMTP_URL: 'smtps://user:pass@mail.example.com:465', ORDER_EMAILS: 'false' })).toMatchObject({
      SMTP_URL: 'smtps://user:pass@mail.example.com:465',
      ORDER_EMAILS: false,
    });
  });

  it.each([
    ['SMTP_URL', 'http://mail.example.com'],
    ['MAIL_RETRY_DELAY_SECONDS', '0'],
    ['MAIL_POLL_SECONDS', '0.1'],
  ])('%s=%s is refused, naming the variable', (variable, value) => {
    const lines = refusal({ [variable]: value });
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(new RegExp(`^${variable}: `));
  });
});

describe('the entry point', () => {
  it('exits 1 with the one-line reason and no stack trace', () => {
    const main = fileURLToPath(new URL('./main.ts', import.meta.url));
    const run = spawnSync(process.execPath, ['--import', 'tsx', main], {
      env: {
        PATH: process.env.PATH,
        NODE_ENV: 'production',
        PUBLIC_URL: 'https://shop.example.com',
        DATABASE_URL: 'postgres://shop@db.example.com:5432/shop',
        AUTH_DEV_PROVIDER: 'true',
      },
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(run.status).toBe(1);
    expect(run.stderr.trim()).toBe(
      'Invalid configuration:\n  SESSION_SECRET: is required in production: at least 32 random characters (e.g. `openssl rand -hex 32`)',
    );
  });
});
