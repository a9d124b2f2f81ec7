/**
 * The migrations against an empty PostgreSQL: the initial one creates exactly the spec's tables,
 * the later ones keep them, the entities agree with the fully migrated schema, and `down` removes
 * it all again.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { DataSource } from 'typeorm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dataSourceOptions, migrate } from './data-source';
import { migrations } from './migrations';
import { InitialSchema1763800000000 } from './migrations/1763800000000-initial-schema';
import { databaseUrl, serverUrl } from './testing/test-database';

/** docs/product.md §3. */
const SPEC_TABLES = [
  'categories',
  'order_items',
  'orders',
  'permission_group_permissions',
  'permission_groups',
  'permissions',
  'products',
  'role_permission_groups',
  'role_permissions',
  'roles',
  'sessions',
  'user_addresses',
  'users',
];

async function onServer(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl() });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

async function tableNames(dataSource: DataSource): Promise<string[]> {
  const rows: { table_name: string }[] = await dataSource.query(
    `SELECT table_name FROM information_schema.tables
     WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY table_name`,
  );
  return rows.map((row) => row.table_name);
}

const MIGRATION_NAMES = migrations.map((Migration) => new Migration().name);

const name = `shop_empty_${randomBytes(6).toString('hex')}`;
/** Knows only the initial migration. */
let initialOnly: DataSource;
/** Knows every migration. */
let dataSource: DataSource;

beforeAll(async () => {
  await onServer(`CREATE DATABASE ${name}`);
  const options = dataSourceOptions(databaseUrl(name), { poolSize: 2 });
  initialOnly = new DataSource({ ...options, migrations: [InitialSchema1763800000000] });
  dataSource = new DataSource(options);
  await initialOnly.initialize();
  await dataSource.initialize();
});

