/**
 * The one way to reach the database. `DATABASE_URL` set → that PostgreSQL; unset → an embedded
 * PostgreSQL (PGlite, persisted in `dataDir`) behind a private Unix socket, reached through TypeORM's
 * ordinary `postgres` driver: the same code path as production (docs/stack.md).
 */
import 'reflect-metadata';
import { mkdirSync } from 'node:fs';
import { DataSource, MigrationExecutor, type DataSourceOptions } from 'typeorm';
import { entities } from './entities';
import { migrations } from './migrations';
import { prepareEmbeddedSocket, refuseServedDataDir, restrictSocket } from './embedded-socket';

export interface DatabaseConfig {
  /** A postgres:// URL. When absent, the embedded database is used. */
  url?: string;
  /** Where the embedded database keeps its files. */
  dataDir?: string;
  /** Connections in the pool (real PostgreSQL). */
  poolSize?: number;
  /** Log every SQL statement. */
  logging?: boolean;
  /** How long a query waits for a connection before failing (default 5 s). */
  connectionTimeoutMs?: number;
  /** How long an unused connection stays open (default 30 s; 0 = until closed). */
  idleTimeoutMs?: number;
}

export interface Database {
  dataSource: DataSource;
  /** 'postgres' for a real server, 'embedded' for PGlite. */
  kind: 'postgres' | 'embedded';
  close(): Promise<void>;
}

/**
 * PGlite has ONE backend session, and its socket server does not keep the extended-query protocol
 * or a transaction of one connection apart from another's: two connections interleave their
 * Parse/Bind/Execute messages (`portal "" does not exist`, one request's statement run with
 * another's parameters) and share one transaction. So exactly one connection talks to it; the
 * pool queues every other query (and a whole transaction holds the connection until it ends).
 * Consequence for code: inside a transaction, use the transaction's manager — a query on the
 * DataSource would wait for the connection the transaction holds (docs/database-modes.md).
 */
const EMBEDDED_POOL_SIZE = 1;
/** The socket server's limit: the pool's one connection, plus room for its replacement while a lost one is torn down. */
const EMBEDDED_MAX_SOCKETS = 2;
/**
 * How long a query may wait for the one connection. The wait is a queue behind other requests'
 * queries (not a network), so it is longer than a real server's connect timeout.
 */
const EMBEDDED_WAIT_MS = 30_000;

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
      connectionTimeoutMillis: config.connectionTimeoutMs ?? 5000,
      idleTimeoutMillis: config.idleTimeoutMs ?? 30_000,
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
  // A DATA_DIR that another running process serves is refused before PGlite opens its files.
  await refuseServedDataDir(dataDir);
  // pg_trgm backs the product search's indexes (migration SearchTrigramIndexes1765400000000).
  const pglite = await PGlite.create({ dataDir, extensions: { pg_trgm } });
  // A Unix socket in a private directory of DATA_DIR, not a TCP port: PGlite lets in whoever
  // reaches it, as superuser (embedded-socket.ts).
  const socket = prepareEmbeddedSocket(dataDir);
  const server = new PGLiteSocketServer({
    db: pglite,
    path: socket.path,
    maxConnections: EMBEDDED_MAX_SOCKETS,
  });
  await server.start();
  restrictSocket(socket);
  const url = socket.url;
  const dataSource = new DataSource(
    dataSourceOptions(url, {
      ...config,
      poolSize: EMBEDDED_POOL_SIZE,
      connectionTimeoutMs: EMBEDDED_WAIT_MS,
      // The one connection stays open: closing and reopening it gains nothing in-process.
      idleTimeoutMs: 0,
    }),
  );
  await dataSource.initialize();
  return {
    dataSource,
    kind: 'embedded',
    async close() {
      // The DataSource may already be closed (a test of a lost database): still stop the rest.
      if (dataSource.isInitialized) await dataSource.destroy();
      await server.stop();
      await pglite.close();
      socket.cleanup();
    },
  };
}

/** The advisory lock migrate() holds: one fixed key for every process of the shop on a database. */
export const MIGRATION_LOCK_KEY = 4_815_162_342;

/**
 * Applies every pending migration; returns the names of those it ran.
 *
 * Safe with N instances starting at once on one database: the whole run (creating the migrations
 * table, reading what ran, each migration in its own transaction) happens on ONE connection that
 * first takes a session-level `pg_advisory_lock`. The others wait for it, then find nothing
 * pending. A session lock outlives the migrations' transactions and is released by the server if
 * the process dies. The embedded database's pool has one connection: the lock is taken on that
 * same connection, so nothing waits for it.
 */
export async function migrate(dataSource: DataSource): Promise<string[]> {
  const runner = dataSource.createQueryRunner();
  await runner.connect();
  try {
    await runner.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    try {
      const executor = new MigrationExecutor(dataSource, runner);
      executor.transaction = 'each';
      const ran = await executor.executePendingMigrations();
      return ran.map((migration) => migration.name);
    } finally {
      // A failed unlock (a lost connection) must not hide the migration's own error: the server
      // releases a session lock with its connection anyway.
      await runner.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => undefined);
    }
  } finally {
    await runner.release();
  }
}
