/**
 * The default database (no DATABASE_URL): PGlite behind the socket server, reached by TypeORM's
 * ordinary postgres driver. Migrated and seeded, closed, and opened again from the same directory.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { migrate, openDatabase, type Database } from './data-source';
import { ProductEntity } from './entities';
import { migrations } from './migrations';
import { seedDemoData } from './seed/seed';
import { products as catalogueProducts } from './seed/catalogue';

const dataDir = mkdtempSync(join(tmpdir(), 'shop-embedded-'));
let open: Database | undefined;

afterAll(async () => {
  await open?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('the embedded database', () => {
  it(
    'migrates, seeds, answers queries and keeps its data across a restart',
    { timeout: 180_000 },
    async () => {
      open = await openDatabase({ dataDir });
      expect(open.kind).toBe('embedded');
      expect(await migrate(open.dataSource)).toEqual(migrations.map((Migration) => new Migration().name));
      const added = await seedDemoData(open.dataSource);
      expect(added).toEqual({ roles: 4, categories: 8, products: catalogueProducts.length, users: 4 });

      const apples = await open.dataSource.manager.findOneOrFail(ProductEntity, {
        where: { sku: catalogueProducts[0]!.sku },
        relations: { category: true },
      });
      expect(apples.name).toBe(catalogueProducts[0]!.name);
      expect(apples.price).toBe(catalogueProducts[0]!.price);
      expect(apples.category?.name).toBe(catalogueProducts[0]!.category);
      await open.dataSource.manager.update(ProductEntity, { id: apples.id }, { stock: 4242 });
      await open.close();
      open = undefined;

      open = await openDatabase({ dataDir });
      expect(await migrate(open.dataSource)).toEqual([]);
      expect(await open.dataSource.manager.count(ProductEntity)).toBe(catalogueProducts.length);
      expect((await open.dataSource.manager.findOneByOrFail(ProductEntity, { id: apples.id })).stock).toBe(
        4242,
      );
      expect(await seedDemoData(open.dataSource)).toEqual({ roles: 0, categories: 0, products: 0, users: 0 });
      // the entities agree with the migrated schema on PGlite too
      const pending = await open.dataSource.driver.createSchemaBuilder().log();
      expect(pending.upQueries.map((query) => query.query)).toEqual([]);
    },
  );
});

describe('the embedded database under concurrent requests', () => {
  const concurrentDir = mkdtempSync(join(tmpdir(), 'shop-embedded-concurrent-'));
  let db: Database | undefined;
  afterAll(async () => {
    await db?.close();
    rmSync(concurrentDir, { recursive: true, force: true });
  });

  it(
    'keeps each statement with its own parameters and each transaction to itself',
    { timeout: 120_000 },
    async () => {
      db = await openDatabase({ dataDir: concurrentDir });
      const { dataSource } = db;
      await dataSource.query(
        `CREATE TABLE shelf (id int PRIMARY KEY, stock int NOT NULL CHECK (stock >= 0))`,
      );
      await dataSource.query(`INSERT INTO shelf VALUES (1, 20)`);

      // Exactly one connection ever reaches PGlite, however many queries wait (docs/stack.md).
      const pool = (dataSource.driver as unknown as { master: { totalCount: number } }).master;
      let mostConnections = 0;
      const sampler = setInterval(() => (mostConnections = Math.max(mostConnections, pool.totalCount)), 1);

      // Parameterised statements from many "requests" at once: each gets its own value back
      // (with several connections, Parse/Bind/Execute of two statements could interleave).
      const echoes = await Promise.all(
        Array.from({ length: 200 }, (_, i) =>
          dataSource.query(`SELECT $1::text AS value, pg_sleep(0)`, [`request-${i}`]),
        ),
      );
      expect(echoes.map((rows: { value: string }[]) => rows[0]!.value)).toEqual(
        Array.from({ length: 200 }, (_, i) => `request-${i}`),
      );

      // 50 shoppers for the last 20: a transaction locks, checks and takes; a quarter of them
      // roll back after taking. Another connection's statements never land inside them.
      const outcomes = await Promise.allSettled(
        Array.from({ length: 50 }, (_, i) =>
          dataSource.transaction(async (tx) => {
            const [row]: { stock: number }[] = await tx.query(
              `SELECT stock FROM shelf WHERE id = 1 FOR UPDATE`,
            );
            if (row!.stock < 1) throw new Error('sold out');
            await tx.query(`UPDATE shelf SET stock = stock - 1 WHERE id = 1`);
            if (i % 4 === 0) throw new Error('changed my mind');
            return i;
          }),
        ),
      );
      const sold = outcomes.filter((outcome) => outcome.status === 'fulfilled').length;
      const reasons = outcomes.flatMap((outcome) =>
        outcome.status === 'rejected' ? [(outcome.reason as Error).message] : [],
      );
      expect(new Set(reasons)).toEqual(new Set(['sold out', 'changed my mind']));
      expect(sold).toBe(20);
      const [shelf]: { stock: number }[] = await dataSource.query(`SELECT stock FROM shelf WHERE id = 1`);
      expect(shelf!.stock).toBe(0);
      clearInterval(sampler);
      expect(mostConnections).toBe(1);
    },
  );
});
