/**
 * A database per test file, in either of the product's two modes (docs/database-modes.md):
 *
 * - PostgreSQL (default): a migrated, seeded template database is made once per run
 *   (`prepareTemplateDatabase`, from vitest's globalSetup) and each file clones it, which takes a few
 *   tens of milliseconds. `TEST_DATABASE_URL` points at the server (default: the local one).
 * - embedded (`TEST_DB_MODE=embedded`): the same, with PGlite. The template is a data directory,
 *   migrated and seeded once per run; each file copies it and opens the copy with `openDatabase({ dataDir })`,
 *   the product's own path (socket server, one connection). Its `url` is that socket's: nothing else
 *   may connect to it, so tests that open their own connections skip this mode.
 */
import { createHash, randomBytes } from 'node:crypto';
import { cpSync, mkdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { DataSource } from 'typeorm';
import { dataSourceOptions, migrate, openDatabase } from '../data-source';
import { seedDemoData } from '../seed/seed';

export type TestDatabaseMode = 'postgres' | 'embedded';

/** Which database the tests of this run use: `TEST_DB_MODE=embedded` → PGlite, else PostgreSQL. */
export function testDatabaseMode(): TestDatabaseMode {
  const mode = process.env.TEST_DB_MODE || 'postgres';
  if (mode !== 'postgres' && mode !== 'embedded') {
    throw new Error(`TEST_DB_MODE must be 'postgres' or 'embedded', not '${mode}'`);
  }
  return mode;
}

/** True when this run's tests use the embedded database (`describe.skipIf(embeddedTestDatabase)`). */
export const embeddedTestDatabase = testDatabaseMode() === 'embedded';

/** One template per package directory, so packages testing in parallel do not share one. */
const PACKAGE_KEY = createHash('sha1').update(process.cwd()).digest('hex').slice(0, 10);
export const TEMPLATE_DATABASE = `shop_tpl_${PACKAGE_KEY}`;
/** The embedded databases of this package's runs: the template and one copy per open test file. */
const EMBEDDED_ROOT = join(tmpdir(), `shop-embedded-${PACKAGE_KEY}`);
const EMBEDDED_TEMPLATE_DIR = join(EMBEDDED_ROOT, 'template');

export function serverUrl(): string {
  return process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
}

export function databaseUrl(name: string): string {
  const url = new URL(serverUrl());
  url.pathname = `/${name}`;
  return url.toString();
}

async function onServer<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: serverUrl() });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/**
 * Recreates this run's template: migrated and loaded with the demo data. Returns what removes it
 * at the end of the run (the PostgreSQL template stays, to be replaced by the next run).
 */
export async function prepareTemplateDatabase(): Promise<() => Promise<void>> {
  if (testDatabaseMode() === 'embedded') return prepareEmbeddedTemplate();
  await onServer(async (client) => {
    await client.query(`DROP DATABASE IF EXISTS ${TEMPLATE_DATABASE} WITH (FORCE)`);
    await client.query(`CREATE DATABASE ${TEMPLATE_DATABASE}`);
  });
  const dataSource = new DataSource(dataSourceOptions(databaseUrl(TEMPLATE_DATABASE), { poolSize: 2 }));
  await dataSource.initialize();
  try {
    await migrate(dataSource);
    await seedDemoData(dataSource);
  } finally {
    await dataSource.destroy();
  }
  return async () => undefined;
}

async function prepareEmbeddedTemplate(): Promise<() => Promise<void>> {
  // Also clears the copies an interrupted run left behind.
  rmSync(EMBEDDED_ROOT, { recursive: true, force: true });
  mkdirSync(EMBEDDED_ROOT, { recursive: true });
  const db = await openDatabase({ dataDir: EMBEDDED_TEMPLATE_DIR });
  try {
    await migrate(db.dataSource);
    await seedDemoData(db.dataSource);
  } finally {
    await db.close();
  }
  return async () => rmSync(EMBEDDED_ROOT, { recursive: true, force: true });
}

export interface TestDatabase {
  name: string;
  /** How to reach it. Embedded: the socket server's, which takes no connection beyond the pool's one. */
  url: string;
  dataSource: DataSource;
  kind: TestDatabaseMode;
  /** Closes the connections and drops the database. */
  drop(): Promise<void>;
}

/**
 * A fresh database cloned from the template, with an initialised DataSource. `poolSize` applies to
 * PostgreSQL; the embedded database always has its one connection.
 */
export async function createTestDatabase(options: { poolSize?: number } = {}): Promise<TestDatabase> {
  const name = `shop_test_${randomBytes(6).toString('hex')}`;
  if (testDatabaseMode() === 'embedded') return createEmbeddedTestDatabase(name);
  await onServer((client) => client.query(`CREATE DATABASE ${name} TEMPLATE ${TEMPLATE_DATABASE}`));
  const url = databaseUrl(name);
  const dataSource = new DataSource(dataSourceOptions(url, { poolSize: options.poolSize ?? 10 }));
  await dataSource.initialize();
  return {
    name,
    url,
    dataSource,
    kind: 'postgres',
    async drop() {
      if (dataSource.isInitialized) await dataSource.destroy();
      await onServer((client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
    },
  };
}

async function createEmbeddedTestDatabase(name: string): Promise<TestDatabase> {
  const dataDir = join(EMBEDDED_ROOT, name);
  cpSync(EMBEDDED_TEMPLATE_DIR, dataDir, { recursive: true });
  let db;
  try {
    db = await openDatabase({ dataDir });
  } catch (error) {
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  const { dataSource } = db;
  let dropped = false;
  return {
    name,
    url: (dataSource.options as { url: string }).url,
    dataSource,
    kind: 'embedded',
    async drop() {
      if (dropped) return;
      dropped = true;
      await db.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
