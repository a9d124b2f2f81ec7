/**
 * Order status changes (docs/architecture.md §4): staff move an order along ORDER_TRANSITIONS, and
 * a shopper cancels their own order while it is still pending (issue 19 item 3). Both go through
 * `changeStatus`: the order row is locked first, so concurrent changes (a shopper's cancel and a
 * staff member's "processing", two cancels) run one after the other and each sees the status the
 * previous one left; a second cancellation finds the order cancelled and gets 409, so stock
 * returns exactly once. The stock goes back through its owner (inventory/order-stock.ts), which
 * writes the ledger as every stock change does, so the catalogue and its readers hear of it.
 */
import {
  ORDER_TRANSITIONS,
  paymentStatusAfter,
  type AdminOrderDetailDto,
  type OrderStatus,
  type OrderWithHistoryDto,
} from '@shop/schema';
import type { CurrentUser, ServiceContext } from '../../../context';
import { ConflictError, NotFoundError } from '../../../errors';
import { returnOrderStock, actorName } from '../../inventory';
import { publishAfterCommit } from '../../live-events';
import { mayReadPayments } from '../order-queries.service';
import { releaseSlot } from '../../delivery';
import { loadOrderAggregate, toShopperOrder, toStaffOrder, type OrderAggregate } from '../orders.repository';
import {
  lockOrderForStatus,
  quantitiesTaken,
  recordStatusChange,
  setOrderStatus,
  type LockedOrder,
} from '../order-changes.repository';
import { transactionWithRetry } from '../../../sql/transaction-retry';

/** The staff member's name as the timeline shows it. */
function nameOf(user: CurrentUser): string {
  return actorName({ first_name: user.firstName, last_name: user.lastName, email: user.email });
}

/** 'An order that is delivered cannot become pending' (docs/architecture.md §4). */
export function transitionMessage(from: OrderStatus, to: OrderStatus): string {
  return from === to ? `The order is already ${from}` : `An order that is ${from} cannot become ${to}`;
}

/** Why a shopper's cancellation is refused, when the order is no longer pending. */
export function cancelRefusedMessage(status: OrderStatus): string {
  return status === 'cancelled'
    ? 'The order is already cancelled'
    : `This order is ${status} and can no longer be cancelled`;
}

/**
 * Moves an order to `status` inside one transaction and answers the order as it now is. The row
 * lock comes first; `allowed` then decides on the locked row (the owner and the status the
 * previous change left), throwing NOT_FOUND or CONFLICT. On cancel the items' products are locked
 * in id order (the order placement locks them in), their stock is returned and the ledger records
 * it with source 'cancellation'. The payment status follows (paymentStatusAfter), and the change
 * is recorded in order_status_history with who and the note.
 */
async function changeStatus(
  ctx: ServiceContext,
  input: { id: string; status: OrderStatus; notes?: string },
  allowed: (order: LockedOrder) => void,
): Promise<OrderAggregate> {
  const userId = ctx.user?.id ?? null;
  return transactionWithRetry(ctx.db, async (tx) => {
    const order = await lockOrderForStatus(tx, input.id);
    if (!order) throw new NotFoundError('Order');
    allowed(order);
    if (!ORDER_TRANSITIONS[order.status].includes(input.status)) {
      throw new ConflictError(transitionMessage(order.status, input.status), {
        status: order.status,
        allowed: ORDER_TRANSITIONS[order.status],
      });
    }

    if (input.status === 'cancelled') {
      // What left the stock goes back (a weighed line what was weighed, a short line nothing):
      // inventory puts it back into its lots and writes the ledger.
      const lines = await quantitiesTaken(tx, input.id);
      await returnOrderStock(tx, { orderId: input.id, lines, userId, note: input.notes });
      // Its delivery slot's place is free again, in the same transaction (after the products,
      // the order placement locks them in).
      await releaseSlot(tx, input.id);
    }

    await setOrderStatus(
      tx,
      input.id,
      input.status,
      paymentStatusAfter(input.status, order.payment_method, order.payment_status),
    );
    await recordStatusChange(tx, {
      orderId: input.id,
      from: order.status,
      to: input.status,
      note: input.notes ?? null,
      by: userId,
    });
    // The owner's and the staff's open screens hear of it once this commits, on whichever api
    // instance they are (a cancellation's stock levels are announced by the ledger writer).
    publishAfterCommit(tx, [
      {
        type: 'order.status',
        orderId: input.id,
        userId: order.user_id,
        from: order.status,
        to: input.status,
        by: ctx.user && { id: ctx.user.id, name: nameOf(ctx.user) },
      },
    ]);
    return (await loadOrderAggregate(tx, input.id))!;
  });
}

/** Staff move an order along ORDER_TRANSITIONS (`orderManagement.updateStatus`, PATCH /api/orders/:id/status). */
export async function updateOrderStatus(
  ctx: ServiceContext,
  input: { id: string; status: OrderStatus; notes?: string },
): Promise<AdminOrderDetailDto> {
  return toStaffOrder(await changeStatus(ctx, input, () => {}), mayReadPayments(ctx));
}

/**
 * A shopper cancels their own order (`orders.cancel`, POST /api/orders/:id/cancel) while it is
 * pending: once staff have accepted it (processing), only staff may cancel it. Someone else's order
 * is NOT_FOUND, as for reading it. Decided on the locked row, so a cancel that races a staff
 * member's "processing" either wins (stock back, staff see it cancelled) or finds it processing
 * (409, nothing changed).
 */
export async function cancelMyOrder(
  ctx: ServiceContext & { user: CurrentUser },
  input: { id: string },
): Promise<OrderWithHistoryDto> {
  const aggregate = await changeStatus(
    ctx,
    { id: input.id, status: 'cancelled', notes: 'Cancelled by the customer' },
    (order) => {
      if (order.user_id !== ctx.user.id) throw new NotFoundError('Order');
      if (order.status !== 'pending') {
        throw new ConflictError(cancelRefusedMessage(order.status), { status: order.status });
      }
    },
  );
  return toShopperOrder(aggregate, mayReadPayments(ctx));
}
