/**
 * The refusals the services turn into answers are recognised on either database: PostgreSQL 15
 * (TEST_DB_MODE=postgres) and PGlite's PostgreSQL 18 (TEST_DB_MODE=embedded) report a RESTRICT
 * foreign key's refusal with different SQLSTATEs.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '@shop/db/testing';
import { makeOrder, makeProduct } from '../test/admin-fixtures';
import { isStillReferenced, sqlStateOf } from './pg-errors';

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase({ poolSize: 2 });
});
afterAll(async () => {
  await db?.drop();
});

async function refusal(work: Promise<unknown>): Promise<unknown> {
  return work.then(
    () => expect.unreachable('the database accepted it'),
    (error: unknown) => error,
  );
}

describe('isStillReferenced', () => {
  it('is true when the database refuses to delete a product that an order item names (RESTRICT)', async () => {
    const product = await makeProduct(db.dataSource);
    await makeOrder(db.dataSource, { items: [{ productId: product.id, quantity: 1 }] });
    const error = await refusal(db.dataSource.query('DELETE FROM products WHERE id = $1', [product.id]));
    // 23503 foreign_key_violation up to PostgreSQL 17; 23001 restrict_violation from 18 on.
    expect(sqlStateOf(error)).toBe(db.kind === 'embedded' ? '23001' : '23503');
    expect(isStillReferenced(error)).toBe(true);
  });

  it('is false for other refusals and for errors that are not the database’s', async () => {
    const product = await makeProduct(db.dataSource);
    const error = await refusal(
      db.dataSource.query(
        `UPDATE products SET sku = (SELECT sku FROM products WHERE id <> $1 LIMIT 1) WHERE id = $1`,
        [product.id],
      ),
    );
    expect(sqlStateOf(error)).toBe('23505');
    expect(isStillReferenced(error)).toBe(false);
    expect(isStillReferenced(new Error('no'))).toBe(false);
    expect(isStillReferenced(null)).toBe(false);
  });
});
