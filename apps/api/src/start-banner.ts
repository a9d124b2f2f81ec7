/**
 * The few lines `pnpm start` prints once the shop listens: where it is, which database and where its
 * files are, how people sign in, and the demo accounts — what a newcomer needs before the
 * structured log takes over.
 */
import { demoAccounts } from '@shop/db';
import { publicOrigin, usesDevProvider, type Env } from './env';

export interface BannerFacts {
  env: Env;
  /** The port the server really listens on (PORT may be 0). */
  port: number;
  databaseKind: 'postgres' | 'embedded';
  /** The .env file that was loaded, if any. */
  envFile: string | null;
}

/** 'postgres://shop:secret@db:5432/shop' → 'db:5432/shop' (never the password). */
function databaseWhere(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.host}${parsed.pathname}`;
  } catch {
    return 'the configured server';
  }
}

export function startBanner({ env, port, databaseKind, envFile }: BannerFacts): string {
  const url = publicOrigin(env, port);
  const lines = [`FreshCart is running at ${url}`, ''];
  lines.push(
    databaseKind === 'embedded'
      ? `  Database   embedded PostgreSQL (PGlite), files in ${env.DATA_DIR}`
      : `  Database   PostgreSQL at ${databaseWhere(env.DATABASE_URL ?? '')}`,
  );
  lines.push(
    usesDevProvider(env)
      ? `  Sign-in    development sign-in (no passwords) at ${url}/api/login`
      : `  Sign-in    OpenID Connect: ${env.OIDC_ISSUER_URL}`,
  );
  if (usesDevProvider(env) && env.SEED_DEMO) {
    lines.push(
      '  Accounts   ' + demoAccounts.map((account) => `${account.email} (${account.role})`).join(', '),
    );
    lines.push('             or any other email, which becomes a new customer');
  }
  if (env.HOST === '127.0.0.1' || env.HOST === 'localhost') {
    lines.push(
      `  Network    this computer only (HOST=${env.HOST}; set HOST=0.0.0.0 to open it to your network)`,
    );
  }
  if (envFile) lines.push(`  Settings   ${envFile}`);
  if (env.NODE_ENV === 'production' && usesDevProvider(env)) {
    lines.push(
      '',
      '  WARNING    development sign-in in production (AUTH_DEV_PROVIDER=true): anyone can be admin',
    );
  }
  return `\n${lines.join('\n')}\n\n`;
}
