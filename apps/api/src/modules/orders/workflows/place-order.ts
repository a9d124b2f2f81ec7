/**
 * Placing orders (docs/architecture.md §4 'Placing an order'). Reading them, for shoppers and staff,
 * is order-queries.service.ts over orders.repository.ts; status changes are orders/workflows/change-status.ts.
 *
 * Placing is a transaction: the products are locked `FOR UPDATE` in id order (so two orders
 * never wait on each other in a cycle), checked (exists and active → enough stock → the client's
 * prices and total equal the server's), then stock is decremented with a guarded UPDATE and the
 * order and its items are written at the server's prices. Any refusal rolls everything back.
 * Stock can never go below 0: the guard, the row locks and `products_stock_check` each see to it.
 *
 * Orders are placed in groups (group-commit.ts, `placeGroup` below): the placements that arrive
 * while a transaction runs share the next one and its COMMIT's WAL flush, each checked on its own,
 * so one order's refusal never touches another's. While the locks are held there is one lock
 * statement for the group, the slots, ONE statement writing every order that passed (stock, lots,
 * orders, items, slot places, ledger: place-order-write.ts) and the COMMIT: the shorter the locked
 * time, the more orders a hot product can take per second (docs/benchmarks.md). Should that
 * statement fail (a reused idempotency key), it is rolled back and the orders are written one at a
 * time, each under its own SAVEPOINT. Nothing is read before or after.
 *
 * Idempotency: with a key, the first order placed under (user, key) is the answer to every later
 * placement with the same body (stock is taken once); the same key with another body is
 * UNPROCESSABLE_CONTENT. A repeat is placed like any order and refused by the unique
 * (user_id, idempotency_key) constraint, or for the stock (or a price) that changed since the first;
 * either way it rolls back and then reads the first order. Repeats are rare, so the usual placement
 * does not pay for a look-up first.
 */
import { publishAfterCommit } from '../../live-events';
import { createHash } from 'node:crypto';
import type { EntityManager } from 'typeorm';
import { OrderEntity } from '@shop/db';
import {
  ESTIMATED_DELIVERY_DAYS,
  centsToDecimal,
  formatMoney,
  toCents,
  orderTotals,
  formatQuantity,
  lineCents,
  quantityProblem,
  type InsufficientStockDetails,
  type LiveEvent,
  type MeasureUnit,
  type MinimumOrderDetails,
  type OrderDetailDto,
  type PlaceOrderInput,
  type PriceChangedDetails,
  type Substitution,
  type ProductUnavailableDetails,
} from '@shop/schema';
import type { CurrentUser, ServiceContext } from '../../../context';
import { BadRequestError, ConflictError, DomainError } from '../../../errors';
import { toMeasure, lockProductsForOrder, type ProductForOrder } from '../../catalogue';
import { PLACEMENT_SETTINGS_PART, type PlacementSettings } from '../../settings';
import { loadOrderAggregate, toOrderDto, toOrderItemDto, toShopperOrder } from '../orders.repository';
import { groupCommitPerDataSource, type Outcome } from '../group-commit';
import { lockGroupSlots, slotUnavailable, type GroupSlots, type SlotChoice } from '../../delivery';
import {
  GROUP_WRITE_SQL,
  WRITE_ORDER_SQL,
  groupWriteParams,
  writeOrderParams,
  type OrderWrite,
  type WrittenOrder,
} from '../place-order-write';

type Ctx = ServiceContext & { user: CurrentUser };

const DAY_MS = 24 * 60 * 60 * 1000;
const IDEMPOTENCY_CONSTRAINT = 'orders_user_idempotency_key';
/** Times a placement is retried after PostgreSQL broke a deadlock (the whole transaction rolled back). */
const DEADLOCK_RETRIES = 2;

export class IdempotencyKeyReusedError extends DomainError {
  constructor() {
    super('UNPROCESSABLE_CONTENT', 'This Idempotency-Key was already used for a different order');
  }
}

