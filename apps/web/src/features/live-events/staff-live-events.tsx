/**
 * Staff screens stay true while others work (issue 15): the admin area listens to the staff live
 * stream (`liveEvents.staff`, the same channel as the shoppers' live updates; the server sends each
 * event only to those allowed to see it) and refreshes what an event touches, so open screens
 * update in place. New orders are remembered until seen (the Orders screen's 'new' rows and the
 * sidebar's count) and announced to sales staff: 'New order #…' with the total, as a browser
 * notification or, without permission, a toast.
 *
 * Mounted by the admin layout only: shoppers never download it.
 */
import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { STAFF_LIVE_EVENT_PERMISSIONS, formatMoney, shortOrderId, type LiveEvent } from '@shop/schema';
import { trpc } from '../../lib/trpc';
import { useAccess } from '../auth';
import { notify } from '../notifications';

/** Events arriving within this window refresh the screens once (an import, a rush of orders). */
const REFRESH_AFTER_MS = 150;
const REOPEN_AFTER_MS = 1000;

export type LiveStatus = 'off' | 'connecting' | 'live';

interface StaffLive {
  status: LiveStatus;
  /** Orders placed since this staff member last looked, newest first. */
  newOrderIds: readonly string[];
  /** Marks these orders (or, without ids, every new one) as seen. */
  markSeen: (ids?: readonly string[]) => void;
}

const StaffLiveContext = createContext<StaffLive>({
  status: 'off',
  newOrderIds: [],
  markSeen: () => undefined,
});

export function useStaffLive(): StaffLive {
  return useContext(StaffLiveContext);
}

type Area = 'orders' | 'stock';

/** Refreshes the queries behind the screens an event touches, once per burst of events. */
function useRefresh() {
  const utils = trpc.useUtils();
  const pending = useRef(new Set<Area>());
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(() => () => void (timer.current && clearTimeout(timer.current)), []);
  return useCallback(
    (...areas: Area[]) => {
      for (const area of areas) pending.current.add(area);
      timer.current ??= setTimeout(() => {
        timer.current = null;
        const touched = pending.current;
        pending.current = new Set();
        const work: Promise<unknown>[] = [utils.admin.overview.invalidate()];
        // The order screens: the list and its cards, an open order's timeline.
        if (touched.has('orders')) work.push(utils.orderManagement.invalidate(), utils.orders.invalidate());
        // Everything that shows stock: the products and inventory screens, the low-stock list.
        if (touched.has('stock')) work.push(utils.products.invalidate(), utils.inventory.invalidate());
        void Promise.all(work);
      }, REFRESH_AFTER_MS);
    },
    [utils],
  );
}

export function StaffLiveEvents({ children }: { children: ReactNode }) {
  const access = useAccess();
  const enabled = STAFF_LIVE_EVENT_PERMISSIONS.some((permission) => access.can(permission));
  const salesStaff = access.can('orders:read_all');
  const refresh = useRefresh();
  const [newOrderIds, setNewOrderIds] = useState<readonly string[]>([]);

  const onEvent = (event: LiveEvent) => {
    if (event.type === 'stock') {
      refresh('stock');
      return;
    }
    refresh('orders');
    if (event.type !== 'order.placed') return;
    setNewOrderIds((ids) => (ids.includes(event.orderId) ? ids : [event.orderId, ...ids]));
    if (salesStaff) {
      notify(`New order #${shortOrderId(event.orderId)}`, {
        body: `Total: ${formatMoney(event.total)}`,
        toastWhenDenied: true,
      });
    }
  };

  const subscription = trpc.liveEvents.staff.useSubscription(undefined, {
    enabled,
    onData: onEvent,
    // Also called when this screen unsubscribes; only a stream still ended a moment later was
    // ended by the server (an api instance shutting down): open it again, on another one.
    onComplete: () => setTimeout(() => ended.current?.(), REOPEN_AFTER_MS),
  });
  const ended = useRef<(() => void) | null>(null);
  const mounted = useRef(false);
  useEffect(() => {
    mounted.current = true;
    return () => void (mounted.current = false);
  }, []);
  useEffect(() => {
    const reset = subscription.reset;
    ended.current = () => {
      if (mounted.current && enabled && subscription.status === 'idle') reset();
    };
  });
  const status: LiveStatus = !enabled
    ? 'off'
    : subscription.status === 'pending'
      ? 'live'
      : subscription.status === 'connecting'
        ? 'connecting'
        : 'off';

  // Back after a lost connection: what happened meanwhile was not heard, so refresh everything.
  const previous = useRef<LiveStatus>('off');
  const everLive = useRef(false);
  useEffect(() => {
    if (status === 'live' && previous.current === 'connecting' && everLive.current)
      refresh('orders', 'stock');
    if (status === 'live') everLive.current = true;
    previous.current = status;
  }, [status, refresh]);

  const markSeen = useCallback((ids?: readonly string[]) => {
    setNewOrderIds((current) => {
      if (!ids) return current.length ? [] : current;
      const next = current.filter((id) => !ids.includes(id));
      return next.length === current.length ? current : next;
    });
  }, []);
  const value = useMemo(() => ({ status, newOrderIds, markSeen }), [status, newOrderIds, markSeen]);
  return <StaffLiveContext.Provider value={value}>{children}</StaffLiveContext.Provider>;
}
