/**
 * preparedQuery in both database modes: the same text runs again and again on every pooled
 * connection (prepared once per connection, under one name), with each call's own values; inside a
 * transaction it reads through the transaction (its uncommitted rows, rolled back with it).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '@shop/db/testing';
import { preparedQuery } from './prepared-query';

let db: TestDatabase;
const BY_ID = `SELECT id, label FROM prepared_rows WHERE id = $1`;

beforeAll(async () => {
  db = await createTestDatabase({ poolSize: 3 });
  await db.dataSource.query(`CREATE TABLE prepared_rows (id int PRIMARY KEY, label text NOT NULL)`);
  await db.dataSource.query(`INSERT INTO prepared_rows VALUES (1, 'one'), (2, 'two'), (3, 'three')`);
});
afterAll(async () => {
  await db?.drop();
});

describe('preparedQuery', () => {
  it('runs one text many times at once, each with its own values', async () => {
    const ids = Array.from({ length: 30 }, (_, i) => (i % 4) + 1);
    const answers = await Promise.all(ids.map((id) => preparedQuery(db.dataSource.manager, BY_ID, [id])));
    expect(answers).toEqual(
      ids.map((id) => (id === 4 ? [] : [{ id, label: ['one', 'two', 'three'][id - 1] }])),
    );
  });

  it('reads through the transaction it is given', async () => {
    const inside = await db.dataSource
      .transaction(async (tx) => {
        await tx.query(`UPDATE prepared_rows SET label = 'changed' WHERE id = 2`);
        const seen = await preparedQuery(tx, BY_ID, [2]);
        throw Object.assign(new Error('roll back'), { seen });
      })
      .catch((error: { seen: unknown }) => error.seen);
    expect(inside).toEqual([{ id: 2, label: 'changed' }]);
    expect(await preparedQuery(db.dataSource.manager, BY_ID, [2])).toEqual([{ id: 2, label: 'two' }]);
  });

  it('answers a database refusal as the driver reports it (SQLSTATE kept)', async () => {
    await expect(preparedQuery(db.dataSource.manager, BY_ID, ['not a number'])).rejects.toMatchObject({
      code: '22P02',
    });
  });
});