// ---------------------------------------------------------------------------------------------
// Placing
// ---------------------------------------------------------------------------------------------

type OrderBody = Omit<PlaceOrderInput, 'idempotencyKey'>;

interface Line {
  productId: string;
  quantity: number;
  /** Every price the client sent for this product (duplicate lines are merged). */
  clientCents: number[];
  /** The shopper's choice if it is short at picking (the first line's, when merged); undefined: the shop's default. */
  substitution?: Substitution;
  substituteProductId: string | null;
}

type LockedProduct = ProductForOrder;

/** Merges duplicate lines and sorts by product id: the order in which rows are locked. */
export function mergeLines(items: OrderBody['items']): Line[] {
  const lines = new Map<string, Line>();
  for (const item of items) {
    const productId = item.productId.toLowerCase();
    const line = lines.get(productId) ?? {
      productId,
      quantity: 0,
      clientCents: [],
      substitution: item.substitution,
      substituteProductId: item.substituteProductId?.toLowerCase() ?? null,
    };
    line.quantity += item.quantity;
    line.clientCents.push(toCents(item.price)!);
    lines.set(productId, line);
  }
  return [...lines.values()].sort((a, b) =>
    a.productId < b.productId ? -1 : a.productId > b.productId ? 1 : 0,
  );
}

/** What "the same body" means for a retried placement: every field after validation and trimming. */
export function requestHash(body: OrderBody): string {
  const canonical = [
    body.items.map((item) => [
      item.productId.toLowerCase(),
      item.quantity,
      toCents(item.price),
      item.substitution ?? null,
      item.substituteProductId?.toLowerCase() ?? null,
    ]),
    toCents(body.total),
    body.paymentMethod,
    body.shippingAddress,
    body.notes ?? null,
    body.cardHolderName ?? null,
    body.cardLastFour ?? null,
    body.bankName ?? null,
    body.bankAccountNumber ?? null,
    body.deliverySlot ? [body.deliverySlot.templateId.toLowerCase(), body.deliverySlot.date] : null,
  ];
  return createHash('sha256').update(JSON.stringify(canonical)).digest('hex');
}

function errorCode(error: unknown): { code?: string; constraint?: string } {
  const e = error as {
    code?: unknown;
    constraint?: unknown;
    driverError?: { code?: unknown; constraint?: unknown };
  };
  const code = e?.driverError?.code ?? e?.code;
  const constraint = e?.driverError?.constraint ?? e?.constraint;
  return {
    code: typeof code === 'string' ? code : undefined,
    constraint: typeof constraint === 'string' ? constraint : undefined,
  };
}

const isIdempotencyClash = (error: unknown) => {
  const { code, constraint } = errorCode(error);
  return code === '23505' && (constraint === undefined || constraint === IDEMPOTENCY_CONSTRAINT);
};
const isDeadlock = (error: unknown) => errorCode(error).code === '40P01';

/** The first order placed under this key, or UNPROCESSABLE_CONTENT when it was another body. */
async function replay(
  db: EntityManager,
  userId: string,
  key: string,
  hash: string,
): Promise<OrderDetailDto | null> {
  const existing = await db.findOne(OrderEntity, { where: { userId, idempotencyKey: key } });
  if (!existing) return null;
  if (existing.requestHash !== hash) throw new IdempotencyKeyReusedError();
  const aggregate = await loadOrderAggregate(db, existing.id);
  return aggregate && toShopperOrder(aggregate, false);
}

/** One placement as the group commit carries it (group-commit.ts). */
interface Placement {
  userId: string;
  body: OrderBody;
  idempotencyKey: string | null;
  hash: string;
}

/** Orders placed together in one transaction at most: bounds how long the hot rows stay locked. */
export const PLACEMENT_GROUP_MAX = 32;

/** This DataSource's group commit of placements (one transaction at a time, many orders in each). */
const placementsOf = groupCommitPerDataSource<Placement, OrderDetailDto>(placeGroup, {
  maxBatch: PLACEMENT_GROUP_MAX,
  retries: DEADLOCK_RETRIES,
});

