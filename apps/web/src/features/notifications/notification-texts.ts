/**
 * What the shop says in browser notifications (docs/product.md §9) and when a low-stock alert is due again: pure
 * rules, tested apart from the browser.
 */
import { shortOrderId } from '@shop/schema';

export type OrderNotificationKind = 'placed' | 'updated' | 'shipped' | 'delivered' | 'weighed' | 'substituted';

export const ORDER_NOTIFICATION_TEXT: Record<OrderNotificationKind, string> = {
  placed: 'Your order has been placed successfully!',
  updated: 'Your order status has been updated.',
  shipped: 'Your order is on its way!',
  delivered: 'Your order has been delivered.',
  // Not in the spec (catch weight is issue 20's): said in the spec's manner.
  weighed: 'Your order has been weighed and its total updated.',
  // Substitutions are issue 21's: said in the same manner.
  substituted: 'An item in your order was out of stock: your order and its total have been updated.',
};

/** The notification for an order event: the spec's text, and the order's first 8 characters. */
export function orderNotification(kind: OrderNotificationKind, orderId: string) {
  return { title: ORDER_NOTIFICATION_TEXT[kind], body: `Order #${shortOrderId(orderId)}` };
}

/** Which notification a status change brings: shipped and delivered have their own words. */
export function kindForStatus(status: string): OrderNotificationKind {
  return status === 'shipped' || status === 'delivered' ? status : 'updated';
}

export const LOW_STOCK_POLL_MS = 300_000;
export const LOW_STOCK_REPEAT_MS = 60 * 60 * 1000;

export function lowStockText(name: string, remaining: number): string {
  return `${name} is running low (${remaining} remaining)`;
}

/** When each product-and-stock was last alerted: `${productId}:${stock}` → epoch ms. */
export type AlertMemory = Record<string, number>;

export interface LowStockItem {
  id: string;
  name: string;
  stock: number;
}

/**
 * The items to alert now — a product at a stock not alerted within the last hour — and the memory
 * to keep (older entries dropped, the new ones added).
 */
export function dueLowStockAlerts(items: readonly LowStockItem[], memory: AlertMemory, now: number) {
  const kept: AlertMemory = {};
  for (const [key, at] of Object.entries(memory)) if (now - at < LOW_STOCK_REPEAT_MS) kept[key] = at;
  const due = items.filter((item) => kept[`${item.id}:${item.stock}`] === undefined);
  for (const item of due) kept[`${item.id}:${item.stock}`] = now;
  return { due, memory: kept };
}
