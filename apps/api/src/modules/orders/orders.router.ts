import { z } from 'zod';
import {
  OrderDetailDto,
  OrderDto,
  OrderIdInput,
  OrderListInput,
  OrderWithHistoryDto,
  PlaceOrderInput,
  ReorderDto,
} from '@shop/schema';
import { authedProcedure, can, router } from '../../trpc/trpc';
import { placeOrder } from './workflows/place-order';
import { getOrder, listAllOrders, listMyOrders } from './order-queries.service';
import { cancelMyOrder } from './workflows/change-status';
import { reorder } from './order-reorder.service';
import { orderPlacementLimit } from './orders.rate-limit';

/**
 * Shoppers' orders (docs/product.md §7 /api/orders). `mine` is the caller's own; `list` is everybody's, for
 * order management (`orders:read_all`). Status changes by staff live with order management; a shopper may cancel their own pending order.
 */
export const ordersRouter = router({
  /** POST /api/orders. `idempotencyKey` is the tRPC form of the `Idempotency-Key` header. */
  create: authedProcedure
    .use(orderPlacementLimit)
    .input(PlaceOrderInput)
    .output(OrderDetailDto)
    .mutation(({ ctx, input }) => placeOrder(ctx, input)),
  mine: authedProcedure
    .input(OrderListInput)
    .output(z.array(OrderDto))
    .query(({ ctx, input }) => listMyOrders(ctx, input)),
  list: can('orders:read_all')
    .input(OrderListInput)
    .output(z.array(OrderDto))
    .query(({ ctx, input }) => listAllOrders(ctx, input)),
  /** One order with its lines as bought and its status timeline (the owner, or `orders:read_all`). */
  byId: authedProcedure
    .input(OrderIdInput)
    .output(OrderWithHistoryDto)
    .query(({ ctx, input }) => getOrder(ctx, input.id)),
  /**
   * POST /api/orders/:id/cancel: the shopper cancels their own pending order (stock returned once,
   * staff told live, the timeline says the customer did it). Staff cancel through updateStatus.
   */
  cancel: authedProcedure
    .input(OrderIdInput)
    .output(OrderWithHistoryDto)
    .mutation(({ ctx, input }) => cancelMyOrder(ctx, input)),
  /** GET /api/orders/:id/reorder: the caller's order's lines as they can be bought today ('Buy again'). */
  reorder: authedProcedure
    .input(OrderIdInput)
    .output(ReorderDto)
    .query(({ ctx, input }) => reorder(ctx, input.id)),
});