/** The group commit of `dataSource`'s placements (tests read the sizes of its groups). */
export const placementGroupCommit = placementsOf;

export async function placeOrder(ctx: Ctx, input: PlaceOrderInput): Promise<OrderDetailDto> {
  const { idempotencyKey, ...body } = input;
  const placement: Placement = {
    userId: ctx.user.id,
    body,
    idempotencyKey: idempotencyKey ?? null,
    hash: requestHash(body),
  };

  for (let attempt = 0; ; attempt++) {
    try {
      // Placed with the other placements waiting in this process, in one transaction; the answer
      // comes after its COMMIT (group-commit.ts).
      return await placementsOf(ctx.db.dataSource).submit(placement);
    } catch (error) {
      // A key used before: the unique key refused this order, or the earlier order took the stock
      // this one needed (or a price changed since). Either way the answer is the earlier order
      // (committed by now, also when it was placed in the same group).
      if (placement.idempotencyKey && (isIdempotencyClash(error) || error instanceof ConflictError)) {
        const earlier = await replay(ctx.db, placement.userId, placement.idempotencyKey, placement.hash);
        if (earlier) return earlier;
      }
      if (isDeadlock(error) && attempt < DEADLOCK_RETRIES) {
        ctx.log.warn({ err: error }, 'order placement hit a deadlock; retrying');
        continue;
      }
      throw error;
    }
  }
}

/** The products of a group, locked, each with the shop's settings as they are under the locks. */
type LockedRows = Map<string, LockedProduct & PlacementSettings>;

/**
 * Places a group of orders in the open transaction `tx`, in arrival order, each refused on its own.
 *
 * Every product any of them takes is locked first, in id order, in one statement: a group never
 * waits for a row while holding another that a different transaction (another group, another
 * instance, a cancellation) locks in id order, so groups do not deadlock on each other. Each order
 * is then checked against the locked rows as the orders before it in the group leave them, exactly
 * as if it had been placed alone after them. The orders that passed are written together in one
 * statement (`writeTogether`): on a busy api every round trip also waits for a turn of the event
 * loop behind other requests, with the hot rows locked, and a statement per order was most of the
 * group's time (docs/benchmarks.md "Orders").
 *
 * If the database refuses that statement (the idempotency key's unique constraint, a key used
 * twice in one group), it is rolled back and each order is written under its own SAVEPOINT, the
 * writes sent without waiting for each answer (`sendWrites`): a refused write rolls back that order
 * only. When write k fails, the database ignores the statements after it (the transaction is in
 * error): back to k's savepoint, k is refused, and the orders after it are checked and sent again.
 * A lone order needs no savepoint: its failure is the transaction's.
 */
