import { describe, expect, it } from 'vitest';
import {
  LOW_STOCK_REPEAT_MS,
  dueLowStockAlerts,
  kindForStatus,
  lowStockText,
  orderNotification,
} from './notification-texts';

const ORDER = '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d';

describe('notification texts (docs/product.md §9)', () => {
  it('says the spec’s words with the first 8 characters of the order id', () => {
    expect(orderNotification('placed', ORDER)).toEqual({
      title: 'Your order has been placed successfully!',
      body: 'Order #1a2b3c4d',
    });
    expect(orderNotification('updated', ORDER).title).toBe('Your order status has been updated.');
    expect(orderNotification('shipped', ORDER).title).toBe('Your order is on its way!');
    expect(orderNotification('delivered', ORDER).title).toBe('Your order has been delivered.');
  });

  it('maps a status change to its notification', () => {
    expect(kindForStatus('shipped')).toBe('shipped');
    expect(kindForStatus('delivered')).toBe('delivered');
    expect(kindForStatus('processing')).toBe('updated');
    expect(kindForStatus('cancelled')).toBe('updated');
  });

  it('names the product and what is left', () => {
    expect(lowStockText('Greek Yogurt', 3)).toBe('Greek Yogurt is running low (3 remaining)');
  });
});

describe('low-stock alerts are not repeated within an hour', () => {
  const yogurt = { id: 'p1', name: 'Greek Yogurt', stock: 3 };
  const honey = { id: 'p2', name: 'Honey', stock: 1 };

  it('alerts each product-and-stock once an hour', () => {
    const first = dueLowStockAlerts([yogurt, honey], {}, 1_000);
    expect(first.due).toEqual([yogurt, honey]);
    const again = dueLowStockAlerts([yogurt, honey], first.memory, 1_000 + LOW_STOCK_REPEAT_MS - 1);
    expect(again.due).toEqual([]);
    const later = dueLowStockAlerts([yogurt], again.memory, 1_000 + LOW_STOCK_REPEAT_MS);
    expect(later.due).toEqual([yogurt]);
  });

  it('alerts again at once when the stock changes, and forgets entries older than an hour', () => {
    const first = dueLowStockAlerts([yogurt], {}, 0);
    const lower = dueLowStockAlerts([{ ...yogurt, stock: 2 }], first.memory, 10);
    expect(lower.due).toEqual([{ ...yogurt, stock: 2 }]);
    expect(Object.keys(dueLowStockAlerts([], lower.memory, LOW_STOCK_REPEAT_MS + 11).memory)).toEqual([]);
  });
});
