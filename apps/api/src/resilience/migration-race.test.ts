/**
 * Migrations are safe with N instances (issue 16): three api processes of the compiled build,
 * started at the same moment on one empty database (demo data on, as a demo deployment has it),
 * all become ready; each migration ran exactly once (migrate() serialises them under an advisory
 * lock), the demo data is there once, and no instance logged an error.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { dataSourceOptions } from '@shop/db';
import {
  assertCompiledBuild,
  createEmptyDatabase,
  errorLines,
  freePort,
  productionEnv,
  startApi,
  type ApiProcess,
} from './compiled-api';

const INSTANCES = 3;
let database: Awaited<ReturnType<typeof createEmptyDatabase>> | undefined;
const apis: ApiProcess[] = [];

afterAll(async () => {
  await Promise.all(apis.map((api) => api.stop()));
  await database?.drop();
});

describe(`${INSTANCES} instances started together on an empty database`, () => {
  it('run each migration exactly once, seed once, and all become ready', async () => {
    assertCompiledBuild();
    database = await createEmptyDatabase();
    const secret = randomBytes(24).toString('hex');
    const ports = await Promise.all(Array.from({ length: INSTANCES }, () => freePort()));
    for (const [i, port] of ports.entries()) {
      apis.push(
        startApi(`api-${i + 1}`, port, {
          ...productionEnv(`http://127.0.0.1:${port}`, secret),
          DATABASE_URL: database.url,
          DB_POOL_SIZE: '4',
          SEED_DEMO: 'true',
        }),
      );
    }
    const started = performance.now();
    await Promise.all(apis.map((api) => api.ready(90_000)));
    const readyMs = Math.round(performance.now() - started);

    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    try {
      const { rows } = await client.query<{ name: string; runs: number }>(
        `SELECT name, count(*)::int AS runs FROM typeorm_migrations GROUP BY name ORDER BY name`,
      );
      const migrations = dataSourceOptions(database.url).migrations as (new () => { name: string })[];
      const expected = migrations.map((Migration) => new Migration().name).sort();
      expect(rows.map((row) => row.name)).toEqual(expected);
      expect(rows.filter((row) => row.runs !== 1)).toEqual([]);

      const [{ categories, products, users }] = (
        await client.query(
          `SELECT (SELECT count(*) FROM categories)::int AS categories, (SELECT count(*) FROM products)::int AS products,
                  (SELECT count(*) FROM users)::int AS users`,
        )
      ).rows;
      expect(categories).toBeGreaterThan(0);
      const { rows: duplicates } = await client.query(
        `SELECT name FROM categories GROUP BY name HAVING count(*) > 1
         UNION ALL SELECT sku FROM products GROUP BY sku HAVING count(*) > 1`,
      );
      expect(duplicates).toEqual([]);
      for (const api of apis) expect(errorLines(api.output()), `${api.name}'s errors`).toEqual([]);
      console.log(
        `[migration race] ${INSTANCES} instances ready in ${readyMs} ms; ${rows.length} migrations, each run once; ` +
          `${categories} categories, ${products} products, ${users} users; no error logged`,
      );
    } finally {
      await client.end();
    }
  }, 120_000);
});
