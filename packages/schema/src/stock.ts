/** Stock rules shared by the storefront, the admin screens and the server. */

export const DEFAULT_LOW_STOCK_THRESHOLD = 10;
/** docs/product.md §9: a screen that finds no threshold on a product uses 5. */
export const SCREEN_FALLBACK_THRESHOLD = 5;

export type StockStatus = 'out_of_stock' | 'low_stock' | 'in_stock';

export const STOCK_STATUS_LABEL: Record<StockStatus, string> = {
  out_of_stock: 'Out of Stock',
  low_stock: 'Low Stock',
  in_stock: 'In Stock',
};

/** Low stock means stock at or below the product's threshold. */
export function isLowStock(stock: number, threshold: number | null | undefined): boolean {
  return stock <= (threshold ?? SCREEN_FALLBACK_THRESHOLD);
}

/** Out of Stock at 0 (or below), Low Stock at or under the threshold, otherwise In Stock. */
export function stockStatus(stock: number, threshold: number | null | undefined): StockStatus {
  if (stock <= 0) return 'out_of_stock';
  if (isLowStock(stock, threshold)) return 'low_stock';
  return 'in_stock';
}

/** Add to Cart is blocked when stock is 0 or less. */
export function canAddToCart(stock: number): boolean {
  return stock > 0;
}
