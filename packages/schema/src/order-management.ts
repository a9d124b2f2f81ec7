/**
 * Order management contracts (docs/product.md §2 Order management, §5 order status update, docs/architecture.md §4): the
 * staff list with its filters, one order in full with its status timeline, and the status change.
 * Named `AdminOrder*` so they never collide with the shopper-side order contracts in orders.ts.
 */
import { z } from 'zod';
import { CARD_DATA_MESSAGE, withoutCardNumber } from './payment-data';
import { MoneyString } from './products';
import { ORDER_STATUSES, OrderDeliverySlotDto, OrderStatus, PaymentMethod } from './orders';
import { ActorDto, MoneyTotalString } from './inventory';
import { ORDER_LINE_MEASURE_SHAPE } from './measure-fields';
import { OrderLineLotDto } from './stock-lots';
import { ORDER_LINE_SUBSTITUTION_SHAPE } from './substitutions';

export const ORDER_NOTE_MAX_LENGTH = 1000;
export const ORDER_SEARCH_MAX_LENGTH = 100;
/** The staff list is not paged (docs/product.md §9: paging not shown); it stops at the newest this many. */
export const ADMIN_ORDER_LIST_LIMIT = 500;

/** The status filter: All, or one status. */
export const ORDER_STATUS_FILTERS = ['all', ...ORDER_STATUSES] as const;
export const AdminOrderStatusFilter = z.enum(ORDER_STATUS_FILTERS);
export type AdminOrderStatusFilter = z.infer<typeof AdminOrderStatusFilter>;

/** Search over order id, shipping address and customer id; filter by status. */
export const AdminOrderListInput = z
  .strictObject({
    search: z.string().trim().max(ORDER_SEARCH_MAX_LENGTH).optional(),
    status: AdminOrderStatusFilter.optional(),
  })
  .optional();
export type AdminOrderListInput = z.input<typeof AdminOrderListInput>;

/** The order management screen a page at a time (`orderManagement.page`). */
export const ADMIN_ORDER_PAGE_SIZE = 50;
export const ADMIN_PAGE_SIZE_MAX = 100;

export const AdminOrderPageInput = z.strictObject({
  search: z.string().trim().max(ORDER_SEARCH_MAX_LENGTH).optional(),
  status: AdminOrderStatusFilter.optional(),
  /** 1 is the newest orders. */
  page: z.coerce.number<number | string>().int().min(1).max(1_000_000).default(1),
  pageSize: z.coerce
    .number<number | string>()
    .int()
    .min(1)
    .max(ADMIN_PAGE_SIZE_MAX)
    .default(ADMIN_ORDER_PAGE_SIZE),
});
export type AdminOrderPageInput = z.input<typeof AdminOrderPageInput>;
export type AdminOrderPageQuery = z.output<typeof AdminOrderPageInput>;

export const AdminOrderListItemDto = z.object({
  id: z.uuid(),
  userId: z.uuid(),
  customerEmail: z.string().nullable(),
  createdAt: z.iso.datetime({ offset: true }),
  status: OrderStatus,
  paymentMethod: PaymentMethod,
  paymentStatus: z.string(),
  total: MoneyString,
  shippingAddress: z.string(),
});
export type AdminOrderListItemDto = z.infer<typeof AdminOrderListItemDto>;

export const AdminOrderItemDto = z.object({
  id: z.uuid(),
  productId: z.uuid(),
  /** The name, SKU and unit as bought. */
  name: z.string(),
  sku: z.string(),
  unit: z.string(),
  imageUrl: z.string().nullable(),
  quantity: z.number().int(),
  price: MoneyString,
  lineTotal: MoneyTotalString,
  ...ORDER_LINE_MEASURE_SHAPE,
  /** The lots the line was taken from, first expiry first (docs/stock-lots.md); the rest was undated stock. */
  lots: z.array(OrderLineLotDto),
  ...ORDER_LINE_SUBSTITUTION_SHAPE,
  /** The chosen substitute's name today (substitution 'product'). */
  substituteProductName: z.string().nullable(),
});
export type AdminOrderItemDto = z.infer<typeof AdminOrderItemDto>;

