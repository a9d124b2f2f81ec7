import { z } from 'zod';
import { ORDER_LINE_SUBSTITUTION_SHAPE, SUBSTITUTION_MESSAGES, Substitution } from './substitutions';
import { DeliverySlotRefInput } from './delivery';
import { MAX_CENTS, toCents } from './money';
import { MoneyString } from './products';
import { CLIENT_AMOUNT_DOC, documentedAs } from './openapi-meta';
import { CARD_DATA_MESSAGE, containsCardNumber, isCardLikeAccountNumber } from './payment-data';
import { MAX_BASE_QUANTITY, MEASURE_UNITS } from './measures';
import { ORDER_LINE_MEASURE_SHAPE } from './measure-fields';

export const ORDER_STATUSES = ['pending', 'processing', 'shipped', 'delivered', 'cancelled'] as const;
export const OrderStatus = z.enum(ORDER_STATUSES);
export type OrderStatus = z.infer<typeof OrderStatus>;

/** The only moves the server allows (docs/architecture.md §4). */
export const ORDER_TRANSITIONS: Record<OrderStatus, readonly OrderStatus[]> = {
  pending: ['processing', 'cancelled'],
  processing: ['shipped', 'cancelled'],
  shipped: ['delivered'],
  delivered: [],
  cancelled: [],
};

export function canTransition(from: OrderStatus, to: OrderStatus): boolean {
  return ORDER_TRANSITIONS[from].includes(to);
}

/** 'pending' → 'Pending'. */
export function statusLabel(status: string): string {
  return status.charAt(0).toUpperCase() + status.slice(1);
}

import { ORDER_LIMITS, PAYMENT_METHODS, PAYMENT_METHOD_LABEL } from './order-rules';
export { PAYMENT_METHODS, PAYMENT_METHOD_LABEL, ORDER_LIMITS } from './order-rules';
export const PaymentMethod = z.enum(PAYMENT_METHODS);
export type PaymentMethod = z.infer<typeof PaymentMethod>;

export { shortOrderId } from './order-ids';

// ---------------------------------------------------------------------------------------------
// Payment status
// ---------------------------------------------------------------------------------------------

/**
 * The payment status values (docs/product.md §4 shows only the default 'pending'); the same list as
 * `PAYMENT_STATUSES` in order-management.ts, which cannot be imported here (it imports this file).
 */
const ORDER_PAYMENT_STATUS = z.enum(['pending', 'paid', 'refunded', 'cancelled']);
type OrderPaymentStatus = z.infer<typeof ORDER_PAYMENT_STATUS>;

/**
 * How an order's payment status follows its status. Every order is placed 'pending', whatever the
 * method: the card is never charged at checkout (only the holder's name and last 4 digits exist).
 *
 * - card, bank transfer: 'paid' once staff accept the order (processing) — the card is taken or the
 *   transfer has arrived — and it stays 'paid' through shipped and delivered;
 * - cash on delivery: 'pending' until delivered, then 'paid' (collected at the door);
 * - cancelled: 'refunded' when it had been paid, else 'cancelled'.
 *
 * `current` (the status before the change) only matters for a cancellation. The staff status
 * change (order management) applies this; `nextPaymentStatus` in order-management.ts states the
 * same rule and a test keeps the two equal.
 */
export function paymentStatusAfter(
  status: OrderStatus,
  method: PaymentMethod,
  current: string = 'pending',
): OrderPaymentStatus {
  switch (status) {
    case 'pending':
      return 'pending';
    case 'processing':
    case 'shipped':
      return method === 'cash_on_delivery' ? 'pending' : 'paid';
    case 'delivered':
      return 'paid';
    case 'cancelled':
      return current === 'paid' || current === 'refunded' ? 'refunded' : 'cancelled';
  }
}

// ---------------------------------------------------------------------------------------------
// Placing an order (POST /api/orders, orders.create)
// ---------------------------------------------------------------------------------------------


/** Keys that carry card data beyond the holder's name and last 4 digits (compared without case, '_' or '-'). */
const CARD_DATA_KEYS = new Set([
  'cardnumber',
  'cardno',
  'cardnum',
  'number',
  'pan',
  'cvv',
  'cvv2',
  'cvc',
  'cvc2',
  'cid',
  'securitycode',
  'cardsecuritycode',
  'cardcvv',
  'cardcvc',
  'expiry',
  'expirydate',
  'expiration',
  'expirationdate',
  'exp',
  'expmonth',
  'expyear',
  'expirymonth',
  'expiryyear',
  'cardexpiry',
  'cardexpirydate',
  'cardexpiration',
  'cardexpirationdate',
  'track',
  'trackdata',
]);

