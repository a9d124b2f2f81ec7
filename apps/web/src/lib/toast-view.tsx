/**
 * What draws the toasts (lib/toast.tsx is the API): Mantine's notifications, their styles and the
 * swipe. Loaded apart from the first page (docs/accessibility.md, "Phones"): on the first toast, or
 * once the page is idle.
 */
import '@mantine/notifications/styles.css';
import type { PointerEvent } from 'react';
import { Notifications, notifications } from '@mantine/notifications';
import { SWIPE_DISMISS_PX, TOAST_DURATION_MS, type ToastOptions } from './toast-options';

/** Above Mantine's modals (200) and popovers (300): a failure toast must not hide behind a dialog. */
const TOAST_Z_INDEX = 1000;
/** Movement under this many px is a click (e.g. on the close button), not a swipe. */
const DRAG_START_PX = 5;

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

export function showToast(id: string, { title, description, variant = 'default', persistent = false }: ToastOptions) {
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
}

/** Clears every toast at once (tests). */
export function clearToasts() {
  notifications.clean();
}

export function ToastList() {
  return (
    <Notifications
      withinPortal={false}
      limit={1}
      position="bottom-right"
      autoClose={TOAST_DURATION_MS}
      allowDragDismiss={false}
      allowScrollDismiss={false}
      zIndex={TOAST_Z_INDEX}
    />
  );
}
