/**
 * Toasts (docs/product.md §9): one at a time, 5000 ms, 'destructive' in red, dismissed by a swipe of 50 px to
 * the right, F8 moves focus to them. Mantine's notifications render them; `toast()` is the one way
 * to show one and `<Toaster />` (mounted once, in the providers) is where they appear.
 *
 * Mantine's own drag and horizontal-scroll dismissal is switched off: it dismisses in either
 * direction after 35 % of the width or on a fast flick, which is not the spec's rule, and two swipe
 * handlers on one element fight over its transform.
 */
import { useRef, type PointerEvent } from 'react';
import { Notifications, notifications } from '@mantine/notifications';
import { useHotkeys } from '@mantine/hooks';

export const TOAST_DURATION_MS = 5000;
export const SWIPE_DISMISS_PX = 50;
export const TOAST_HOTKEY = 'F8';
export const TOAST_REGION_LABEL = `Notifications (${TOAST_HOTKEY})`;
/** Above Mantine's modals (200) and popovers (300): a failure toast must not hide behind a dialog. */
const TOAST_Z_INDEX = 1000;
/** Movement under this many px is a click (e.g. on the close button), not a swipe. */
const DRAG_START_PX = 5;

export interface ToastOptions {
  title: string;
  description?: string;
  variant?: 'default' | 'destructive';
  /** Keep it until dismissed (e.g. an alert that requires interaction). */
  persistent?: boolean;
}

let counter = 0;

/**
 * Pointer (mouse, touch, pen) swipe to the right. The toast follows the pointer through the
 * `--notifications-swipe-offset` variable Mantine's transform already reads; the pointer is
 * captured once a drag starts so a fast swipe that outruns the toast still counts.
 */
function swipeHandlers(id: string) {
  let startX: number | null = null;
  let dragging = false;
  let savedTransition = '';

  function setOffset(element: HTMLElement, dx: number) {
    element.style.setProperty('--notifications-swipe-offset', `${dx}px`);
    element.style.setProperty('--notifications-swipe-opacity', String(1 - Math.min(dx / 200, 1) * 0.6));
  }

  function reset(element: HTMLElement) {
    if (dragging) {
      element.style.transitionDuration = savedTransition;
      setOffset(element, 0);
    }
    startX = null;
    dragging = false;
  }

  return {
    onPointerDown(event: PointerEvent<HTMLDivElement>) {
      if (event.pointerType === 'mouse' && event.button !== 0) return;
      startX = event.clientX;
      dragging = false;
    },
    onPointerMove(event: PointerEvent<HTMLDivElement>) {
      if (startX === null) return;
      const element = event.currentTarget;
      const dx = event.clientX - startX;
      if (!dragging) {
        if (Math.abs(dx) < DRAG_START_PX) return;
        dragging = true;
        savedTransition = element.style.transitionDuration;
        element.style.transitionDuration = '0ms';
        try {
          element.setPointerCapture(event.pointerId);
        } catch {
          // the pointer is already gone; the swipe still ends on pointerup or pointercancel
        }
      }
      setOffset(element, Math.max(0, dx));
    },
    onPointerUp(event: PointerEvent<HTMLDivElement>) {
      if (startX === null) return;
      const element = event.currentTarget;
      const swiped = dragging && event.clientX - startX >= SWIPE_DISMISS_PX;
      if (swiped) {
        // Leave it where the finger left it: the exit transition slides it on out to the right.
        element.style.transitionDuration = savedTransition;
        startX = null;
        dragging = false;
        notifications.hide(id);
      } else {
        reset(element);
      }
    },
    onPointerCancel(event: PointerEvent<HTMLDivElement>) {
      reset(event.currentTarget);
    },
  };
}

export function toast({ title, description, variant = 'default', persistent = false }: ToastOptions): string {
  const id = `toast-${++counter}`;
  // One at a time: the newest replaces whatever is showing.
  notifications.clean();
  notifications.show({
    id,
    title,
    message: description ?? '',
    color: variant === 'destructive' ? 'red' : 'green',
    autoClose: persistent ? false : TOAST_DURATION_MS,
    withCloseButton: true,
    role: variant === 'destructive' ? 'alert' : 'status',
    'data-testid': 'toast',
    'data-variant': variant,
    ...swipeHandlers(id),
  });
  return id;
}

/**
 * Where toasts appear: one labelled region that F8 focuses from anywhere, form fields included, so
 * a keyboard user reaches the toast's close button with the next Tab. Render once.
 */
export function Toaster() {
  const region = useRef<HTMLElement>(null);
  useHotkeys([[TOAST_HOTKEY, () => region.current?.focus()]], []);
  return (
    <section
      ref={region}
      aria-label={TOAST_REGION_LABEL}
      tabIndex={-1}
      data-toast-region
      style={{ outline: 'none' }}
    >
      <Notifications
        withinPortal={false}
        limit={1}
        position="bottom-right"
        autoClose={TOAST_DURATION_MS}
        allowDragDismiss={false}
        allowScrollDismiss={false}
        zIndex={TOAST_Z_INDEX}
      />
    </section>
  );
}