const UUID_SHAPE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Finds card data anywhere in an order body (docs/architecture.md §4): a card-data key, or a value shaped
 * like a full card number. Returns the paths, e.g. ['cvv', 'notes'].
 */
export function findCardData(
  value: unknown,
  path: (string | number)[] = [],
  found: (string | number)[][] = [],
) {
  if (path.length > 4 || found.length >= 10) return found;
  if (typeof value === 'string') {
    if (UUID_SHAPE.test(value)) return found; // ids: dashes between hex groups
    // The idempotency key is the client's opaque retry token, often built from a millisecond
    // timestamp (13 digits): it is compared for equality, never read as payment data.
    if (path.length === 1 && path[0] === 'idempotencyKey') return found;
    // A bank account number is an IBAN or a national number, whose digits may pass the Luhn check
    // (DE89 3704 0044 0532 0130 00 does): it is refused only when it is a card scheme's number.
    if (path.length === 1 && path[0] === 'bankAccountNumber') {
      if (isCardLikeAccountNumber(value)) found.push(path);
      return found;
    }
    if (containsCardNumber(value)) found.push(path);
  } else if (typeof value === 'number' || typeof value === 'bigint') {
    if (containsCardNumber(String(value))) found.push(path);
  } else if (Array.isArray(value)) {
    value
      .slice(0, ORDER_LIMITS.items + 1)
      .forEach((item, index) => findCardData(item, [...path, index], found));
  } else if (value && typeof value === 'object') {
    for (const [key, inner] of Object.entries(value)) {
      if (CARD_DATA_KEYS.has(key.toLowerCase().replace(/[^a-z0-9]/g, ''))) found.push([...path, key]);
      else findCardData(inner, [...path, key], found);
    }
  }
  return found;
}

/** Money the client believes a line costs: a decimal string or number with at most 2 decimals. */
const ClientPrice = z
  .union([z.string(), z.number()], 'price must be an amount like 12.50')
  .refine((value) => {
    const cents = toCents(value);
    return cents !== null && cents >= 0 && cents <= MAX_CENTS;
  }, 'price must be an amount of at least 0 with at most 2 decimals, like 12.50')
  .meta(CLIENT_AMOUNT_DOC);

export const PlaceOrderItem = z.strictObject({
  productId: z.uuid('productId must be a uuid'),
  /** Pieces, or grams / millilitres of a product sold by measure; its step and limits are the server's check. */
  quantity: z
    .number('quantity must be a whole number')
    .int('quantity must be a whole number')
    .min(1, 'quantity must be at least 1')
    .max(MAX_BASE_QUANTITY, `quantity must be at most ${MAX_BASE_QUANTITY}`),
  price: ClientPrice,
  /** If the line is short at picking (substitutions.ts); the shop's default when absent. */
  substitution: Substitution.optional(),
  substituteProductId: z.uuid('substituteProductId must be a uuid').optional(),
})
  .refine((item) => item.substitution !== 'product' || item.substituteProductId !== undefined, {
    message: SUBSTITUTION_MESSAGES.productMissing,
    path: ['substituteProductId'],
  })
  .refine((item) => item.substitution === 'product' || item.substituteProductId === undefined, {
    message: SUBSTITUTION_MESSAGES.productUnexpected,
    path: ['substituteProductId'],
  })
  .refine((item) => item.substituteProductId?.toLowerCase() !== item.productId.toLowerCase(), {
    message: SUBSTITUTION_MESSAGES.sameProduct,
    path: ['substituteProductId'],
  });
export type PlaceOrderItem = z.infer<typeof PlaceOrderItem>;

const optionalText = (name: string, max: number) =>
  z
    .string(`${name} must be text`)
    .trim()
    .min(1, `${name} must not be blank`)
    .max(max, `${name} must be at most ${max} characters`)
    .optional();

const CARD_FIELDS = ['cardHolderName', 'cardLastFour'] as const;
const BANK_FIELDS = ['bankName', 'bankAccountNumber'] as const;
/** The payment fields each method needs; the others' fields are refused (the superRefine below). */
const PAYMENT_FIELDS: Record<PaymentMethod, readonly string[]> = {
  card: CARD_FIELDS,
  cash_on_delivery: [],
  bank_transfer: BANK_FIELDS,
};

