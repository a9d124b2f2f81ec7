import { z } from 'zod';
import {
  InventorySummaryDto,
  LowStockItemDto,
  ReorderItemDto,
  StockHistoryInput,
  StockMovementDto,
} from '@shop/schema';
import { can, router } from '../../trpc/trpc';
import { inventorySummary, listLowStock, stockHistory } from './inventory.service';
import { reorderItems } from './reorder.service';

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
});
