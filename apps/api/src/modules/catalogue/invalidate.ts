/**
 * The one call a write path makes so that anonymous visitors stop seeing the old catalogue
 * (issue 18): `invalidateCatalogue(tx, productIds)` in the transaction that changes products or
 * categories. Once it commits, every api instance drops the cached answers it affects (the live
 * event bus: NOTIFY on PostgreSQL, in-process on the embedded database; the instance that wrote
 * drops its own at COMMIT, before it answers). A rollback drops nothing.
 *
 * Stock needs no call: every stock change already announces a 'stock' event (the ledger writer,
 * apps/api/src/modules/inventory/stock-ledger.ts, and order placement), and the cache hears those.
 */
import type { EntityManager } from 'typeorm';
import { CATALOGUE_EVENT_MAX_PRODUCTS } from '@shop/schema';
import { publishAfterCommit } from '../live-events';

/**
 * Announces, after commit, that these products changed (their listings and own answers go), or
 * with `null` that anything may have (a category written, an import: everything goes). Outside a
 * transaction it goes at once. Many ids count as `null`, to keep the NOTIFY payload small.
 */
export function invalidateCatalogue(db: EntityManager, productIds: readonly string[] | null): void {
  const ids = productIds && [...new Set(productIds)];
  publishAfterCommit(db, [
    { type: 'catalogue', productIds: ids && ids.length <= CATALOGUE_EVENT_MAX_PRODUCTS ? ids : null },
  ]);
}
