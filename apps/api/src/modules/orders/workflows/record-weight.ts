/**
 * Catch weight (issue 20 part B; docs/money.md "Catch weight"): a weighed line (salmon, cheese) is
 * placed at its estimated weight, which the order reserves from stock; at picking staff record the
 * actual weight. Within the product's tolerance as bought (±10 %), the line's total follows the
 * weight, the order's subtotal, tax and total are recomputed (the delivery fee stays as charged),
 * and the stock ledger takes the difference (source 'weighing'). Outside it: 400 naming
 * `weighedQuantity`. Only while the order is pending or processing: once shipped it is what it is.
 *
 * Concurrency: the order row is locked first (as status changes lock it), so two staff recording
 * the same line run one after the other; each sends the weight its dialog showed
 * (`expectedWeighedQuantity`), and the second finds the line weighed meanwhile: 409 WEIGHT_CHANGED,
 * nothing written. The stock update is guarded (never below 0) under the product's row lock.
 */
import {
  formatQuantity,
  weighingProblem,
  type AdminOrderDetailDto,
  type RecordWeightInput,
} from '@shop/schema';
import type { ServiceContext } from '../../../context';
import { BadRequestError, ConflictError, NotFoundError } from '../../../errors';
import { changeLineStock } from '../../inventory';
import { assertStillPicking, lockOrderForPicking, recomputeOrderTotals } from '../order-totals';
import { publishAfterCommit } from '../../live-events';
import { mayReadPayments } from '../order-queries.service';
import { loadOrderAggregate, toStaffOrder } from '../orders.repository';
import { linesToWeigh, setLineWeight } from '../order-changes.repository';
import { transactionWithRetry } from '../../../sql/transaction-retry';

export async function recordLineWeight(
  ctx: ServiceContext,
  input: RecordWeightInput,
): Promise<AdminOrderDetailDto> {
  const aggregate = await transactionWithRetry(ctx.db, async (tx) => {
    const order = await lockOrderForPicking(tx, input.id);
    const lines = await linesToWeigh(tx, input.id);
    const line = lines.find((candidate) => candidate.id === input.itemId);
    if (!line) throw new NotFoundError('Order line');
    if (line.weight_tolerance === null) {
      throw new BadRequestError('This line is not weighed at picking', [
        { path: 'itemId', message: 'This line is not weighed at picking' },
      ]);
    }
    assertStillPicking(order, 'its weights');
    if (line.weighed_quantity !== input.expectedWeighedQuantity) {
      const shown =
        line.weighed_quantity === null
          ? 'not weighed'
          : formatQuantity(line.weighed_quantity, line.measure_unit);
      throw new ConflictError(`This line was weighed meanwhile (${shown}): reload the order and check it`, {
        reason: 'WEIGHT_CHANGED',
        weighedQuantity: line.weighed_quantity,
      });
    }
    const problem = weighingProblem(
      input.weighedQuantity,
      line.quantity,
      line.weight_tolerance,
      line.measure_unit,
    );
    if (problem) throw new BadRequestError(problem, [{ path: 'weighedQuantity', message: problem }]);

    // Stock: the order reserved what the line held (ordered, or weighed before); it now holds this.
    const held = line.weighed_quantity ?? line.quantity;
    const more = input.weighedQuantity - held;
    if (more !== 0) {
      // Taken or given back by inventory, with the lots (more first expiry first out, less back) and the ledger.
      const moved = await changeLineStock(
        tx,
        { orderItemId: line.id, productId: line.product_id, held },
        more,
        {
          source: 'weighing',
          reason: `Weighed at picking: ${formatQuantity(input.weighedQuantity, line.measure_unit)} (ordered ${formatQuantity(line.quantity, line.measure_unit)})`,
          orderId: input.id,
          userId: ctx.user?.id ?? null,
        },
      );
      if (!moved) {
        throw new ConflictError('Not enough stock for the extra weight', { reason: 'INSUFFICIENT_STOCK' });
      }
    }
    await setLineWeight(tx, line.id, input.weighedQuantity);

    // The order's totals again from its lines, each rounded once, at the tax rate it was placed with.
    const total = await recomputeOrderTotals(tx, input.id, order);
    // The shopper's open My Orders and the staff's order screens hear of it once this commits.
    publishAfterCommit(tx, [
      {
        type: 'order.weighed',
        orderId: input.id,
        userId: order.user_id,
        status: order.status,
        total,
      },
    ]);
    return (await loadOrderAggregate(tx, input.id))!;
  });
  return toStaffOrder(aggregate, mayReadPayments(ctx));
}