async function placeGroup(
  tx: EntityManager,
  placements: readonly Placement[],
): Promise<Outcome<OrderDetailDto>[]> {
  const groupLines = placements.map((placement) => mergeLines(placement.body.items));
  const ids = [...new Set(groupLines.flatMap((lines) => lines.map((line) => line.productId)))];
  const locked = await lockProducts(tx, ids);
  // The delivery slots after the products (the order a cancellation locks them in); null when
  // delivery is not slotted (no zone): then nothing below books one.
  const slots = await lockGroupSlots(
    tx,
    placements.map((placement) => placement.body),
  );
  const alone = placements.length === 1;

  const outcomes: Outcome<PlacedOrder>[] = [];
  for (let from = 0; from < placements.length;) {
    // Checked in arrival order; each that passes takes its stock from the rows (in memory).
    const passed: {
      index: number;
      lines: Line[];
      write: OrderWrite;
      levels: number[];
      slot: SlotChoice | null;
    }[] = [];
    for (let i = from; i < placements.length; i++) {
      const lines = groupLines[i]!;
      let slot: SlotChoice | null = null;
      try {
        // The address's zone and a place in its slot first: outside the delivery area is said
        // before anything about the cart.
        slot = slots?.take(i) ?? null;
        const priced = priceOrder(lines, locked, placements[i]!.body, slot);
        const write = orderWrite(placements[i]!, lines, locked, priced, slot);
        const levels = lines.map((line) => (locked.get(line.productId)!.stock -= line.quantity));
        passed.push({ index: i, lines, write, levels, slot });
      } catch (error) {
        if (slot) slots!.giveBack(slot);
        outcomes[i] = { ok: false, error };
      }
    }
    if (passed.length === 0) break;

    // The whole group in one statement, the first time round: one round trip under the locks.
    if (from === 0 && passed.length > 1) {
      const together = await writeTogether(
        tx,
        passed.map((order) => order.write),
      );
      const placed =
        together &&
        passed.map((order, k) =>
          toPlacedOrder(together[k]!, placements[order.index]!, order.lines, locked, order.levels),
        );
      if (placed?.every((outcome) => outcome.ok)) {
        passed.forEach((order, k) => (outcomes[order.index] = placed[k]!));
        groupWrites.together++;
        break;
      }
      if (placed) await tx.query(`ROLLBACK TO SAVEPOINT ${GROUP_SAVEPOINT}`);
      groupWrites.oneAtATime++;
      // Else one at a time (below), each under its own savepoint: what failed is refused alone.
    }

    const written = await sendWrites(
      tx,
      passed.map((order) => ({ savepoint: alone ? null : `placement_${order.index}`, write: order.write })),
    );
    const failedAt = passed.findIndex((order, k) => {
      const result = written[k]!;
      if (result.ok) {
        const placed = toPlacedOrder(
          result.value,
          placements[order.index]!,
          order.lines,
          locked,
          order.levels,
        );
        outcomes[order.index] = placed;
        return !placed.ok;
      }
      outcomes[order.index] = { ok: false, error: result.error };
      return true;
    });
    if (failedAt === -1) break;

    const failed = passed[failedAt]!;
    if (alone) throw (outcomes[failed.index] as { error: unknown }).error;
    // Undone by the database: the failed write and every one sent after it.
    await tx.query(`ROLLBACK TO SAVEPOINT placement_${failed.index}`);
    for (const order of passed.slice(failedAt)) {
      order.lines.forEach((line) => (locked.get(line.productId)!.stock += line.quantity));
      if (order.slot) (slots as GroupSlots).giveBack(order.slot);
    }
    from = failed.index + 1;
  }

  // Staff screens (new orders, stock levels) and the owners' other tabs hear of each placed order
  // once the group commits; a refused one is never announced.
  for (const outcome of outcomes) if (outcome.ok) publishAfterCommit(tx, outcome.value.events);
  return outcomes.map((outcome) => (outcome.ok ? { ok: true, value: outcome.value.order } : outcome));
}

/** The connection under a TypeORM transaction (node-postgres' client), for statements sent together. */
interface PgClient {
  query(text: string, values?: unknown[]): Promise<{ rows: WrittenOrder[] }>;
  query(config: { name: string; text: string; values: unknown[] }): Promise<{ rows: WrittenOrder[] }>;
}

/** The transaction's connection (TypeORM's connect() answers the one it already holds). */
const connectionOf = (tx: EntityManager) =>
  (tx.queryRunner as unknown as { connect(): Promise<PgClient> }).connect();

const GROUP_SAVEPOINT = 'placement_group';

/**
 * How this process's groups of two or more orders were written: in one statement, or one at a time
 * after that statement failed or its guards stopped it (tests and the bench read it).
 */
export const groupWrites = { together: 0, oneAtATime: 0 };

/**
 * Writes the group's orders in one statement (GROUP_WRITE_SQL), after a savepoint sent with it.
 * Answers each order's row, in arrival order; or null when the database refused the statement
 * (a reused idempotency key, say), rolled back to the savepoint: nothing of it is left.
 */
