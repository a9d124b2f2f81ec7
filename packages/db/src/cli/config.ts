/**
 * The db package's command-line tools read the same two variables as the api, with the same
 * defaults, and the repository's `.env` like `pnpm start` does (a variable set in the environment wins).
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { DatabaseConfig } from '../data-source';

/** `<repository>/.data`, wherever the command is started from. */
const DEFAULT_DATA_DIR = fileURLToPath(new URL('../../../../.data', import.meta.url));
const DOT_ENV = fileURLToPath(new URL('../../../../.env', import.meta.url));

export function cliDatabaseConfig(): DatabaseConfig {
  if (existsSync(DOT_ENV)) process.loadEnvFile(DOT_ENV);
  return { url: process.env.DATABASE_URL || undefined, dataDir: process.env.DATA_DIR || DEFAULT_DATA_DIR };
}
