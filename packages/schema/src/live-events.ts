/**
 * Live events (issue 15): what the api announces once a change has committed, so that open screens
 * update in place — the shopper's own orders (`orderEvents.mine`) and the staff screens
 * (`liveEvents.staff`). Payloads stay small (ids, status, stock): they travel through PostgreSQL's
 * NOTIFY, whose payload limit is 8000 bytes, and every screen reads the rest itself.
 */
import { z } from 'zod';
import { OrderStatus } from './orders';
import type { Permission } from './permissions';

/** A new order (always placed 'pending'), with its total for the staff notification. */
export const OrderPlacedEvent = z.object({
  type: z.literal('order.placed'),
  orderId: z.string(),
  /** The order's owner. */
  userId: z.string(),
  status: z.literal('pending'),
  total: z.string(),
});
export type OrderPlacedEvent = z.infer<typeof OrderPlacedEvent>;

/** A staff status change, with who made it. */
export const OrderStatusChangedEvent = z.object({
  type: z.literal('order.status'),
  orderId: z.string(),
  userId: z.string(),
  from: OrderStatus,
  to: OrderStatus,
  by: z.object({ id: z.string(), name: z.string() }).nullable(),
});
export type OrderStatusChangedEvent = z.infer<typeof OrderStatusChangedEvent>;

/**
 * A weighed line's actual weight recorded at picking (issue 20, catch weight): the order's total
 * changed with it. The owner's My Orders refreshes and says so; the staff's order screens refresh.
 */
export const OrderWeighedEvent = z.object({
  type: z.literal('order.weighed'),
  orderId: z.string(),
  userId: z.string(),
  /** The order's status (unchanged by weighing). */
  status: OrderStatus,
  /** The order's total after the weighing. */
  total: z.string(),
});
export type OrderWeighedEvent = z.infer<typeof OrderWeighedEvent>;

/**
 * A line short at picking, substituted or left out per the shopper's choice (issue 21,
 * substitutions.ts): the order's lines and total changed. The owner's My Orders refreshes and says
 * so; the staff's order screens refresh.
 */
export const OrderSubstitutedEvent = z.object({
  type: z.literal('order.substituted'),
  orderId: z.string(),
  userId: z.string(),
  status: OrderStatus,
  total: z.string(),
});
export type OrderSubstitutedEvent = z.infer<typeof OrderSubstitutedEvent>;

/** A product's stock level and threshold after a change (an order, a cancellation, a staff edit, an import). */
export const StockChangedEvent = z.object({
  type: z.literal('stock'),
  productId: z.string(),
  stock: z.number().int(),
  lowStockThreshold: z.number().int(),
});
export type StockChangedEvent = z.infer<typeof StockChangedEvent>;

/** At most this many product ids in one catalogue event; a bigger change names none (everything). */
export const CATALOGUE_EVENT_MAX_PRODUCTS = 50;

/**
 * The catalogue as visitors see it changed (a product created, edited or deleted, a category
 * written): every api instance drops its cached answers for it (apps/api/src/modules/catalogue/catalogue-cache.ts).
 * `productIds` null: anything may have changed (an import, a category). No screen hears it.
 */
export const CatalogueChangedEvent = z.object({
  type: z.literal('catalogue'),
  productIds: z.array(z.string()).max(CATALOGUE_EVENT_MAX_PRODUCTS).nullable(),
});
export type CatalogueChangedEvent = z.infer<typeof CatalogueChangedEvent>;
/**
 * Someone's access may have changed (a sign-out, a role or permission change, a user edited or
 * deleted): every api instance forgets what it cached of these users (`null`: of everyone;
 * apps/api/src/modules/identity/auth-cache.ts). No screen hears it.
 */
export const AuthChangedEvent = z.object({
  type: z.literal('auth'),
  userIds: z.array(z.string()).max(100).nullable(),
});
export type AuthChangedEvent = z.infer<typeof AuthChangedEvent>;

export const LiveEvent = z.discriminatedUnion('type', [
  OrderPlacedEvent,
  OrderStatusChangedEvent,
  OrderWeighedEvent,
  OrderSubstitutedEvent,
  StockChangedEvent,
  CatalogueChangedEvent,
  AuthChangedEvent,
]);
export type LiveEvent = z.infer<typeof LiveEvent>;
export type OrderLiveEvent =
  | OrderPlacedEvent
  | OrderStatusChangedEvent
  | OrderWeighedEvent
  | OrderSubstitutedEvent;

/** What a shopper hears of their own order (`orderEvents.mine`): never who changed it. */
export const ShopperOrderEvent = z.object({
  orderId: z.string(),
  userId: z.string(),
  status: OrderStatus,
  kind: z.enum(['placed', 'status', 'weighed', 'substituted']),
});
export type ShopperOrderEvent = z.infer<typeof ShopperOrderEvent>;

/**
 * Who hears which staff event: any one of the listed permissions — order events whoever may read
 * every order, stock events whoever may see every product's stock. The same permissions guard the
 * screens that show them.
 */
export const LIVE_EVENT_AUDIENCE = {
  order: ['orders:read_all'],
  stock: ['products:read_all', 'inventory:read'],
} as const satisfies Record<string, readonly Permission[]>;

/** Every permission that lets a caller open the staff stream (it hears something). */
export const STAFF_LIVE_EVENT_PERMISSIONS: readonly Permission[] = [
  ...LIVE_EVENT_AUDIENCE.order,
  ...LIVE_EVENT_AUDIENCE.stock,
];

const audienceOf = (event: LiveEvent): readonly Permission[] =>
  event.type === 'catalogue' || event.type === 'auth'
    ? [] // for the api's caches only
    : event.type === 'stock'
      ? LIVE_EVENT_AUDIENCE.stock
      : LIVE_EVENT_AUDIENCE.order;

/** Whether a holder of `permissions` may hear `event` on the staff stream. */
export function hearsLiveEvent(permissions: ReadonlySet<string>, event: LiveEvent): boolean {
  return audienceOf(event).some((permission) => permissions.has(permission));
}

/** An order placed, its status changed, a line weighed or substituted (what a shopper may hear of their own orders). */
export function isOrderEvent(event: LiveEvent): event is OrderLiveEvent {
  return (
    event.type === 'order.placed' ||
    event.type === 'order.status' ||
    event.type === 'order.weighed' ||
    event.type === 'order.substituted'
  );
}

/** The shopper's view of an order event, for the owner only. */
export function toShopperOrderEvent(event: OrderLiveEvent): ShopperOrderEvent {
  switch (event.type) {
    case 'order.placed':
      return { orderId: event.orderId, userId: event.userId, status: event.status, kind: 'placed' };
    case 'order.status':
      return { orderId: event.orderId, userId: event.userId, status: event.to, kind: 'status' };
    case 'order.weighed':
      return { orderId: event.orderId, userId: event.userId, status: event.status, kind: 'weighed' };
    case 'order.substituted':
      return { orderId: event.orderId, userId: event.userId, status: event.status, kind: 'substituted' };
  }
}