async function writeTogether(tx: EntityManager, writes: OrderWrite[]): Promise<WrittenOrder[] | null> {
  const client = await connectionOf(tx);
  const [savepoint, written] = await Promise.allSettled([
    client.query(`SAVEPOINT ${GROUP_SAVEPOINT}`),
    // Prepared once per connection, like the single write.
    client.query({
      name: 'place-order-group-write',
      text: GROUP_WRITE_SQL,
      values: groupWriteParams(writes),
    }),
  ]);
  if (savepoint.status === 'rejected') throw savepoint.reason;
  if (written.status === 'fulfilled' && written.value.rows.length === writes.length)
    return written.value.rows;
  await client.query(`ROLLBACK TO SAVEPOINT ${GROUP_SAVEPOINT}`);
  return null;
}

/**
 * Sends the writes one after the other without awaiting in between (node-postgres queues them on
 * the transaction's connection and sends each as soon as the one before is answered), each after
 * its SAVEPOINT when it has one. Settles with each write's rows or error.
 */
async function sendWrites(
  tx: EntityManager,
  writes: { savepoint: string | null; write: OrderWrite }[],
): Promise<Outcome<WrittenOrder>[]> {
  // TypeORM's own query() awaits before it reaches the connection; the queue is only certain on
  // the connection itself. node-postgres 8 warns once per process that this queue is deprecated
  // (gone in pg 9): this path only runs alone or after the group's statement failed, and can then
  // await each write.
  const client = await connectionOf(tx);
  // Every promise gets its handler at once: after a failure the later ones all reject.
  const sent = writes.map(({ savepoint, write }) =>
    Promise.allSettled([
      savepoint && client.query(`SAVEPOINT ${savepoint}`),
      // Prepared once per connection (by name): parsed and planned once, not for every order. +40 %
      // orders/s (docs/benchmarks.md "Orders"); the lock statement, prepared too, gained nothing.
      client.query({ name: 'place-order-write', text: WRITE_ORDER_SQL, values: writeOrderParams(write) }),
    ]),
  );
  return (await Promise.all(sent)).map(([savepoint, write]): Outcome<WrittenOrder> => {
    if (savepoint.status === 'rejected') return { ok: false, error: savepoint.reason };
    if (write.status === 'rejected') return { ok: false, error: write.reason };
    return { ok: true, value: write.value.rows[0]! };
  });
}

/**
 * Row locks in id order (ORDER BY is applied before FOR UPDATE locks the rows). The shop's
 * settings (fees, tax, minimum) come in the same round trip, as they are at this moment. Each
 * product's stock is what may be sold now: less any lot whose date has passed since the expiry
 * job last ran (inventory/stock-lots.ts).
 */
async function lockProducts(tx: EntityManager, ids: string[]): Promise<LockedRows> {
  const rows = await lockProductsForOrder<PlacementSettings>(tx, ids, PLACEMENT_SETTINGS_PART);
  return new Map(rows.map((row) => [row.id, row]));
}

/** An order that passed every check: the server's money for it. */
interface PricedOrder {
  settings: PlacementSettings;
  serverCents: (line: Line) => number;
  subtotalCents: number;
  totals: ReturnType<typeof orderTotals>;
}

/**
 * The checks, in the order the shopper hears of them (docs/architecture.md §4 'Placing an
 * order'): unknown or inactive products, stock, the minimum order, the client's prices and total.
 * Throws the 409 that explains the first one failed; reads and writes nothing.
 */
