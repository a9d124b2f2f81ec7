/**
 * Placing orders (docs/architecture.md §4 'Placing an order'). Reading them, for shoppers and staff,
 * is order-queries.service.ts over orders.repository.ts; status changes are order-status.service.ts.
 *
 * Placing is one transaction: the products are locked `FOR UPDATE` in id order (so two orders
 * never wait on each other in a cycle), checked (exists and active → enough stock → the client's
 * prices and total equal the server's), then stock is decremented with a guarded UPDATE and the
 * order and its items are written at the server's prices. Any refusal rolls everything back.
 * Stock can never go below 0: the guard, the row locks and `products_stock_check` each see to it.
 *
 * While the locks are held there are two statements and the COMMIT (lock, then stock, order, items
 * and ledger in one): the shorter the locked time, the more orders a hot product can take per
 * second (docs/benchmarks.md). Nothing is read before the transaction or after it.
 *
 * Idempotency: with a key, the first order placed under (user, key) is the answer to every later
 * placement with the same body (stock is taken once); the same key with another body is
 * UNPROCESSABLE_CONTENT. A repeat is placed like any order and refused by the unique
 * (user_id, idempotency_key) constraint, or for the stock (or a price) that changed since the first;
 * either way it rolls back and then reads the first order. Repeats are rare, so the usual placement
 * does not pay for a look-up first.
 */
import { insertStockMovementsSql } from '../inventory/stock-ledger';
import { publishAfterCommit } from '../live-events/after-commit';
import { createHash } from 'node:crypto';
import type { EntityManager } from 'typeorm';
import { OrderEntity } from '@shop/db';
import {
  ESTIMATED_DELIVERY_DAYS,
  centsToDecimal,
  formatMoney,
  formatQuantity,
  lineCents,
  quantityProblem,
  toCents,
  orderTotals,
  type InsufficientStockDetails,
  type MeasureUnit,
  type MinimumOrderDetails,
  type OrderDetailDto,
  type PlaceOrderInput,
  type PriceChangedDetails,
  type ProductUnavailableDetails,
} from '@shop/schema';
import type { CurrentUser, ServiceContext } from '../../context';
import { BadRequestError, ConflictError, DomainError } from '../../errors';
import { MEASURE_COLUMNS, toMeasure, type MeasureRow } from '../products/product-measure';
import {
  loadOrderAggregate,
  toOrderDto,
  toOrderItemDto,
  toShopperOrder,
  type OrderRecord,
} from './orders.repository';
import { placementGate } from './placement-gate';

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
}

interface LockedProduct extends MeasureRow {
  id: string;
  name: string;
  sku: string;
  unit: string;
  price: string;
  stock: number;
  is_active: boolean;
  image_url: string | null;
  low_stock_threshold: number;
}

/** The shop's settings as placement reads them, beside each locked product (defaults without a row). */
interface PlacementSettings {
  delivery_fee: string;
  free_delivery_threshold: string | null;
  tax_rate: string;
  tax_inclusive: boolean;
  minimum_order: string;
  currency: string;
}

const SETTINGS_COLUMNS = `
  COALESCE(s.delivery_fee, 0)::text AS delivery_fee, s.free_delivery_threshold::text AS free_delivery_threshold,
  COALESCE(s.tax_rate, 0)::text AS tax_rate, COALESCE(s.tax_inclusive, false) AS tax_inclusive,
  COALESCE(s.minimum_order, 0)::text AS minimum_order, COALESCE(s.currency, 'USD') AS currency`;

