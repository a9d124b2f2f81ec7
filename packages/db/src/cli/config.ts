/** The db package's command-line tools read the same two variables as the api, with the same defaults. */
import { fileURLToPath } from 'node:url';
import type { DatabaseConfig } from '../data-source';

/** `<repository>/.data`, wherever the command is started from. */
const DEFAULT_DATA_DIR = fileURLToPath(new URL('../../../../.data', import.meta.url));

export function cliDatabaseConfig(): DatabaseConfig {
  return { url: process.env.DATABASE_URL || undefined, dataDir: process.env.DATA_DIR || DEFAULT_DATA_DIR };
}
