/**
 * Placing and reading orders (docs/architecture.md §4 'Placing an order', 'Who sees what').
 *
 * Placing is one statement (place-order.sql.ts): the products are locked `FOR UPDATE` in id order
 * (so two orders never wait on each other in a cycle), checked (exists and active → enough stock →
 * the client's prices and total equal the server's), then stock is decremented with a guarded
 * UPDATE and the order and its items are written at the server's prices. A refusal writes nothing;
 * the statement answers the locked rows and `refuse` says why. Stock can never go below 0: the
 * guard, the row locks and `products_stock_check` each see to it.
 *
 * The locks are held for that one statement and its commit, no round trip to the api in between:
 * the shorter the locked time, the more orders a hot product can take per second
 * (docs/benchmarks.md). Nothing is read before the statement or after it.
 *
 * Idempotency: with a key, the first order placed under (user, key) is the answer to every later
 * placement with the same body (stock is taken once); the same key with another body is
 * UNPROCESSABLE_CONTENT. A repeat is placed like any order and refused by the unique
 * (user_id, idempotency_key) constraint, or for the stock (or a price) that changed since the first;
 * either way it rolls back and then reads the first order. Repeats are rare, so the usual placement
 * does not pay for a look-up first.
 */
import { runPlaceOrder } from './place-order.sql';
import { placementGate } from './placement-gate';
import { publishAfterCommit } from '../live-events/after-commit';
import { createHash } from 'node:crypto';
import type { EntityManager } from 'typeorm';
import { OrderEntity, OrderItemEntity } from '@shop/db';
import {
  ESTIMATED_DELIVERY_DAYS,
  ORDER_LIST_DEFAULT_LIMIT,
  centsToDecimal,
  formatMoney,
  maskAccountNumber,
  toCents,
  type InsufficientStockDetails,
  type OrderDetailDto,
  type OrderDto,
  type OrderItemDto,
  type OrderListInput,
  type OrderStatus,
  type PaymentMethod,
  type PlaceOrderInput,
  type PriceChangedDetails,
  type ProductUnavailableDetails,
} from '@shop/schema';
import type { CurrentUser, ServiceContext } from '../../context';
import { ConflictError, DomainError, NotFoundError } from '../../errors';

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
// DTOs
// ---------------------------------------------------------------------------------------------

export function toOrderDto(order: OrderEntity): OrderDto {
  return {
    id: order.id,
    userId: order.userId,
    status: order.status as OrderStatus,
    total: order.total,
    paymentMethod: order.paymentMethod as PaymentMethod,
    paymentStatus: order.paymentStatus as OrderDto['paymentStatus'],
    shippingAddress: order.shippingAddress,
    notes: order.notes,
    estimatedDelivery: order.estimatedDelivery?.toISOString() ?? null,
    cardHolderName: order.cardHolderName,
    cardLastFour: order.cardLastFour,
    bankName: order.bankName,
    bankAccountNumber: maskAccountNumber(order.bankAccountNumber),
    createdAt: order.createdAt.toISOString(),
    updatedAt: order.updatedAt.toISOString(),
  };
}

function toOrderItemDto(item: OrderItemEntity): OrderItemDto {
  return {
    id: item.id,
    productId: item.productId,
    quantity: item.quantity,
    price: item.price,
    product: { name: item.product?.name ?? 'Unknown product', imageUrl: item.product?.imageUrl ?? null },
  };
}

// ---------------------------------------------------------------------------------------------
// Reading
// ---------------------------------------------------------------------------------------------

const canReadAll = (user: CurrentUser) => user.permissions.has('orders:read_all');

/** The caller's own orders, newest first. */
export async function listMyOrders(ctx: Ctx, page: OrderListInput = {}): Promise<OrderDto[]> {
  const orders = await ctx.db.find(OrderEntity, {
    where: { userId: ctx.user.id },
    order: { createdAt: 'DESC', id: 'DESC' },
    take: page.limit,
    skip: page.offset,
  });
  return orders.map(toOrderDto);
}

/**
 * Every order, newest first, a page at a time: the newest ORDER_LIST_DEFAULT_LIMIT unless asked
 * otherwise (callers with `orders:read_all`; the procedure checks it).
 */
export async function listAllOrders(ctx: Ctx, page: OrderListInput = {}): Promise<OrderDto[]> {
  const orders = await ctx.db.find(OrderEntity, {
    order: { createdAt: 'DESC', id: 'DESC' },
    take: page.limit ?? ORDER_LIST_DEFAULT_LIMIT,
    skip: page.offset,
  });
  return orders.map(toOrderDto);
}

/**
 * How many orders the caller may see: every order with `orders:read_all`, else their own. For the
 * paging headers of GET /api/orders (orders.rest.ts); a count(*) over the primary key or the
 * user_id index, so cheap even at 50,000 orders.
 */
export async function countVisibleOrders(ctx: Ctx): Promise<number> {
  return canReadAll(ctx.user)
    ? ctx.db.count(OrderEntity)
    : ctx.db.count(OrderEntity, { where: { userId: ctx.user.id } });
}

