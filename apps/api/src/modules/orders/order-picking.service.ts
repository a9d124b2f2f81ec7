/**
 * The picking list (issue 21 part 4; docs/picking.md): a day's orders to pick, by delivery slot
 * window, each with its lines, the lots to take them from and the catch weight to record. Read in
 * two queries whatever the number of orders (the orders, then all their lines with their lots as
 * json_agg, as loadOrderAggregate reads one order's): no query per order.
 *
 * Staff only: the procedure demands `orders:read_all`, as the View dialog does.
 */
import {
  PICKING_STATUSES,
  shortOrderId,
  type PickingDayDto,
  type PickingLineDto,
  type PickingOrderDto,
  type PickingSlotDto,
} from '@shop/schema';
import type { ServiceContext } from '../../context';
import { listPickingOrders, loadLinesOf, type OrderLineRecord } from './orders.repository';

/** `orderManagement.picking`: `date` is YYYY-MM-DD (UTC, the shop's day; the input defaults it to today). */
export async function pickingList(ctx: ServiceContext, input: { date: string }): Promise<PickingDayDto> {
  const orders = await listPickingOrders(ctx.db, input.date, PICKING_STATUSES);
  const lines = await loadLinesOf(
    ctx.db,
    orders.map((order) => order.id),
  );
  const linesOf = new Map<string, PickingLineDto[]>();
  for (const line of lines) {
    const list = linesOf.get(line.orderId!) ?? [];
    list.push(toPickingLine(line));
    linesOf.set(line.orderId!, list);
  }

  // The orders come sorted by window (unslotted last): a new group starts where the window changes.
  const slots: PickingSlotDto[] = [];
  for (const order of orders) {
    const start = order.slotStart?.toISOString() ?? null;
    const end = order.slotEnd?.toISOString() ?? null;
    let group = slots.at(-1);
    if (!group || group.start !== start || group.end !== end) {
      group = { start, end, orders: [] };
      slots.push(group);
    }
    const picking: PickingOrderDto = {
      id: order.id,
      shortId: shortOrderId(order.id),
      status: order.status as PickingOrderDto['status'],
      customerEmail: order.customerEmail ?? null,
      shippingAddress: order.shippingAddress,
      notes: order.notes,
      createdAt: order.createdAt.toISOString(),
      lines: linesOf.get(order.id) ?? [],
    };
    group.orders.push(picking);
  }
  return { date: input.date, slots };
}

function toPickingLine(line: OrderLineRecord): PickingLineDto {
  return {
    id: line.id,
    productId: line.productId,
    name: line.name,
    sku: line.sku,
    unit: line.unit,
    quantity: line.quantity,
    measureUnit: line.measureUnit,
    weightTolerance: line.weightTolerance,
    weighedQuantity: line.weighedQuantity,
    lots: line.lots ?? [],
    substitution: line.substitution,
    substituteProductId: line.substituteProductId,
    substituteFor: line.substituteFor,
    short: line.shortAt !== null,
    substituteProductName: line.substituteProductName ?? null,
  };
}