/** One status change: who, when, from what to what, with the note given. */
export const AdminOrderStatusChangeDto = z.object({
  id: z.uuid(),
  fromStatus: OrderStatus.nullable(),
  toStatus: OrderStatus,
  note: z.string().nullable(),
  changedBy: ActorDto.nullable(),
  createdAt: z.iso.datetime({ offset: true }),
});
export type AdminOrderStatusChangeDto = z.infer<typeof AdminOrderStatusChangeDto>;

export const AdminOrderDetailDto = AdminOrderListItemDto.extend({
  /** The goods, and the delivery fee and tax the shop's settings made when it was placed. */
  subtotal: MoneyString,
  deliveryFee: MoneyString,
  tax: MoneyString,
  taxInclusive: z.boolean(),
  currency: z.string(),
  notes: z.string().nullable(),
  estimatedDelivery: z.iso.datetime({ offset: true }).nullable(),
  deliverySlot: OrderDeliverySlotDto.nullable(),
  cardHolderName: z.string().nullable(),
  cardLastFour: z.string().nullable(),
  bankName: z.string().nullable(),
  bankAccountNumber: z.string().nullable(),
  items: z.array(AdminOrderItemDto),
  history: z.array(AdminOrderStatusChangeDto),
});
export type AdminOrderDetailDto = z.infer<typeof AdminOrderDetailDto>;

export const ORDER_STATUS_REQUIRED = 'Please select a status';

export const AdminOrderIdInput = z.strictObject({ id: z.uuid('id must be a uuid') });

/** The order management cards (docs/product.md §2), counted by the database. */
export const AdminOrderSummaryDto = z.object({
  total: z.number().int(),
  pending: z.number().int(),
  processing: z.number().int(),
  /** Delivered orders. */
  completed: z.number().int(),
  /** Σ total of every order (docs/product.md §9). */
  revenue: MoneyTotalString,
});
export type AdminOrderSummaryDto = z.infer<typeof AdminOrderSummaryDto>;

/**
 * `PATCH /api/orders/:id/status` (docs/product.md §5): a status is required; notes are trimmed and omitted when
 * empty. The server allows only the moves of ORDER_TRANSITIONS.
 */
export const AdminOrderStatusInput = z.strictObject({
  id: z.uuid('id must be a uuid'),
  status: z.enum(ORDER_STATUSES, ORDER_STATUS_REQUIRED),
  notes: z
    .string()
    .trim()
    .max(ORDER_NOTE_MAX_LENGTH)
    .refine(withoutCardNumber, CARD_DATA_MESSAGE)
    .optional()
    .transform((notes) => notes || undefined),
});
export type AdminOrderStatusInput = z.input<typeof AdminOrderStatusInput>;

/** Payment statuses the server sets as an order moves. */
export const PAYMENT_STATUSES = ['pending', 'paid', 'refunded', 'cancelled'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/**
 * How the payment status follows the order status — an independent statement of the rule that
 * `paymentStatusAfter` (orders.ts) implements and order management applies; place-order.test.ts
 * keeps the two equal on every reachable path:
 * - cancelled: a paid order is refunded; an unpaid one's payment is cancelled;
 * - delivered: paid (cash is collected at the door; card and transfer are settled by then);
 * - processing / shipped: card and bank transfer are taken when staff accept the order (paid);
 *   cash on delivery stays as it is until delivery.
 */
export function nextPaymentStatus(current: string, to: OrderStatus, method: PaymentMethod): string {
  switch (to) {
    case 'cancelled':
      return current === 'paid' ? 'refunded' : 'cancelled';
    case 'delivered':
      return 'paid';
    case 'processing':
    case 'shipped':
      return method === 'cash_on_delivery' ? current : 'paid';
    case 'pending':
      return current;
  }
}

/** A payment status as shown: 'pending' → 'Pending'. */
export function paymentStatusLabel(status: string): string {
  return status.charAt(0).toUpperCase() + status.slice(1).replaceAll('_', ' ');
}

export const AdminOrderPageDto = z.object({
  items: z.array(AdminOrderListItemDto),
  /** Orders matching the search and status, over all pages. */
  total: z.number().int().min(0),
  page: z.number().int().min(1),
  pageSize: z.number().int().min(1),
});
export type AdminOrderPageDto = z.infer<typeof AdminOrderPageDto>;
