import { z } from 'zod';
import {
  ExpiringLotDto,
  ExpiringLotsInput,
  ProductLotsDto,
  ProductLotsInput,
  ReceiveLotInput,
  InventorySummaryDto,
  LowStockItemDto,
  ReorderItemDto,
  StockHistoryInput,
  StockMovementDto,
} from '@shop/schema';
import { can, router } from '../../trpc/trpc';
import { inventorySummary, listLowStock, stockHistory } from './inventory.service';
import { reorderItems } from './reorder.service';
import { expiringLots, productLots, receiveLot } from './stock-lots.service';

export const inventoryRouter = router({
  /** GET /api/products/low-stock: active products at or under their threshold. */
  lowStock: can('inventory:read')
    .output(z.array(LowStockItemDto))
    .query(({ ctx }) => listLowStock(ctx)),
  /** GET /api/inventory/reorder: what to buy in, with suggested quantities (reorder.service.ts). */
  reorder: can('inventory:read')
    .output(z.array(ReorderItemDto))
    .query(({ ctx }) => reorderItems(ctx.db)),
  /** The inventory screen's cards. */
  summary: can('inventory:read')
    .output(InventorySummaryDto)
    .query(({ ctx }) => inventorySummary(ctx)),
  /** A product's stock history (the ledger), newest first. */
  history: can('inventory:read')
    .input(StockHistoryInput)
    .output(z.array(StockMovementDto))
    .query(({ ctx, input }) => stockHistory(ctx, input)),
  /** A product's open lots, first expiry first, and its undated stock (docs/stock-lots.md). */
  lots: can('inventory:read')
    .input(ProductLotsInput)
    .output(ProductLotsDto)
    .query(({ ctx, input }) => productLots(ctx.db, input.productId)),
  /** Lots whose date falls in the next N days, with a markdown suggestion. */
  expiring: can('inventory:read')
    .input(ExpiringLotsInput)
    .output(z.array(ExpiringLotDto))
    .query(({ ctx, input }) => expiringLots(ctx.db, input.days)),
  /** Goods in: a lot received (quantity, best-before or use-by date, batch code, reason). */
  receiveLot: can('inventory:update')
    .input(ReceiveLotInput)
    .output(ProductLotsDto)
    .mutation(({ ctx, input }) => receiveLot(ctx, input)),
});