/**
 * The superRefine below as the OpenAPI document shows it: one body per payment method (`oneOf`,
 * told apart by `paymentMethod`), each with its own payment fields required and the others' absent.
 */
const PLACE_ORDER_DOC = documentedAs((rendered) => {
  const properties = rendered.properties as Record<string, unknown>;
  const required = rendered.required as string[];
  const paymentFields: readonly string[] = [...CARD_FIELDS, ...BANK_FIELDS];
  return {
    type: 'object',
    description:
      'One shape per paymentMethod: card needs cardHolderName and cardLastFour, bank_transfer needs ' +
      'bankName and bankAccountNumber, and neither may be sent with another method. No other card data ' +
      'is accepted: no card number, CVV or expiry field, and no value shaped like a card number ' +
      '(13 to 19 digits) anywhere in the body.',
    oneOf: PAYMENT_METHODS.map((method) => {
      const own = PAYMENT_FIELDS[method];
      const kept = Object.entries(properties).filter(
        ([key]) => !paymentFields.includes(key) || own.includes(key),
      );
      return {
        title: PAYMENT_METHOD_LABEL[method],
        type: 'object',
        properties: Object.fromEntries(
          kept.map(([key, schema]) => [
            key,
            key === 'paymentMethod' ? { type: 'string', const: method } : schema,
          ]),
        ),
        required: [...required, ...own],
        additionalProperties: false,
      };
    }),
  };
});

const PlaceOrderBody = z
  .strictObject({
    items: z
      .array(PlaceOrderItem, 'items must be a list')
      .min(1, 'items must hold at least one line')
      .max(ORDER_LIMITS.items, `items may hold at most ${ORDER_LIMITS.items} lines`),
    total: MoneyString,
    paymentMethod: PaymentMethod,
    shippingAddress: z
      .string('shippingAddress is required')
      .trim()
      .min(1, 'shippingAddress is required')
      .max(
        ORDER_LIMITS.shippingAddress,
        `shippingAddress must be at most ${ORDER_LIMITS.shippingAddress} characters`,
      ),
    notes: z
      .string('notes must be text')
      .trim()
      .max(ORDER_LIMITS.notes, `notes must be at most ${ORDER_LIMITS.notes} characters`)
      .nullish()
      .transform((notes) => notes || undefined),
    cardHolderName: optionalText('cardHolderName', ORDER_LIMITS.cardHolderName),
    cardLastFour: z
      .string('cardLastFour must be text')
      .regex(/^\d{4}$/, 'cardLastFour must be exactly 4 digits')
      .optional(),
    bankName: optionalText('bankName', ORDER_LIMITS.bankName),
    /** An IBAN or a national account number; one that is a card number is refused (findCardData). */
    bankAccountNumber: optionalText('bankAccountNumber', ORDER_LIMITS.bankAccountNumber).refine(
      (value) => value === undefined || /^[A-Za-z0-9 -]+$/.test(value),
      'bankAccountNumber may hold letters, digits, spaces and dashes only',
    ),
    /**
     * The delivery slot chosen at checkout (docs/delivery-slots.md). Without one, while zones
     * exist, the server books the zone's earliest open slot.
     */
    deliverySlot: DeliverySlotRefInput.optional(),
    /** tRPC's way to send the `Idempotency-Key` header (the REST adapter maps the header here). */
    idempotencyKey: z
      .string()
      .regex(
        new RegExp(`^[\\x21-\\x7E]{1,${ORDER_LIMITS.idempotencyKey}}$`),
        `idempotencyKey must be 1 to ${ORDER_LIMITS.idempotencyKey} visible ASCII characters`,
      )
      .optional(),
  })
  .superRefine((order, ctx) => {
    const required =
      order.paymentMethod === 'card'
        ? CARD_FIELDS
        : order.paymentMethod === 'bank_transfer'
          ? BANK_FIELDS
          : [];
    const label = PAYMENT_METHOD_LABEL[order.paymentMethod];
    for (const field of required) {
      if (order[field] === undefined) {
        ctx.addIssue({
          code: 'custom',
          path: [field],
          message: `${field} is required for ${label} payments`,
        });
      }
    }
    for (const field of [...CARD_FIELDS, ...BANK_FIELDS]) {
      if (order[field] !== undefined && !(required as readonly string[]).includes(field)) {
        const belongs = (CARD_FIELDS as readonly string[]).includes(field) ? 'card' : 'bank transfer';
        ctx.addIssue({
          code: 'custom',
          path: [field],
          message: `${field} is only sent with ${belongs} payments, not ${label}`,
        });
      }
    }
  })
  .meta(PLACE_ORDER_DOC);

