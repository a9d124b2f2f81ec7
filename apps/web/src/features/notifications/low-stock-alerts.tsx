/**
 * Low-stock browser alerts (docs/product.md §6, §9) for admins and inventory managers only: the low-stock list
 * polled every 5 minutes (no retry), each product-and-stock alerted at most once an hour, remembered
 * across reloads. Renders nothing.
 */
import { useEffect } from 'react';
import { trpc } from '../../lib/trpc';
import { useAuth } from '../auth';
import { notificationState, notify } from './browser-notifications';
import { LOW_STOCK_POLL_MS, dueLowStockAlerts, lowStockText, type AlertMemory } from './notification-texts';

const MEMORY_KEY = 'freshcart.lowStockAlerts';
const ALERTED_ROLES = ['admin', 'inventory_manager'];

function readMemory(): AlertMemory {
  try {
    const stored = JSON.parse(localStorage.getItem(MEMORY_KEY) ?? '{}') as unknown;
    return stored && typeof stored === 'object' ? (stored as AlertMemory) : {};
  } catch {
    return {};
  }
}

export function LowStockAlerts() {
  const { user } = useAuth();
  const enabled = Boolean(user && ALERTED_ROLES.includes(user.role));
  const lowStock = trpc.inventory.lowStock.useQuery(undefined, {
    enabled,
    refetchInterval: LOW_STOCK_POLL_MS,
    retry: false,
  });
  useEffect(() => {
    // Remembered only once shown: granting permission later still brings the current alerts.
    if (!enabled || !lowStock.data || notificationState() !== 'granted') return;
    const { due, memory } = dueLowStockAlerts(lowStock.data, readMemory(), Date.now());
    if (due.length === 0) return;
    for (const item of due)
      notify(lowStockText(item.name, item.stock), { body: 'Low stock alert', requireInteraction: true });
    try {
      localStorage.setItem(MEMORY_KEY, JSON.stringify(memory));
    } catch {
      // storage unavailable: alerts may repeat, nothing else breaks
    }
  }, [enabled, lowStock.data]);
  return null;
}
