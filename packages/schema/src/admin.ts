/**
 * Admin panel contracts (docs/product.md §2 Admin panel): the overview, and the product writes of its Products
 * section (docs/product.md §7 POST/PUT/DELETE /api/products).
 */
import { z } from 'zod';
import { MoneyString, ProductFields } from './products';
import { checkFoodFacts } from './food-facts';
import { OrderStatus } from './orders';
import { INVENTORY_MESSAGES, MoneyTotalString, StockLevel } from './inventory';
import { EditVersion } from './edit-version';
import { documentedAs } from './openapi-meta';
import { MEASURE_UNITS } from './measures';

/** docs/product.md §9: the overview's lists show 5 items. */
export const OVERVIEW_LIST_SIZE = 5;

/**
 * The overview. Each part is present only when the caller may see its data: `products` with
 * `products:read_all`, `orders` with `orders:read_all`, `users` with `users:read` (docs/product.md §6: an
 * inventory manager sees products, a sales manager orders, an admin everything).
 */
export const AdminOverviewDto = z.object({
  products: z
    .object({
      total: z.number().int(),
      /** Active products at or under their threshold. */
      lowStock: z.number().int(),
      /** The first 5 of them, lowest stock first. */
      lowStockAlerts: z.array(
        z.object({
          id: z.uuid(),
          name: z.string(),
          stock: z.number().int(),
          lowStockThreshold: z.number().int(),
          /** Stock and threshold are base units (g, ml, pieces); the screen shows them in this measure. */
          measureUnit: z.enum(MEASURE_UNITS).nullable(),
        }),
      ),
    })
    .nullable(),
  orders: z
    .object({
      total: z.number().int(),
      pending: z.number().int(),
      /** Σ total of delivered orders (docs/product.md §9). */
      revenue: MoneyTotalString,
      /** The 5 most recent. */
      recent: z.array(
        z.object({
          id: z.uuid(),
          total: MoneyString,
          status: OrderStatus,
          createdAt: z.iso.datetime({ offset: true }),
        }),
      ),
    })
    .nullable(),
  users: z.object({ total: z.number().int() }).nullable(),
});
export type AdminOverviewDto = z.infer<typeof AdminOverviewDto>;

/** The admin overview shows an order as the LAST 8 characters of its id (docs/product.md §9). */
export function overviewOrderNumber(id: string): string {
  return id.slice(-8);
}

/**
 * `PUT /api/products/:id`: the whole product form again. What the form does not carry (unit, SKU,
 * active flag) keeps its current value when omitted.
 *
 * Lost updates (issue 15, edit-version.ts): `version` is the version the form loaded; when the
 * product was edited since, 409. Stock is optional: without it the level is left alone (orders
 * move it while the dialog is open). With `expectedStock` (the level the form loaded) the new level
 * is set only if the stock is still that, else 409. Stock needs `inventory:update` and a precondition,
 * `expectedStock` or `version` (428 without either): PRODUCT_STOCK_WRITE_MESSAGES, issue 32.
 */
export const ProductUpdateInput = ProductFields.extend({
  id: z.uuid('id must be a uuid'),
  unit: z.string().trim().min(1).max(40).optional(),
  sku: z.string().trim().min(1).max(64).optional(),
  isActive: z.boolean().optional(),
  stock: ProductFields.shape.stock.optional(),
  expectedStock: StockLevel(INVENTORY_MESSAGES.expectedStock).optional(),
  version: EditVersion.optional(),
})
  .superRefine(checkFoodFacts)
  .refine((input) => input.expectedStock === undefined || input.stock !== undefined, {
    message: INVENTORY_MESSAGES.expectedStockAlone,
    path: ['stock'],
  })
  .meta(documentedAs((rendered) => ({ ...rendered, dependentRequired: { expectedStock: ['stock'] } })));
export type ProductUpdateInput = z.input<typeof ProductUpdateInput>;

/** Why a product update's stock value was refused (apps/api modules/catalogue/stock-write-rules.ts). */
export const PRODUCT_STOCK_WRITE_MESSAGES = {
  permission:
    'Changing stock needs the inventory:update permission: leave stock out to keep the current level',
  precondition:
    'stock needs a precondition: send expectedStock (the stock level you read) or version (the ' +
    'product version you read), or leave stock out to keep the current level',
} as const;

/** What `DELETE /api/products/:id` did: a product that appears in orders is deactivated instead. */
export const ProductDeleteResult = z.object({
  id: z.uuid(),
  outcome: z.enum(['deleted', 'deactivated']),
  message: z.string(),
});
export type ProductDeleteResult = z.infer<typeof ProductDeleteResult>;

export const PRODUCT_DELETE_MESSAGES = {
  deleted: 'Product deleted successfully',
  deactivated: 'Product deactivated: it appears in orders, so it was hidden from the shop instead of deleted',
} as const;

/**
 * The product form's number fields (docs/product.md §5): price as typed (a decimal with step 0.01, checked by
 * ProductInput), stock and threshold as integers with anything invalid becoming 0.
 */
export function parseFormInteger(text: string | number): number {
  const value = typeof text === 'number' ? text : Number.parseInt(String(text), 10);
  return Number.isFinite(value) ? Math.trunc(value) : 0;
}