function priceOrder(
  lines: Line[],
  products: LockedRows,
  body: OrderBody,
  slot: SlotChoice | null,
): PricedOrder {
  const unavailable = lines.filter((line) => !products.get(line.productId)?.on_sale);
  if (unavailable.length > 0) {
    const details: ProductUnavailableDetails = {
      reason: 'PRODUCT_UNAVAILABLE',
      products: unavailable.map((line) => ({
        productId: line.productId,
        name: products.get(line.productId)?.name ?? null,
      })),
    };
    const names = details.products.map((p) => p.name ?? p.productId).join(', ');
    throw new ConflictError(`No longer available: ${names}. Please remove it from your cart.`, {
      ...details,
    });
  }

  // Each quantity is one the product is sold in: its step, minimum and maximum (0.25 kg to 3 kg of
  // salmon by 0.25 kg; pieces 1 to 1000). Invalid input, so 400 naming the line, and nothing written.
  const wrongQuantities = lines.flatMap((line) => {
    const problem = quantityProblem(line.quantity, toMeasure(products.get(line.productId)!));
    if (!problem) return [];
    const index = body.items.findIndex((item) => item.productId.toLowerCase() === line.productId);
    return [
      { path: `items.${index}.quantity`, message: `${products.get(line.productId)!.name}: ${problem}` },
    ];
  });
  if (wrongQuantities.length > 0) {
    throw new BadRequestError(wrongQuantities[0]!.message, wrongQuantities);
  }

  const short = lines.filter((line) => products.get(line.productId)!.stock < line.quantity);
  if (short.length > 0) {
    const details: InsufficientStockDetails = {
      reason: 'INSUFFICIENT_STOCK',
      products: short.map((line) => {
        const product = products.get(line.productId)!;
        return {
          productId: line.productId,
          name: product.name,
          requested: line.quantity,
          available: product.stock,
        };
      }),
    };
    const what = details.products
      .map((p) => {
        const left = formatQuantity(p.available, toMeasure(products.get(p.productId)!).measureUnit);
        return p.available > 0 ? `${p.name} (only ${left} left)` : `${p.name} (out of stock)`;
      })
      .join(', ');
    throw new ConflictError(`Not enough stock for ${what}`, { ...details });
  }

  // Every locked row carries the same settings; with no row at all, the check above refused.
  const settings = products.values().next().value!;
  const money = (cents: number) => formatMoney(centsToDecimal(cents), settings.currency);
  const serverCents = (line: Line) => toCents(products.get(line.productId)!.price)!;
  // Each line rounded once (price per kg × grams), then summed: docs/money.md.
  const subtotalCents = lines.reduce(
    (sum, line) => sum + lineCents(serverCents(line), line.quantity, measureOf(products, line)),
    0,
  );
  const minimumCents = toCents(settings.minimum_order) ?? 0;
  if (subtotalCents < minimumCents) {
    const details: MinimumOrderDetails = {
      reason: 'MINIMUM_ORDER',
      minimumOrder: centsToDecimal(minimumCents),
      subtotal: centsToDecimal(subtotalCents),
    };
    throw new ConflictError(
      `The minimum order is ${money(minimumCents)}; your order comes to ${money(subtotalCents)}.`,
      { ...details },
    );
  }
  const totals = orderTotals(subtotalCents, {
    // A slot's own fee overrides the shop's (docs/delivery-slots.md); the free-delivery threshold holds.
    deliveryFee: slot?.deliveryFee ?? settings.delivery_fee,
    freeDeliveryThreshold: settings.free_delivery_threshold,
    taxRate: settings.tax_rate,
    taxInclusive: settings.tax_inclusive,
  });
  const totalCents = totals.totalCents;
  const changed = lines.filter((line) => line.clientCents.some((cents) => cents !== serverCents(line)));
  if (changed.length > 0 || toCents(body.total) !== totalCents) {
    const details: PriceChangedDetails & { total: string; deliveryFee: string; tax: string } = {
      reason: 'PRICE_CHANGED',
      prices: lines.map((line) => ({ productId: line.productId, price: centsToDecimal(serverCents(line)) })),
      total: centsToDecimal(totalCents),
      deliveryFee: centsToDecimal(totals.deliveryFeeCents),
      tax: centsToDecimal(totals.taxCents),
    };
    const what =
      changed.length > 0
        ? changed.map((line) => `${products.get(line.productId)!.name} is now ${money(serverCents(line))}`)
        : [`the total is ${money(totalCents)}`];
    throw new ConflictError(`Prices have changed: ${what.join(', ')}. Please review your order.`, {
      ...details,
    });
  }
  return { settings, serverCents, subtotalCents, totals };
}