/**
 * The body of POST /api/orders (docs/product.md §7) and the input of `orders.create`. Strict: unknown keys
 * are refused, and so is any card data beyond the holder's name and the last 4 digits — reported
 * at the offending field before anything else is checked.
 */
export const PlaceOrderInput = z.preprocess((body, ctx) => {
  for (const path of findCardData(body)) {
    ctx.addIssue({ code: 'custom', path, message: CARD_DATA_MESSAGE, input: body });
  }
  return body;
}, PlaceOrderBody) as unknown as z.ZodType<z.output<typeof PlaceOrderBody>, z.input<typeof PlaceOrderBody>>;
// (The cast restores the body's input type, which a preprocess step widens to `unknown`, so typed
// clients keep checking what they send.)
export type PlaceOrderInput = z.output<typeof PlaceOrderBody>;
export type PlaceOrderBody = z.input<typeof PlaceOrderBody>;

/** Why a placement was refused with CONFLICT, in `details.reason`. */
export const ORDER_CONFLICT_REASONS = [
  'PRICE_CHANGED',
  'INSUFFICIENT_STOCK',
  'PRODUCT_UNAVAILABLE',
  'MINIMUM_ORDER',
  'SLOT_UNAVAILABLE',
] as const;
export type OrderConflictReason = (typeof ORDER_CONFLICT_REASONS)[number];

/** `details` of a 409 PRICE_CHANGED: the server's current price of every product in the order. */
export interface PriceChangedDetails {
  reason: 'PRICE_CHANGED';
  prices: { productId: string; price: string }[];
}

/** `details` of a 409 INSUFFICIENT_STOCK: what is left of each product that ran short. */
export interface InsufficientStockDetails {
  reason: 'INSUFFICIENT_STOCK';
  products: { productId: string; name: string; requested: number; available: number }[];
}

/** `details` of a 409 PRODUCT_UNAVAILABLE: products that do not exist or are no longer sold. */
export interface ProductUnavailableDetails {
  reason: 'PRODUCT_UNAVAILABLE';
  products: { productId: string; name: string | null }[];
}

// ---------------------------------------------------------------------------------------------
// Reading orders
// ---------------------------------------------------------------------------------------------

export const OrderIdInput = z.strictObject({ id: z.uuid('id must be a uuid') });

const IsoDate = z.iso.datetime({ offset: true });

/** An order's delivery slot: its date and window. */
export const OrderDeliverySlotDto = z.object({ date: z.string(), start: IsoDate, end: IsoDate });

/**
 * An order as listed (GET /api/orders, docs/product.md §3 'Order (detail)' without the items). Of a card only
 * the holder's name and the last 4 digits exist.
 */
export const OrderDto = z.object({
  id: z.uuid(),
  userId: z.uuid(),
  status: OrderStatus,
  total: MoneyString,
  /** The goods; the delivery fee and tax as the shop's settings made them when it was placed. */
  subtotal: MoneyString,
  deliveryFee: MoneyString,
  /** Added to the total, or (taxInclusive) the part of the subtotal that was tax. */
  tax: MoneyString,
  taxInclusive: z.boolean(),
  currency: z.string(),
  paymentMethod: PaymentMethod,
  paymentStatus: ORDER_PAYMENT_STATUS,
  shippingAddress: z.string(),
  notes: z.string().nullable(),
  /** The slot's start while delivery is slotted; else placing time + ESTIMATED_DELIVERY_DAYS. */
  estimatedDelivery: IsoDate.nullable(),
  /** The delivery slot booked for it (null: placed while delivery was not slotted). */
  deliverySlot: OrderDeliverySlotDto.nullable(),
  cardHolderName: z.string().nullable(),
  cardLastFour: z.string().nullable(),
  bankName: z.string().nullable(),
  bankAccountNumber: z.string().nullable(),
  createdAt: IsoDate,
  updatedAt: IsoDate,
});
export type OrderDto = z.infer<typeof OrderDto>;

/**
 * One line as bought (docs/product.md §3 'Order item view'): the unit price charged and the
 * product's name, SKU and unit at the time of the order (issue 19: a rename never rewrites an old
 * order). `product.name` is that name too; `product.imageUrl` is the product's picture today.
 */
