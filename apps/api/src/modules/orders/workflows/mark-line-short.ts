/**
 * Substitutions at picking (issue 21 part 3; docs/substitutions.md). Staff mark a line short; the
 * shopper's choice for it, made at checkout (or the shop's default), is applied in one
 * transaction:
 *
 * - 'none': the line is not delivered and not charged;
 * - 'product': the product the shopper chose, when it is on sale with enough sellable stock;
 * - 'similar': the shop's closest match (catalogue/products-for-orders.repository.ts): same category and measure, on sale,
 *   enough sellable stock, the nearest price.
 *
 * With no substitute available the line is simply short. A substitute is a new line of the same
 * quantity that says which line it replaces, at its own price or the short line's, whichever is
 * lower (a substitution never costs the shopper more); its stock is taken (guarded) from its lots
 * first expiry first out and recorded in the ledger. The short line keeps what it reserved: those
 * units were not on the shelf (a stock count corrects the level). The order's totals are
 * recomputed, its timeline says who did what, and the shopper hears of it live.
 *
 * Concurrency: the order row is locked first (as status changes and weighing lock it), so two staff
 * marking the same line run one after the other and the second finds it short (409 LINE_SHORT);
 * then the substitute's product row, whose stock is checked under that lock.
 */
import type { EntityManager } from 'typeorm';
import {
  formatMoney,
  formatQuantity,
  shortOrderId,
  toCents,
  centsToDecimal,
  type AdminOrderDetailDto,
  type MarkLineShortInput,
} from '@shop/schema';
import type { ServiceContext } from '../../../context';
import { ConflictError, NotFoundError } from '../../../errors';
import { publishAfterCommit } from '../../live-events';
import { changeLineStock } from '../../inventory';
import { lockChosenProduct, lockSimilarProduct, type Substitute } from '../../catalogue';
import { mayReadPayments } from '../order-queries.service';
import { loadOrderAggregate, toStaffOrder } from '../orders.repository';
import {
  insertSubstituteLine,
  lineOfOrder,
  recordTimelineNote,
  setLineShort,
  type ShortLine,
} from '../order-changes.repository';
import { assertStillPicking, lockOrderForPicking, recomputeOrderTotals } from '../order-totals';
import { transactionWithRetry } from '../../../sql/transaction-retry';

export async function markLineShort(
  ctx: ServiceContext,
  input: MarkLineShortInput,
): Promise<AdminOrderDetailDto> {
  const aggregate = await transactionWithRetry(ctx.db, async (tx) => {
    const order = await lockOrderForPicking(tx, input.id);
    const line = await lineOfOrder(tx, input.id, input.itemId);
    if (!line) throw new NotFoundError('Order line');
    assertStillPicking(order, 'its lines');
    if (line.short_at) {
      throw new ConflictError(`${line.product_name} is already marked short on this order`, {
        reason: 'LINE_SHORT',
      });
    }

    await setLineShort(tx, line.id, ctx.user?.id ?? null);
    const substitute = await lockSubstitute(tx, line);
    let note = `${line.product_name} short: ${line.substitution === 'none' ? 'no substitution, as the customer chose' : 'no substitute in stock'}`;
    if (substitute) {
      const priceCents = Math.min(toCents(substitute.price)!, toCents(line.price)!);
      await addSubstituteLine(ctx, tx, input.id, line, substitute, centsToDecimal(priceCents));
      note = `${line.product_name} short: substituted with ${substitute.name} (${formatQuantity(line.quantity, line.measure_unit)} at ${formatMoney(centsToDecimal(priceCents))})`;
    }
    const total = await recomputeOrderTotals(tx, input.id, order);
    // The timeline says who and what; the status itself does not change.
    await recordTimelineNote(tx, { orderId: input.id, status: order.status, note, by: ctx.user?.id ?? null });
    publishAfterCommit(tx, [
      { type: 'order.substituted', orderId: input.id, userId: order.user_id, status: order.status, total },
    ]);
    return (await loadOrderAggregate(tx, input.id))!;
  });
  return toStaffOrder(aggregate, mayReadPayments(ctx));
}

/** The substitute the shopper's choice calls for, its row locked, or null when there is none in stock. */
async function lockSubstitute(tx: EntityManager, line: ShortLine): Promise<Substitute | null> {
  if (line.substitution === 'none') return null;
  if (line.substitution === 'product') {
    return lockChosenProduct(tx, line.substitute_product_id, line.quantity, line.measure_unit);
  }
  return lockSimilarProduct(tx, line.product_id, line.quantity);
}

/** The substitute line: the same quantity, its stock taken (guarded) from its lots and the ledger. */
async function addSubstituteLine(
  ctx: ServiceContext,
  tx: EntityManager,
  orderId: string,
  line: ShortLine,
  substitute: Substitute,
  price: string,
): Promise<void> {
  const added = await insertSubstituteLine(tx, {
    orderId,
    productId: substitute.id,
    quantity: line.quantity,
    price,
    name: substitute.name,
    sku: substitute.sku,
    unit: substitute.unit,
    measureUnit: substitute.measure_unit,
    weightTolerance: substitute.weight_tolerance,
    replaces: line.id,
  });
  // Its stock taken by inventory (guarded), from the lots first expiry first out, with the ledger row.
  const moved = await changeLineStock(
    tx,
    { orderItemId: added, productId: substitute.id, held: 0 },
    line.quantity,
    {
      source: 'order',
      reason: `Substitute for ${line.product_name} (order #${shortOrderId(orderId)})`,
      orderId,
      userId: ctx.user?.id ?? null,
    },
  );
  // Unreachable: the row is locked and its sellable stock was checked under the lock.
  if (!moved)
    throw new ConflictError(`Not enough stock for ${substitute.name}`, { reason: 'INSUFFICIENT_STOCK' });
}
