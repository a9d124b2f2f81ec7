/**
 * Real PostgreSQL for tests, one database per test file: a migrated, seeded template is made once
 * per run (`prepareTemplateDatabase`, from vitest's globalSetup), and each file clones it, which takes
 * a few tens of milliseconds. `TEST_DATABASE_URL` points at the server (default: the local one).
 */
import { createHash, randomBytes } from 'node:crypto';
import pg from 'pg';
import { DataSource } from 'typeorm';
import { dataSourceOptions, migrate } from '../data-source';
import { seedDemoData } from '../seed/seed';

/** One template per package directory, so packages testing in parallel do not share one. */
export const TEMPLATE_DATABASE = `shop_tpl_${createHash('sha1').update(process.cwd()).digest('hex').slice(0, 10)}`;

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

/** Recreates the template database: migrated and loaded with the demo data. */
export async function prepareTemplateDatabase(): Promise<void> {
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
}

export interface TestDatabase {
  name: string;
  url: string;
  dataSource: DataSource;
  /** Closes the connections and drops the database. */
  drop(): Promise<void>;
}

/** A fresh database cloned from the template, with an initialised DataSource. */
export async function createTestDatabase(options: { poolSize?: number } = {}): Promise<TestDatabase> {
  const name = `shop_test_${randomBytes(6).toString('hex')}`;
  await onServer((client) => client.query(`CREATE DATABASE ${name} TEMPLATE ${TEMPLATE_DATABASE}`));
  const url = databaseUrl(name);
  const dataSource = new DataSource(dataSourceOptions(url, { poolSize: options.poolSize ?? 10 }));
  await dataSource.initialize();
  return {
    name,
    url,
    dataSource,
    async drop() {
      if (dataSource.isInitialized) await dataSource.destroy();
      await onServer((client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
    },
  };
}
