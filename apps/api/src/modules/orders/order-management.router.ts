import { z } from 'zod';
import {
  MarkLineShortInput,
  AdminOrderDetailDto,
  AdminOrderIdInput,
  AdminOrderListInput,
  AdminOrderListItemDto,
  AdminOrderPageDto,
  AdminOrderPageInput,
  AdminOrderStatusInput,
  AdminOrderSummaryDto,
  PickingDayDto,
  PickingInput,
  RecordWeightInput,
} from '@shop/schema';
import { can, router } from '../../trpc/trpc';
import { getStaffOrder, listOrders, orderSummary, pageOrders } from './order-queries.service';
import { updateOrderStatus } from './workflows/change-status';
import { recordLineWeight } from './workflows/record-weight';
import { markLineShort } from './workflows/mark-line-short';
import { pickingList } from './order-picking.service';

/**
 * Order management for staff (docs/product.md §2 Order management): the staff's router over the one
 * orders domain (modules/orders: orders.repository.ts, order-queries.service.ts,
 * orders/workflows/change-status.ts), which the shopper's `orders` router shares.
 */
export const orderManagementRouter = router({
  /** Every customer's orders, newest first, with search and status filter. */
  list: can('orders:read_all')
    .input(AdminOrderListInput)
    .output(z.array(AdminOrderListItemDto))
    .query(({ ctx, input }) => listOrders(ctx, input)),
  /** The order management screen: a page of the filtered orders and how many match. */
  page: can('orders:read_all')
    .input(AdminOrderPageInput)
    .output(AdminOrderPageDto)
    .query(({ ctx, input }) => pageOrders(ctx, input)),
  /** The order management cards. */
  summary: can('orders:read_all')
    .output(AdminOrderSummaryDto)
    .query(({ ctx }) => orderSummary(ctx)),
  /** One order with items and status timeline (the View dialog). */
  byId: can('orders:read_all')
    .input(AdminOrderIdInput)
    .output(AdminOrderDetailDto)
    .query(({ ctx, input }) => getStaffOrder(ctx, input.id)),
  /** The picking screen (docs/picking.md): a day's orders to pick by slot, with lines and lots. */
  picking: can('orders:read_all')
    .input(PickingInput)
    .output(PickingDayDto)
    .query(({ ctx, input }) => pickingList(ctx, input)),
  /** PATCH /api/orders/:id/status. */
  updateStatus: can('orders:update')
    .input(AdminOrderStatusInput)
    .output(AdminOrderDetailDto)
    .mutation(({ ctx, input }) => updateOrderStatus(ctx, input)),
  /** PATCH /api/orders/:id/items/:itemId/weight: catch weight recorded at picking (issue 20 part B). */
  recordWeight: can('orders:update')
    .input(RecordWeightInput)
    .output(AdminOrderDetailDto)
    .mutation(({ ctx, input }) => recordLineWeight(ctx, input)),
  /** Picking: a line is short; the shopper's substitution choice is applied (docs/substitutions.md). */
  markShort: can('orders:update')
    .input(MarkLineShortInput)
    .output(AdminOrderDetailDto)
    .mutation(({ ctx, input }) => markLineShort(ctx, input)),
});
