/**
 * transactionWithRetry on real PostgreSQL: a transaction PostgreSQL picks as a deadlock's victim
 * runs again and succeeds, with nothing of the failed attempt left; any other error is not retried.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '@shop/db/testing';
import { transactionWithRetry } from './transaction-retry';

let db: TestDatabase;

beforeAll(async () => {
  db = await createTestDatabase({ poolSize: 4 });
  await db.dataSource.query(`CREATE TABLE retry_rows (id int PRIMARY KEY, n int NOT NULL)`);
  await db.dataSource.query(`INSERT INTO retry_rows VALUES (1, 0), (2, 0)`);
});
afterAll(async () => {
  await db?.drop();
});

describe.runIf(process.env.TEST_DB_MODE !== 'embedded')('transactionWithRetry (PostgreSQL)', () => {
  it('runs a deadlock victim again, and it commits once', async () => {
    const ds = db.dataSource;
    let attempts = 0;
    const other = ds.createQueryRunner();
    await other.startTransaction();
    await other.query(`SET LOCAL deadlock_timeout = '10s'`);
    await other.query(`UPDATE retry_rows SET n = n + 100 WHERE id = 2`);
    const retried = transactionWithRetry(ds.manager, async (tx) => {
      attempts++;
      await tx.query(`SET LOCAL deadlock_timeout = '1s'`);
      await tx.query(`UPDATE retry_rows SET n = n + 1 WHERE id = 1`);
      // The first attempt waits for row 2, which the other transaction holds…
      await tx.query(`UPDATE retry_rows SET n = n + 1 WHERE id = 2`);
      return attempts;
    });
    // …and once it waits, the other asks for row 1: a deadlock, and with the shorter timeout ours is
    // the victim.
    await expect
      .poll(
        async () =>
          (
            await ds.query(
              `SELECT count(*)::int AS n FROM pg_stat_activity
               WHERE datname = current_database() AND wait_event_type = 'Lock' AND query LIKE '%WHERE id = 2'`,
            )
          )[0].n,
        { timeout: 5000, interval: 20 },
      )
      .toBe(1);
    const otherDone = other.query(`UPDATE retry_rows SET n = n + 100 WHERE id = 1`);
    await otherDone;
    await other.commitTransaction();
    await other.release();
    expect(await retried).toBe(2);
    expect(await ds.query(`SELECT id, n FROM retry_rows ORDER BY id`)).toEqual([
      { id: 1, n: 101 },
      { id: 2, n: 101 },
    ]);
  });

  it('does not retry anything else', async () => {
    let attempts = 0;
    await expect(
      transactionWithRetry(db.dataSource.manager, async (tx) => {
        attempts++;
        await tx.query(`SELECT 1/0`);
      }),
    ).rejects.toThrow(/division by zero/);
    expect(attempts).toBe(1);
  });
});
