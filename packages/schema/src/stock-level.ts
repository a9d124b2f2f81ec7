/**
 * Stock levels as people type them, without zod: the storefront's first load formats and reads
 * quantities through apps/web/src/lib/measures.ts, and a module that builds zod schemas would bring
 * zod into that first load (docs/accessibility.md, the first-load budget). inventory.ts re-exports both.
 */
/** Largest stock level or threshold accepted (the column is a 32-bit integer). */
export const MAX_STOCK = 1_000_000_000;

/**
 * The Update Stock dialog's field (docs/product.md §5): a non-negative integer, anything non-numeric becomes 0.
 * '12' → 12, '' or 'abc' → 0, '-3' → 0, '2.7' → 2.
 */
export function parseStockLevel(text: string | number): number {
  const value = typeof text === 'number' ? text : Number.parseInt(text, 10);
  if (!Number.isFinite(value) || value < 0) return 0;
  return Math.min(Math.trunc(value), MAX_STOCK);
}
