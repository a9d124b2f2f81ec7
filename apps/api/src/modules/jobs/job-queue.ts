/**
 * The api's PostgreSQL job queue (pg-boss): one per process, shared by the work that runs in the
 * background — order emails (mail/order-mail-queue.ts) and the expiry of best-before lots
 * (inventory/lot-expiry-job.ts).
 *
 * pg-boss runs its SQL through the api's own data source, so it works the same on PostgreSQL and
 * on the embedded database (one connection: it polls rather than LISTENs). Its schema is the
 * migrations' (packages/db 1766200000000); pg-boss adds its tables under its own lock.
 */
import { PgBoss } from 'pg-boss';
import type { DataSource } from 'typeorm';
import type { FastifyBaseLogger } from 'fastify';

/**
 * pg-boss's statements through the data source's own connections (its pool, or the embedded
 * database's one connection), on the driver's client itself: pg-boss sends several statements in
 * one query and needs the rows of each, which TypeORM's query() drops.
 */
function dataSourceAdapter(dataSource: DataSource) {
  type Result = { rows?: unknown[] };
  return {
    async executeSql(text: string, values?: unknown[]) {
      const runner = dataSource.createQueryRunner();
      try {
        const client = (await runner.connect()) as {
          query(text: string, values?: unknown[]): Promise<Result | Result[]>;
        };
        try {
          const raw = await client.query(text, values);
          return { rows: (Array.isArray(raw) ? raw : [raw]).flatMap((result) => result.rows ?? []) };
        } catch (error) {
          // A failed statement of a multi-statement BEGIN … COMMIT leaves its transaction open and
          // aborted: end it before the connection goes back to the pool for others.
          await client.query('ROLLBACK').catch(() => undefined);
          throw error;
        }
      } finally {
        await runner.release();
      }
    },
  };
}

/** Starts the queue on `dataSource`; stop it with `boss.stop()` when the api closes. */
export async function startJobQueue({
  dataSource,
  log,
}: {
  dataSource: DataSource;
  log: FastifyBaseLogger;
}): Promise<PgBoss> {
  const boss = new PgBoss({ db: dataSourceAdapter(dataSource), schema: 'pgboss', createSchema: false });
  boss.on('error', (err) => log.error({ err }, 'job queue failed'));
  await boss.start();
  return boss;
}
