/**
 * The one way to reach the database. `DATABASE_URL` set → that PostgreSQL; unset → an embedded
 * PostgreSQL (PGlite, persisted in `dataDir`) behind a local socket, reached through TypeORM's
 * ordinary `postgres` driver: the same code path as production (STACK.md).
 */
import 'reflect-metadata';
import { mkdirSync } from 'node:fs';
import { DataSource, type DataSourceOptions } from 'typeorm';
import { entities } from './entities';
import { migrations } from './migrations';

export interface DatabaseConfig {
  /** A postgres:// URL. When absent, the embedded database is used. */
  url?: string;
  /** Where the embedded database keeps its files. */
  dataDir?: string;
  /** Connections in the pool (real PostgreSQL). */
  poolSize?: number;
  /** Log every SQL statement. */
  logging?: boolean;
}

export interface Database {
  dataSource: DataSource;
  /** 'postgres' for a real server, 'embedded' for PGlite. */
  kind: 'postgres' | 'embedded';
  close(): Promise<void>;
}

/** The embedded server serialises every query, so a bigger pool only queues in the pool. */
const EMBEDDED_POOL_SIZE = 4;

export function dataSourceOptions(url: string, config: DatabaseConfig = {}): DataSourceOptions {
  return {
    type: 'postgres',
    url,
    entities,
    migrations,
    migrationsTableName: 'typeorm_migrations',
    migrationsTransactionMode: 'each',
    uuidExtension: 'pgcrypto',
    synchronize: false,
    logging: config.logging ?? false,
    extra: {
      max: config.poolSize ?? 10,
      // Fail fast when the database is unreachable instead of hanging a request.
      connectionTimeoutMillis: 5000,
      idleTimeoutMillis: 30_000,
    },
  };
}

/** Opens the database (starting the embedded one when no URL is given). Does not migrate. */
export async function openDatabase(config: DatabaseConfig): Promise<Database> {
  if (config.url) {
    const dataSource = new DataSource(dataSourceOptions(config.url, config));
    await dataSource.initialize();
    return { dataSource, kind: 'postgres', close: () => dataSource.destroy() };
  }
  return openEmbeddedDatabase(config);
}

async function openEmbeddedDatabase(config: DatabaseConfig): Promise<Database> {
  const [{ PGlite }, { PGLiteSocketServer }, { pg_trgm }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('@electric-sql/pglite-socket'),
    import('@electric-sql/pglite/contrib/pg_trgm'),
  ]);
  const dataDir = config.dataDir ?? './.data';
  mkdirSync(dataDir, { recursive: true });
  // pg_trgm backs the product search's indexes (migration SearchTrigramIndexes1765400000000).
  const pglite = await PGlite.create({ dataDir, extensions: { pg_trgm } });
  const server = new PGLiteSocketServer({
    db: pglite,
    host: '127.0.0.1',
    port: 0,
    maxConnections: EMBEDDED_POOL_SIZE + 2,
  });
  await server.start();
  const url = `postgres://postgres:postgres@${server.getServerConn()}/postgres`;
  const dataSource = new DataSource(dataSourceOptions(url, { ...config, poolSize: EMBEDDED_POOL_SIZE }));
  await dataSource.initialize();
  return {
    dataSource,
    kind: 'embedded',
    async close() {
      await dataSource.destroy();
      await server.stop();
      await pglite.close();
    },
  };
}

/** Applies every pending migration; returns the names of those it ran. */
export async function migrate(dataSource: DataSource): Promise<string[]> {
  const ran = await dataSource.runMigrations({ transaction: 'each' });
  return ran.map((migration) => migration.name);
}
