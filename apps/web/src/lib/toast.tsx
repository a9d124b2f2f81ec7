/**
 * Toasts (docs/product.md §9): one at a time, 5000 ms, 'destructive' in red, dismissed by a swipe of 50 px to
 * the right, F8 moves focus to them. Mantine's notifications render them (lib/toast-view.tsx, loaded
 * apart from the first page); `toast()` is the one way to show one and `<Toaster />` (mounted once, in
 * the providers) is where they appear.
 *
 * Mantine's own drag and horizontal-scroll dismissal is switched off: it dismisses in either
 * direction after 35 % of the width or on a fast flick, which is not the spec's rule, and two swipe
 * handlers on one element fight over its transform.
 */
import { useEffect, useRef, useState } from 'react';
import { whenIdle } from './when-idle';
import { useHotkeys } from '@mantine/hooks';
import type * as ToastViewModule from './toast-view';
import type { ToastOptions } from './toast-options';

export { SWIPE_DISMISS_PX, TOAST_DURATION_MS, type ToastOptions } from './toast-options';
export const TOAST_HOTKEY = 'F8';
export const TOAST_REGION_LABEL = `Notifications (${TOAST_HOTKEY})`;
/** The page is given this long to settle before the toasts' code loads anyway. */
const LOAD_WHEN_IDLE_TIMEOUT_MS = 3000;

type ToastView = typeof ToastViewModule;

let counter = 0;
let loading: Promise<ToastView> | undefined;
let loaded: ToastView | undefined;
const whenLoaded = new Set<(view: ToastView) => void>();

/**
 * Mantine's notifications and their styles are not part of the storefront's first load (about 18 KB
 * of compressed JavaScript a phone would parse before the first product): they load on the first
 * toast, or once the page is idle, whichever comes first.
 */
export function loadToastView(): Promise<ToastView> {
  loading ??= import('./toast-view').then((view) => {
    loaded = view;
    whenLoaded.forEach((notify) => notify(view));
    return view;
  });
  return loading;
}

export function toast(options: ToastOptions): string {
  const id = `toast-${++counter}`;
  void loadToastView().then((view) => view.showToast(id, options));
  return id;
}

/**
 * Where toasts appear: one labelled region that F8 focuses from anywhere, form fields included, so
 * a keyboard user reaches the toast's close button with the next Tab. Render once.
 */
export function Toaster() {
  const region = useRef<HTMLElement>(null);
  useHotkeys([[TOAST_HOTKEY, () => region.current?.focus()]], []);
  const [view, setView] = useState(loaded);
  useEffect(() => {
    if (view) return;
    whenLoaded.add(setView);
    const cancel = whenIdle(() => void loadToastView(), LOAD_WHEN_IDLE_TIMEOUT_MS);
    return () => {
      whenLoaded.delete(setView);
      cancel();
    };
  }, [view]);
  return (
    <section
      ref={region}
      aria-label={TOAST_REGION_LABEL}
      tabIndex={-1}
      data-toast-region
      style={{ outline: 'none' }}
    >
      {view && <view.ToastList />}
    </section>
  );
}
