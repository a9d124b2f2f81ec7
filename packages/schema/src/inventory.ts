/**
 * Inventory contracts (docs/product.md §2 Inventory, §5 stock update, docs/architecture.md §4 stock changes): the stock
 * and threshold update, the low-stock list, the inventory summary and the stock ledger.
 */
import { z } from 'zod';
import { documentedAs } from './openapi-meta';
import { MEASURE_UNITS } from './measures';
import { MAX_STOCK } from './stock-level';

export { MAX_STOCK, parseStockLevel } from './stock-level';

export const STOCK_REASON_MAX_LENGTH = 500;

export const INVENTORY_MESSAGES = {
  stock: 'Stock must be a whole number of 0 or more',
  lowStockThreshold: 'The low stock alert must be a whole number of 0 or more',
  nothingToChange: 'Send stock or lowStockThreshold',
  expectedStock: 'expectedStock must be a whole number of 0 or more',
  expectedStockAlone: 'Send stock with expectedStock',
} as const;

const wholeNumber = (message: string) =>
  z.number(message).int(message).min(0, message).max(MAX_STOCK, `Must be at most ${MAX_STOCK}`);

/** A stock level (or threshold) on the wire: a whole number from 0 to MAX_STOCK. */
export const StockLevel = wholeNumber;

/** A sum of money that may exceed numeric(10,2) (a total over many rows): '123456789.50'. */
export const MoneyTotalString = z.string().regex(/^\d+\.\d{2}$/, 'Must be an amount with 2 decimals');

/**
 * `PATCH /api/products/:id` (docs/product.md §7 "Inventory update"): a new stock level and/or a new low-stock
 * threshold, with the optional reason of the Update Stock dialog (stored in the stock ledger).
 * `expectedStock` is the level the dialog showed: when an order or someone else moved the stock
 * meanwhile, the update is refused (409 STOCK_CHANGED, edit-version.ts) instead of undoing it.
 */
export const ProductStockPatchInput = z
  .strictObject({
    id: z.uuid('id must be a uuid'),
    stock: wholeNumber(INVENTORY_MESSAGES.stock).optional(),
    expectedStock: wholeNumber(INVENTORY_MESSAGES.expectedStock).optional(),
    lowStockThreshold: wholeNumber(INVENTORY_MESSAGES.lowStockThreshold).optional(),
    reason: z
      .string()
      .trim()
      .max(STOCK_REASON_MAX_LENGTH)
      .optional()
      .transform((reason) => reason || undefined),
  })
  .refine((input) => input.stock !== undefined || input.lowStockThreshold !== undefined, {
    message: INVENTORY_MESSAGES.nothingToChange,
    path: ['stock'],
  })
  .refine((input) => input.expectedStock === undefined || input.stock !== undefined, {
    message: INVENTORY_MESSAGES.expectedStockAlone,
    path: ['stock'],
  })
  .meta(
    documentedAs((rendered) => ({
      ...rendered,
      anyOf: [{ required: ['stock'] }, { required: ['lowStockThreshold'] }],
      dependentRequired: { expectedStock: ['stock'] },
    })),
  );
export type ProductStockPatchInput = z.input<typeof ProductStockPatchInput>;

/** `GET /api/products/low-stock` (docs/product.md §7): active products at or under their threshold. */
export const LowStockItemDto = z.object({ id: z.uuid(), name: z.string(), stock: z.number().int() });
export type LowStockItemDto = z.infer<typeof LowStockItemDto>;

/**
 * Reorder points (issue 21 item 5): what to buy in. A product is due when its stock is at or under
 * its low-stock threshold; the suggested quantity covers the next REORDER_WINDOW_DAYS at the pace of
 * the last ones (what was sold in them, cancelled orders left out, weighed lines at their weight),
 * on top of the threshold, and at least brings the stock back above the threshold. Quantities are in
 * the product's base unit (pieces, grams, millilitres).
 */
export const REORDER_WINDOW_DAYS = 28;

export function suggestedReorderQuantity(stock: number, lowStockThreshold: number, soldInWindow: number): number {
  return Math.max(soldInWindow + lowStockThreshold - stock, lowStockThreshold + 1 - stock, 0);
}

export const ReorderItemDto = z.object({
  id: z.uuid(),
  sku: z.string(),
  name: z.string(),
  stock: z.number().int(),
  lowStockThreshold: z.number().int(),
  /** Null: sold by the piece; else the measure its quantities are shown in (base units: g / ml). */
  measureUnit: z.enum(MEASURE_UNITS).nullable(),
  soldInWindow: z.number().int(),
  suggestedQuantity: z.number().int(),
});
export type ReorderItemDto = z.infer<typeof ReorderItemDto>;

/** The inventory screen's cards, computed by the database over every product. */
export const InventorySummaryDto = z.object({
  totalProducts: z.number().int(),
  /** Stock at or under the threshold (out-of-stock ones included). */
  lowStockItems: z.number().int(),
  outOfStock: z.number().int(),
  /** Σ price × stock, exact to the cent. */
  totalStockValue: MoneyTotalString,
});
export type InventorySummaryDto = z.infer<typeof InventorySummaryDto>;

/** Why a stock level moved: staff edits, orders placed and cancelled, imports, weighing, lots received and expired. */
export const STOCK_MOVEMENT_SOURCES = [
  'staff',
  'order',
  'cancellation',
  'import',
  'weighing',
  'goods_in',
  'expiry',
] as const;
export const StockMovementSource = z.enum(STOCK_MOVEMENT_SOURCES);
export type StockMovementSource = z.infer<typeof StockMovementSource>;

export const STOCK_MOVEMENT_SOURCE_LABEL: Record<StockMovementSource, string> = {
  staff: 'Staff update',
  order: 'Order placed',
  cancellation: 'Order cancelled',
  import: 'Import',
  weighing: 'Weighed at picking',
  goods_in: 'Goods in',
  expiry: 'Expired',
};

export const STOCK_HISTORY_DEFAULT_LIMIT = 50;

export const StockHistoryInput = z.strictObject({
  productId: z.uuid('productId must be a uuid'),
  limit: z.number().int().min(1).max(500).default(STOCK_HISTORY_DEFAULT_LIMIT),
});
export type StockHistoryInput = z.input<typeof StockHistoryInput>;

/** Who did something, as staff screens show it (no identity-provider data). */
export const ActorDto = z.object({
  id: z.uuid(),
  name: z.string(),
  email: z.string(),
});
export type ActorDto = z.infer<typeof ActorDto>;

/** One row of a product's stock history, newest first. */
export const StockMovementDto = z.object({
  id: z.uuid(),
  productId: z.uuid(),
  quantityBefore: z.number().int(),
  quantityAfter: z.number().int(),
  change: z.number().int(),
  reason: z.string().nullable(),
  source: StockMovementSource,
  orderId: z.uuid().nullable(),
  user: ActorDto.nullable(),
  createdAt: z.iso.datetime({ offset: true }),
});
export type StockMovementDto = z.infer<typeof StockMovementDto>;