export const OrderItemDto = z.object({
  id: z.uuid(),
  productId: z.uuid(),
  quantity: z.number().int(),
  price: MoneyString,
  name: z.string(),
  sku: z.string(),
  unit: z.string(),
  product: z.object({ name: z.string(), imageUrl: z.string().nullable() }),
  /** Sold by measure and weighed at picking (issue 20 part B): the total follows the weighed quantity. */
  ...ORDER_LINE_MEASURE_SHAPE,
  /** The price × the (weighed) quantity, rounded once (docs/money.md); 0 when short. */
  lineTotal: MoneyString,
  ...ORDER_LINE_SUBSTITUTION_SHAPE,
});
export type OrderItemDto = z.infer<typeof OrderItemDto>;

/** GET /api/orders/:id and what placing an order answers. */
export const OrderDetailDto = OrderDto.extend({ items: z.array(OrderItemDto) });
export type OrderDetailDto = z.infer<typeof OrderDetailDto>;

/**
 * One step of an order's status timeline as its shopper sees it: when, from what to what, and
 * whether the shopper made the change themselves (a cancellation) or the shop did.
 */
export const OrderStatusStepDto = z.object({
  id: z.uuid(),
  fromStatus: OrderStatus.nullable(),
  toStatus: OrderStatus,
  byCustomer: z.boolean(),
  createdAt: IsoDate,
});
export type OrderStatusStepDto = z.infer<typeof OrderStatusStepDto>;

/** `orders.byId` (GET /api/orders/:id): the order, its lines as bought and its status timeline. */
export const OrderWithHistoryDto = OrderDetailDto.extend({ history: z.array(OrderStatusStepDto) });
export type OrderWithHistoryDto = z.infer<typeof OrderWithHistoryDto>;

/** Days between placing an order and its estimated delivery. */
export const ESTIMATED_DELIVERY_DAYS = 3;

/** GET /api/orders without `limit`: everybody's newest 100 for staff; a shopper's own, all of them. */
export const ORDER_LIST_DEFAULT_LIMIT = 100;
export const ORDER_LIST_MAX_LIMIT = 500;

const wholeNumber = (min: number, max: number) => z.coerce.number<number | string>().int().min(min).max(max);

/** Paging of the order lists (`?limit=&offset=` on GET /api/orders), newest first. */
export const OrderListInput = z
  .strictObject({
    limit: wholeNumber(1, ORDER_LIST_MAX_LIMIT).optional(),
    offset: wholeNumber(0, 100_000_000).optional(),
  })
  .optional();
export type OrderListInput = z.infer<typeof OrderListInput>;

// ---------------------------------------------------------------------------------------------
// My Orders: cancel and buy again (issue 19 item 3)
// ---------------------------------------------------------------------------------------------

/** Why a line of an earlier order cannot go back into the cart as it was bought. */
export const REORDER_PROBLEMS = ['unavailable', 'out_of_stock', 'reduced'] as const;

/**
 * `orders.reorder` (GET /api/orders/:id/reorder): an earlier order's lines as they can be bought
 * today — today's name, price and picture, the quantity capped at the stock — for the web to put
 * in the cart, and what cannot be bought as it was (no longer sold, out of stock, or fewer left).
 */
export const ReorderDto = z.object({
  lines: z.array(
    z.object({
      productId: z.uuid(),
      name: z.string(),
      price: MoneyString,
      imageUrl: z.string().nullable(),
      /** Pieces, or base units (grams) of a product sold by measure, whose measure and limits follow. */
      quantity: z.number().int().min(1),
      measureUnit: z.enum(MEASURE_UNITS).optional(),
      quantityStep: z.number().int().min(1).optional(),
      minQuantity: z.number().int().min(1).optional(),
      maxQuantity: z.number().int().min(1).optional(),
    }),
  ),
  problems: z.array(
    z.object({
      productId: z.uuid(),
      /** The name as bought. */
      name: z.string(),
      problem: z.enum(REORDER_PROBLEMS),
      ordered: z.number().int(),
      /** How many are in the cart now (0 for unavailable and out of stock). */
      added: z.number().int(),
    }),
  ),
});
export type ReorderDto = z.infer<typeof ReorderDto>;

/** What 'Buy again' says about the lines it could not add as they were bought. */
export function reorderProblemText(problem: ReorderDto['problems'][number]): string {
  switch (problem.problem) {
    case 'unavailable':
      return `${problem.name} is no longer available`;
    case 'out_of_stock':
      return `${problem.name} is out of stock`;
    case 'reduced':
      return `${problem.name}: only ${problem.added} of ${problem.ordered} left, added ${problem.added}`;
  }
}