/** An order that passed `priceOrder`, as the write statements take it (place-order-write.ts). */
function orderWrite(
  placement: Placement,
  lines: Line[],
  products: LockedRows,
  priced: PricedOrder,
  slot: SlotChoice | null,
): OrderWrite {
  const { userId, body, idempotencyKey, hash } = placement;
  const { settings, serverCents, subtotalCents, totals } = priced;
  return {
    userId,
    paymentMethod: body.paymentMethod,
    total: centsToDecimal(totals.totalCents),
    shippingAddress: body.shippingAddress,
    // The slot's start while delivery is slotted: that is when it comes.
    estimatedDelivery: slot ? slot.start : new Date(Date.now() + ESTIMATED_DELIVERY_DAYS * DAY_MS),
    notes: body.notes ?? null,
    cardHolderName: body.cardHolderName ?? null,
    cardLastFour: body.cardLastFour ?? null,
    bankName: body.bankName ?? null,
    bankAccountNumber: body.bankAccountNumber ?? null,
    idempotencyKey,
    requestHash: idempotencyKey ? hash : null,
    subtotal: centsToDecimal(subtotalCents),
    deliveryFee: centsToDecimal(totals.deliveryFeeCents),
    tax: centsToDecimal(totals.taxCents),
    taxInclusive: settings.tax_inclusive,
    currency: settings.currency,
    taxRate: settings.tax_rate,
    slot: slot && { templateId: slot.templateId, date: slot.date, start: slot.start, end: slot.end },
    lines: lines.map((line) => {
      const product = products.get(line.productId)!;
      return {
        productId: line.productId,
        quantity: line.quantity,
        price: centsToDecimal(serverCents(line)),
        name: product.name,
        sku: product.sku,
        unit: product.unit,
        measureUnit: measureOf(products, line),
        weightTolerance: product.weight_tolerance,
        // If a line is short at picking: the shopper's choice, or the shop's default (substitutions.ts).
        substitution: line.substitution ?? settings.default_substitution,
        substituteProductId: line.substituteProductId,
      };
    }),
  };
}

/** How a line's product is measured (null: by the piece). */
function measureOf(products: LockedRows, line: Line): MeasureUnit | null {
  return products.get(line.productId)!.measure_unit as MeasureUnit | null;
}

/** A placed order: the caller's answer and what is announced once the group commits. */
interface PlacedOrder {
  order: OrderDetailDto;
  events: LiveEvent[];
}

/**
 * The answer made of what the write returned (nothing is read back), and the order's live events;
 * `levels` are its products' stock after it (in line order).
 */
function toPlacedOrder(
  written: WrittenOrder,
  placement: Placement,
  lines: Line[],
  products: LockedRows,
  levels: number[],
): Outcome<PlacedOrder> {
  const { items, moved, slotBooked, ...order } = written;
  // Unreachable while the row locks are held; a guard, not a path.
  if (moved !== lines.length) {
    const names = lines.map((line) => products.get(line.productId)!.name).join(', ');
    return { ok: false, error: new ConflictError(`Not enough stock for ${names}`) };
  }
  // The same for the slot's place: its conditional booking found the slot full or blocked.
  if (order.slotDate && slotBooked !== 1) return { ok: false, error: slotUnavailable([]) };
  const events: LiveEvent[] = [
    {
      type: 'order.placed',
      orderId: order.id,
      userId: placement.userId,
      status: 'pending',
      total: order.total,
    },
    ...lines.map((line, i) => ({
      type: 'stock' as const,
      productId: line.productId,
      stock: levels[i]!,
      lowStockThreshold: products.get(line.productId)!.low_stock_threshold,
    })),
  ];
  return {
    ok: true,
    value: {
      events,
      order: {
        ...toOrderDto(order),
        items: items.map((item) => {
          const product = products.get(item.productId)!;
          return toOrderItemDto({
            ...item,
            name: product.name,
            sku: product.sku,
            unit: product.unit,
            imageUrl: product.image_url,
            weighedQuantity: null,
            substituteFor: null,
            shortAt: null,
          });
        }),
      },
    },
  };
}
