/**
 * A transaction run again when PostgreSQL asks for it. A deadlock (40P01) or a serialization
 * failure (40001) rolled the whole transaction back (its live events with it: after-commit.ts), so
 * running it again from the start is safe and is what PostgreSQL means by the code.
 *
 * Why staff writes need it: placements commit in groups (orders/group-commit.ts), and a group's
 * orders add to the analytics rollup's per-product rows in the group's order, not one global
 * order; a status change or cancellation touching the same products' rows can then deadlock with
 * it, and PostgreSQL may pick either as the victim. The group retries itself; these retry here.
 */
import type { EntityManager } from 'typeorm';
import { sqlStateOf } from './pg-errors';

/** PostgreSQL's "try again" codes: serialization_failure, deadlock_detected. */
export function isRetryableTransactionError(error: unknown): boolean {
  const code = sqlStateOf(error);
  return code === '40001' || code === '40P01';
}

/** Times a transaction runs again after a deadlock or a serialization failure. */
export const TRANSACTION_RETRIES = 2;

/** `db.transaction(work)`, run again (up to TRANSACTION_RETRIES times) when PostgreSQL asks for it. */
export async function transactionWithRetry<T>(
  db: EntityManager,
  work: (tx: EntityManager) => Promise<T>,
): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await db.transaction(work);
    } catch (error) {
      if (isRetryableTransactionError(error) && attempt < TRANSACTION_RETRIES) continue;
      throw error;
    }
  }
}
