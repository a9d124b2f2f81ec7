/**
 * The one call every category write makes after its transaction committed: the storefront's
 * category list and the product pages it filters change when a category is added, renamed,
 * reordered, hidden or deleted, so every api instance drops its cached anonymous catalogue answers
 * (the catalogue cache, apps/api/src/modules/catalogue/invalidate.ts).
 */
import type { EntityManager } from 'typeorm';
import { invalidateCatalogue } from './invalidate';

export function catalogueChanged(db: EntityManager): void {
  invalidateCatalogue(db, null);
}