/** Merges duplicate lines and sorts by product id: the order in which rows are locked. */
export function mergeLines(items: OrderBody['items']): Line[] {
  const lines = new Map<string, Line>();
  for (const item of items) {
    const productId = item.productId.toLowerCase();
    const line = lines.get(productId) ?? { productId, quantity: 0, clientCents: [] };
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
    body.items.map((item) => [item.productId.toLowerCase(), item.quantity, toCents(item.price)]),
    toCents(body.total),
    body.paymentMethod,
    body.shippingAddress,
    body.notes ?? null,
    body.cardHolderName ?? null,
    body.cardLastFour ?? null,
    body.bankName ?? null,
    body.bankAccountNumber ?? null,
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

export async function placeOrder(ctx: Ctx, input: PlaceOrderInput): Promise<OrderDetailDto> {
  const { idempotencyKey, ...body } = input;
  const hash = requestHash(body);
  const userId = ctx.user.id;

  for (let attempt = 0; ; attempt++) {
    try {
      // A few at a time per process (placement-gate.ts): fifty transactions queued on the same hot
      // rows' locks place fewer orders a second than four.
      return await placementGate.run(() =>
        ctx.db.transaction((tx) => placeInTransaction(tx, userId, body, idempotencyKey ?? null, hash)),
      );
    } catch (error) {
      // A key used before: the unique key refused this order, or the earlier order took the stock
      // this one needed (or a price changed since). Either way the answer is the earlier order.
      if (idempotencyKey && (isIdempotencyClash(error) || error instanceof ConflictError)) {
        const earlier = await replay(ctx.db, userId, idempotencyKey, hash);
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

/**
 * Takes the stock (guarded: never below 0), writes the order, its items and their ledger rows, in
 * one statement. $1 product ids, $2 quantities, $3 prices (the lines, in lock order); $4.. the
 * order's columns; $16.. $18 the lines' product name, SKU and unit; $19.. $23 the subtotal, delivery
 * fee, tax, whether the tax is in the prices, and the currency, as the shop's settings made them (the snapshot kept on each line:
 * an order remembers what was bought). Answers the order (the columns OrderDto is made of), its items, and how many
 * products had their stock taken (all of them, or the placement is refused).
 */
const WRITE_ORDER_SQL = `
  WITH taken AS (
    UPDATE products p SET stock = p.stock - l.quantity, updated_at = now()
    FROM unnest($1::uuid[], $2::int[]) AS l(id, quantity)
    WHERE p.id = l.id AND p.stock >= l.quantity
    RETURNING p.id AS product_id, p.stock + l.quantity AS quantity_before, p.stock AS quantity_after
  ), placed AS (
    INSERT INTO orders (user_id, status, payment_method, payment_status, total, shipping_address,
                        estimated_delivery, notes, card_holder_name, card_last_four, bank_name,
                        bank_account_number, idempotency_key, request_hash,
                        subtotal, delivery_fee, tax, tax_inclusive, currency, tax_rate)
    VALUES ($4, 'pending', $5, 'pending', $6, $7, $8, $9, $10, $11, $12, $13, $14, $15,
            $19, $20, $21, $22, $23, $26)
    RETURNING *
  ), items AS (
    INSERT INTO order_items (order_id, product_id, quantity, price, product_name, product_sku, product_unit,
                             measure_unit, weight_tolerance)
    SELECT placed.id, l.id, l.quantity, l.price, l.name, l.sku, l.unit, l.measure_unit, l.weight_tolerance
    FROM placed, unnest($1::uuid[], $2::int[], $3::numeric[], $16::text[], $17::text[], $18::text[],
                        $24::text[], $25::int[])
         AS l(id, quantity, price, name, sku, unit, measure_unit, weight_tolerance)
    RETURNING id, product_id, quantity, price, measure_unit, weight_tolerance
  ), ledger AS (
    ${insertStockMovementsSql('taken s, placed', { source: `'order'`, orderId: 'placed.id', userId: '$4' })}
  )
  SELECT placed.id, placed.user_id AS "userId", placed.status, placed.total, placed.subtotal,
         placed.delivery_fee AS "deliveryFee", placed.tax, placed.tax_inclusive AS "taxInclusive",
         placed.currency,
         placed.payment_method AS "paymentMethod", placed.payment_status AS "paymentStatus",
         placed.shipping_address AS "shippingAddress", placed.notes,
         placed.estimated_delivery AS "estimatedDelivery", placed.card_holder_name AS "cardHolderName",
         placed.card_last_four AS "cardLastFour", placed.bank_name AS "bankName",
         placed.bank_account_number AS "bankAccountNumber", placed.created_at AS "createdAt",
         placed.updated_at AS "updatedAt",
         (SELECT json_agg(json_build_object('id', i.id, 'productId', i.product_id,
                                            'quantity', i.quantity, 'price', i.price::text,
                                            'measureUnit', i.measure_unit,
                                            'weightTolerance', i.weight_tolerance))
          FROM items i) AS items,
         (SELECT count(*)::int FROM taken) AS moved
  FROM placed`;

interface WrittenOrder extends OrderRecord {
  items: {
    id: string;
    productId: string;
    quantity: number;
    price: string;
    measureUnit: MeasureUnit | null;
    weightTolerance: number | null;
  }[];
  moved: number;
}

async function placeInTransaction(
  tx: EntityManager,
  userId: string,
  body: OrderBody,
  idempotencyKey: string | null,
  hash: string,
): Promise<OrderDetailDto> {
  const lines = mergeLines(body.items);
  const ids = lines.map((line) => line.productId);

  // Row locks in id order: ORDER BY is applied before FOR UPDATE locks the rows. The shop's
  // settings (fees, tax, minimum) come in the same round trip, as they are at this moment.
  const rows: (LockedProduct & PlacementSettings)[] = await tx.query(
    `SELECT p.id, p.name, p.sku, p.unit, p.price, p.stock, p.is_active, p.image_url, p.low_stock_threshold,
            ${MEASURE_COLUMNS}, ${SETTINGS_COLUMNS}
     FROM products p LEFT JOIN shop_settings s ON s.id = 1
     WHERE p.id = ANY($1::uuid[]) ORDER BY p.id FOR UPDATE OF p`,
    [ids],
  );
  const products = new Map(rows.map((row) => [row.id, row]));

  const unavailable = lines.filter((line) => !products.get(line.productId)?.is_active);
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

  const settings = rows[0]!; // every row carries the same settings
  const money = (cents: number) => formatMoney(centsToDecimal(cents), settings.currency);
  const serverCents = (line: Line) => toCents(products.get(line.productId)!.price)!;
  // Each line rounded once (price per kg × grams), then summed: docs/money.md.
  const measureOf = (line: Line) => products.get(line.productId)!.measure_unit as MeasureUnit | null;
  const subtotalCents = lines.reduce(
    (sum, line) => sum + lineCents(serverCents(line), line.quantity, measureOf(line)),
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
    deliveryFee: settings.delivery_fee,
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

  // Stock, order, items and ledger in one statement: each round trip here is time the row locks
  // are held. The answer is made of what it returns, so nothing is read back.
  const [written]: WrittenOrder[] = await tx.query(WRITE_ORDER_SQL, [
    ids,
    lines.map((line) => line.quantity),
    lines.map((line) => centsToDecimal(serverCents(line))),
    userId,
    body.paymentMethod,
    centsToDecimal(totalCents),
    body.shippingAddress,
    new Date(Date.now() + ESTIMATED_DELIVERY_DAYS * DAY_MS),
    body.notes ?? null,
    body.cardHolderName ?? null,
    body.cardLastFour ?? null,
    body.bankName ?? null,
    body.bankAccountNumber ?? null,
    idempotencyKey,
    idempotencyKey ? hash : null,
    lines.map((line) => products.get(line.productId)!.name),
    lines.map((line) => products.get(line.productId)!.sku),
    lines.map((line) => products.get(line.productId)!.unit),
    centsToDecimal(subtotalCents),
    centsToDecimal(totals.deliveryFeeCents),
    centsToDecimal(totals.taxCents),
    settings.tax_inclusive,
    settings.currency,
    lines.map((line) => measureOf(line)),
    lines.map((line) => products.get(line.productId)!.weight_tolerance),
    settings.tax_rate,
  ]);
  const { items, moved, ...order } = written!;
  // Unreachable while the row locks are held; a guard, not a path.
  if (moved !== lines.length) {
    throw new ConflictError(
      `Not enough stock for ${lines.map((line) => products.get(line.productId)!.name).join(', ')}`,
    );
  }
  // Staff screens (new order, stock levels) and the owner's other tabs hear of it once this commits.
  publishAfterCommit(tx, [
    { type: 'order.placed', orderId: order.id, userId, status: 'pending', total: order.total },
    ...lines.map((line) => {
      const product = products.get(line.productId)!;
      return {
        type: 'stock' as const,
        productId: line.productId,
        stock: product.stock - line.quantity,
        lowStockThreshold: product.low_stock_threshold,
      };
    }),
  ]);
  return {
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
      });
    }),
  };
}
