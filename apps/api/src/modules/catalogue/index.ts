/**
 * Catalogue: products, categories, food facts and measures (`products` but its `stock`,
 * `categories`), the product CSV import and export, the product pages and the catalogue cache.
 * Other modules read products through the functions below (products-for-orders.repository.ts),
 * never with SQL of their own.
 */
export { toMeasure } from './product-measure';
export {
  lockChosenProduct,
  lockProductsForOrder,
  lockSimilarProduct,
  productsToday,
} from './products-for-orders.repository';
export type { ProductForOrder, Substitute } from './products-for-orders.repository';
