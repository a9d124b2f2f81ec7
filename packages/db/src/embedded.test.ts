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
