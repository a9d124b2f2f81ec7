/**
 * Stock has one way in (issue 32): a stock level written through the product form's `PUT
 * /api/products/:id` (tRPC `products.update`) obeys the same two rules as the stock endpoints.
 *
 * - **Permission**: setting stock needs `inventory:update`, whoever calls (a role, a custom role, an
 *   API token with a permission subset). `products:update` alone edits everything but the level;
 *   a body without `stock` keeps the level as it is.
 * - **Precondition**: a stock value must say what it was based on, `expectedStock` (the level read)
 *   or `version` (the product version read), else 428 PRECONDITION_REQUIRED. A read-modify-write
 *   without either would write back units sold in between (the audit's stale PUT: 10 instead of 7).
 *   With `expectedStock` the level is set only when it is still that (409 STOCK_CHANGED otherwise).
 */
import { PRODUCT_STOCK_WRITE_MESSAGES } from '@shop/schema';
import { ForbiddenError, PreconditionRequiredError } from '../../errors';

export interface StockWrite {
  stock?: number;
  expectedStock?: number;
  version?: number;
}

/** Throws 403 or 428 when this product update may not set the stock it carries; nothing without `stock`. */
export function assertStockWriteAllowed(permissions: ReadonlySet<string>, input: StockWrite): void {
  if (input.stock === undefined) return;
  if (!permissions.has('inventory:update')) throw new ForbiddenError(PRODUCT_STOCK_WRITE_MESSAGES.permission);
  if (input.expectedStock === undefined && input.version === undefined)
    throw new PreconditionRequiredError(PRODUCT_STOCK_WRITE_MESSAGES.precondition);
}