async function loadOrderDetail(
  db: EntityManager,
  id: string,
  wholeAccountNumber: boolean,
): Promise<OrderDetailDto | null> {
  const order = await db.findOne(OrderEntity, { where: { id } });
  if (!order) return null;
  const items = await db.find(OrderItemEntity, {
    where: { orderId: id },
    relations: { product: true },
    order: { createdAt: 'ASC', id: 'ASC' },
  });
  return {
    ...toOrderDto(order),
    ...(wholeAccountNumber && { bankAccountNumber: order.bankAccountNumber }),
    items: items.map(toOrderItemDto),
  };
}

/**
 * One order with its items, for its owner or a caller with `orders:read_all`; anyone else NOT_FOUND.
 * Its bank account number is whole only for a caller holding `payments:read` (staff), else the
 * last 4 as everywhere (docs/architecture.md §4 "Payment data").
 */
export async function getOrder(ctx: Ctx, id: string): Promise<OrderDetailDto> {
  const order = await loadOrderDetail(ctx.db, id, ctx.user.permissions.has('payments:read'));
  if (!order || (order.userId !== ctx.user.id && !canReadAll(ctx.user))) throw new NotFoundError('Order');
  return order;
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

interface LockedProduct {
  id: string;
  name: string;
  price: string;
  stock: number;
  is_active: boolean;
  image_url: string | null;
  low_stock_threshold: number;
}

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
  return loadOrderDetail(db, existing.id, false);
}

export async function placeOrder(ctx: Ctx, input: PlaceOrderInput): Promise<OrderDetailDto> {
  const { idempotencyKey, ...body } = input;
  const hash = requestHash(body);
  const userId = ctx.user.id;

  for (let attempt = 0; ; attempt++) {
    try {
      // One autocommit statement (place-order.sql.ts), a few at a time (placement-gate.ts).
      return await placementGate.run(() =>
        placeInTransaction(ctx.db, userId, body, idempotencyKey ?? null, hash),
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

/** PLACE_ORDER_SQL's one row: the order's columns (all null when nothing was placed), its items and the locked products. */
interface WrittenOrder extends Omit<OrderEntity, 'items'> {
  items: { id: string; productId: string; quantity: number; price: string }[];
  products: LockedProduct[] | null;
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

  // Lock, check, take the stock and write, in one statement (place-order.sql.ts); when it placed
  // nothing, `refuse` says why from the rows it locked.
  const clientCents = (line: Line) => (new Set(line.clientCents).size === 1 ? line.clientCents[0]! : null);
  const [written] = (await runPlaceOrder(tx, [
    ids,
    lines.map((line) => line.quantity),
    lines.map((line) => (clientCents(line) === null ? null : centsToDecimal(clientCents(line)!))),
    userId,
    body.paymentMethod,
    centsToDecimal(toCents(body.total)!),
    body.shippingAddress,
    new Date(Date.now() + ESTIMATED_DELIVERY_DAYS * DAY_MS),
    body.notes ?? null,
    body.cardHolderName ?? null,
    body.cardLastFour ?? null,
    body.bankName ?? null,
    body.bankAccountNumber ?? null,
    idempotencyKey,
    idempotencyKey ? hash : null,
  ])) as WrittenOrder[];
  const products = new Map((written!.products ?? []).map((row) => [row.id, row]));

  const { items, products: _locked, ...order } = written!;
  if (!order.id) refuse(lines, products, body);
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
      return { ...item, product: { name: product.name, imageUrl: product.image_url } };
    }),
  };
}

/** Why the statement placed nothing, from the rows it locked: the 409 the shopper gets. */
function refuse(lines: Line[], products: Map<string, LockedProduct>, body: OrderBody): never {
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
      .map((p) => (p.available > 0 ? `${p.name} (only ${p.available} left)` : `${p.name} (out of stock)`))
      .join(', ');
    throw new ConflictError(`Not enough stock for ${what}`, { ...details });
  }

  const serverCents = (line: Line) => toCents(products.get(line.productId)!.price)!;
  const totalCents = lines.reduce((sum, line) => sum + serverCents(line) * line.quantity, 0);
  const changed = lines.filter((line) => line.clientCents.some((cents) => cents !== serverCents(line)));
  if (changed.length > 0 || toCents(body.total) !== totalCents) {
    const details: PriceChangedDetails & { total: string } = {
      reason: 'PRICE_CHANGED',
      prices: lines.map((line) => ({ productId: line.productId, price: centsToDecimal(serverCents(line)) })),
      total: centsToDecimal(totalCents),
    };
    const what =
      changed.length > 0
        ? changed.map(
            (line) =>
              `${products.get(line.productId)!.name} is now ${formatMoney(centsToDecimal(serverCents(line)))}`,
          )
        : [`the total is ${formatMoney(centsToDecimal(totalCents))}`];
    throw new ConflictError(`Prices have changed: ${what.join(', ')}. Please review your order.`, {
      ...details,
    });
  }

  // Unreachable: every check passed on the locked rows, so the statement would have placed it.
  throw new ConflictError(
    `Not enough stock for ${lines.map((line) => products.get(line.productId)!.name).join(', ')}`,
  );
}