afterAll(async () => {
  if (initialOnly?.isInitialized) await initialOnly.destroy();
  if (dataSource?.isInitialized) await dataSource.destroy();
  await onServer(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
});

describe('the migrations', () => {
  it('the initial one creates exactly the 13 tables of docs/product.md §3 (plus the migrations log)', async () => {
    expect(await tableNames(initialOnly)).toEqual([]);

    expect(await migrate(initialOnly)).toEqual(['InitialSchema1763800000000']);

    const tables = await tableNames(initialOnly);
    expect(tables.filter((table) => table !== 'typeorm_migrations')).toEqual(SPEC_TABLES);
    expect(tables).toContain('typeorm_migrations');
  });

  it('the later ones run after it and keep every spec table', async () => {
    expect(MIGRATION_NAMES[0]).toBe('InitialSchema1763800000000');
    expect(await migrate(dataSource)).toEqual(MIGRATION_NAMES.slice(1));
    const tables = await tableNames(dataSource);
    for (const table of SPEC_TABLES) expect(tables).toContain(table);
  });

  it('run nothing the second time', async () => {
    expect(await migrate(dataSource)).toEqual([]);
  });

  it('leave no difference between the entities and the migrated schema', async () => {
    const pending = await dataSource.driver.createSchemaBuilder().log();
    expect(pending.upQueries.map((query) => query.query)).toEqual([]);
  });

  it('keep money as numeric(10,2) and stock as integer', async () => {
    const rows: {
      table_name: string;
      column_name: string;
      data_type: string;
      precision: number;
      scale: number;
    }[] = await dataSource.query(
      `SELECT table_name, column_name, data_type, numeric_precision AS precision, numeric_scale AS scale
         FROM information_schema.columns
         WHERE table_schema = 'public' AND table_name IN ('products', 'orders', 'order_items')
           AND column_name IN ('price', 'total', 'stock')
         ORDER BY table_name, column_name`,
    );
    expect(rows).toEqual([
      { table_name: 'order_items', column_name: 'price', data_type: 'numeric', precision: 10, scale: 2 },
      { table_name: 'orders', column_name: 'total', data_type: 'numeric', precision: 10, scale: 2 },
      { table_name: 'products', column_name: 'price', data_type: 'numeric', precision: 10, scale: 2 },
      { table_name: 'products', column_name: 'stock', data_type: 'integer', precision: 32, scale: 0 },
    ]);
  });

  it('can all be undone, leaving only the migrations log, and applied again', async () => {
    for (let i = 0; i < MIGRATION_NAMES.length; i++)
      await dataSource.undoLastMigration({ transaction: 'each' });
    expect(await tableNames(dataSource)).toEqual(['typeorm_migrations']);

    expect(await migrate(dataSource)).toEqual(MIGRATION_NAMES);
    const tables = await tableNames(dataSource);
    for (const table of SPEC_TABLES) expect(tables).toContain(table);
  });

  it('give tokens from before scopes read-write and an expiry at most a year away', async () => {
    const applied = async () =>
      ((await dataSource.query(`SELECT name FROM typeorm_migrations`)) as { name: string }[]).map(
        (row) => row.name,
      );
    while ((await applied()).includes('ApiTokenScopes1765850000000'))
      await dataSource.undoLastMigration({ transaction: 'each' });
    const [user] = await dataSource.query(
      `INSERT INTO users (email, role) VALUES ('old-token@example.com', 'admin') RETURNING id`,
    );
    const soon = new Date(Date.now() + 30 * 86_400_000);
    await dataSource.query(
      `INSERT INTO api_tokens (user_id, name, token_hash, prefix, expires_at) VALUES
         ($1, 'never', repeat('a', 64), 'shop_a', NULL),
         ($1, 'in five years', repeat('b', 64), 'shop_b', now() + interval '5 years'),
         ($1, 'soon', repeat('c', 64), 'shop_c', $2)`,
      [user.id, soon],
    );
    await migrate(dataSource);
    const rows: { name: string; scope: string; permissions: null; capped: boolean; expires_at: Date }[] =
      await dataSource.query(
        `SELECT name, scope, permissions, expires_at,
                expires_at BETWEEN now() + interval '364 days' AND now() + interval '366 days' AS capped
         FROM api_tokens ORDER BY name`,
      );
    expect(
      rows.map(({ name, scope, permissions, capped }) => ({ name, scope, permissions, capped })),
    ).toEqual([
      { name: 'in five years', scope: 'write', permissions: null, capped: true },
      { name: 'never', scope: 'write', permissions: null, capped: true },
      { name: 'soon', scope: 'write', permissions: null, capped: false },
    ]);
    expect(rows[2]!.expires_at.getTime()).toBe(soon.getTime());
    await dataSource.query(`DELETE FROM users WHERE id = $1`, [user.id]);
  });

  it('move existing stock into one lot without a date per product (docs/stock-lots.md)', async () => {
    const applied = async () =>
      ((await dataSource.query(`SELECT name FROM typeorm_migrations`)) as { name: string }[]).map(
        (row) => row.name,
      );
    while ((await applied()).includes('StockLots1766900000000'))
      await dataSource.undoLastMigration({ transaction: 'each' });
    const [category] = await dataSource.query(
      `INSERT INTO categories (name) VALUES ('Lots before lots') RETURNING id`,
    );
    const products: { id: string; sku: string }[] = await dataSource.query(
      `INSERT INTO products (name, description, price, unit, category_id, stock, sku) VALUES
         ('Stocked', 'x', 1, 'each', $1, 12, 'LOT-MIG-1'), ('Sold out', 'x', 1, 'each', $1, 0, 'LOT-MIG-2')
       RETURNING id, sku`,
      [category.id],
    );
    await migrate(dataSource);
    const lots = await dataSource.query(
      `SELECT p.sku, l.quantity, l.received_quantity, l.expires_on, l.expired_at
       FROM stock_lots l JOIN products p ON p.id = l.product_id WHERE p.sku LIKE 'LOT-MIG-%'`,
    );
    expect(lots).toEqual([
      { sku: 'LOT-MIG-1', quantity: 12, received_quantity: 12, expires_on: null, expired_at: null },
    ]);
    await dataSource.query(`DELETE FROM products WHERE id = ANY($1::uuid[])`, [products.map((p) => p.id)]);
    await dataSource.query(`DELETE FROM categories WHERE id = $1`, [category.id]);
  });
});
