/**
 * Toasts (docs/product.md §9): one at a time, gone after 5000 ms, a 50 px swipe to the right dismisses, F8
 * focuses their region. Rendered with the same <Toaster /> the app mounts.
 */
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { MantineProvider } from '@mantine/core';
import { SWIPE_DISMISS_PX, TOAST_DURATION_MS, TOAST_REGION_LABEL, Toaster, loadToastView, toast } from './toast';
import { clearToasts } from './toast-view';

beforeAll(() => {
  // jsdom has no matchMedia (Mantine reads prefers-reduced-motion through it).
  Object.defineProperty(window, 'matchMedia', {
    configurable: true,
    value: (query: string) => ({
      matches: false,
      media: query,
      onchange: null,
      addEventListener: () => {},
      removeEventListener: () => {},
      addListener: () => {},
      removeListener: () => {},
      dispatchEvent: () => false,
    }),
  });
});

beforeEach(async () => {
  vi.useFakeTimers();
  render(
    <MantineProvider>
      <Toaster />
      <label>
        Card number
        <input />
      </label>
    </MantineProvider>,
  );
  // The view loads on the first toast or when idle; here, before the first toast.
  await act(async () => {
    await loadToastView();
  });
});

afterEach(() => {
  act(() => clearToasts());
  act(() => vi.runOnlyPendingTimers());
  cleanup();
  vi.useRealTimers();
});

async function show(options: Parameters<typeof toast>[0]) {
  await act(async () => {
    toast(options);
    await loadToastView();
  });
  // Mantine renders the store's change on the next tick.
  act(() => vi.advanceTimersByTime(10));
}

/** Waits out Mantine's exit transition so a hidden toast leaves the DOM. */
function settle() {
  act(() => vi.advanceTimersByTime(1000));
}

function swipe(element: HTMLElement, dx: number) {
  fireEvent.pointerDown(element, { pointerId: 1, pointerType: 'touch', clientX: 100, clientY: 20 });
  for (let step = 1; step <= 5; step += 1) {
    fireEvent.pointerMove(element, {
      pointerId: 1,
      pointerType: 'touch',
      clientX: 100 + (dx * step) / 5,
      clientY: 20,
    });
  }
  fireEvent.pointerUp(element, { pointerId: 1, pointerType: 'touch', clientX: 100 + dx, clientY: 20 });
}

describe('toast', () => {
  it('shows the title and the description', async () => {
    await show({ title: 'Order placed successfully!', description: 'Order #1a2b3c4d has been created.' });
    const shown = screen.getByTestId('toast');
    expect(shown.textContent).toContain('Order placed successfully!');
    expect(shown.textContent).toContain('Order #1a2b3c4d has been created.');
    expect(shown.getAttribute('role')).toBe('status');
  });

  it('marks a destructive toast as an alert', async () => {
    await show({ title: 'Failed to place order', description: 'Please try again', variant: 'destructive' });
    const shown = screen.getByTestId('toast');
    expect(shown.getAttribute('role')).toBe('alert');
    expect(shown.getAttribute('data-variant')).toBe('destructive');
  });

  it('shows one at a time: the newest replaces the one on screen', async () => {
    await show({ title: 'First' });
    await show({ title: 'Second' });
    settle();
    const shown = screen.getAllByTestId('toast');
    expect(shown).toHaveLength(1);
    expect(shown[0]!.textContent).toContain('Second');
  });

  it(`closes by itself after ${TOAST_DURATION_MS} ms`, async () => {
    expect(TOAST_DURATION_MS).toBe(5000);
    await show({ title: 'Address added' });
    act(() => vi.advanceTimersByTime(TOAST_DURATION_MS - 100));
    expect(screen.queryByTestId('toast')).not.toBeNull();
    act(() => vi.advanceTimersByTime(200));
    settle();
    expect(screen.queryByTestId('toast')).toBeNull();
  });

  it('stays when persistent', async () => {
    await show({ title: 'Avocados is running low (3 remaining)', persistent: true });
    act(() => vi.advanceTimersByTime(TOAST_DURATION_MS * 3));
    expect(screen.queryByTestId('toast')).not.toBeNull();
  });

  it('closes with its close button', async () => {
    await show({ title: 'Profile updated' });
    fireEvent.click(screen.getByRole('button'));
    settle();
    expect(screen.queryByTestId('toast')).toBeNull();
  });
});

describe('swipe to dismiss', () => {
  it(`a swipe of ${SWIPE_DISMISS_PX} px to the right dismisses`, async () => {
    expect(SWIPE_DISMISS_PX).toBe(50);
    await show({ title: 'Swipe me', persistent: true });
    swipe(screen.getByTestId('toast'), SWIPE_DISMISS_PX);
    settle();
    expect(screen.queryByTestId('toast')).toBeNull();
  });

  it('a shorter swipe springs back', async () => {
    await show({ title: 'Not far enough', persistent: true });
    const shown = screen.getByTestId('toast');
    swipe(shown, SWIPE_DISMISS_PX - 15);
    settle();
    expect(screen.queryByTestId('toast')).not.toBeNull();
    expect(shown.style.getPropertyValue('--notifications-swipe-offset')).toBe('0px');
  });

  it('the toast follows the finger to the right while swiping', async () => {
    await show({ title: 'Follow', persistent: true });
    const shown = screen.getByTestId('toast');
    fireEvent.pointerDown(shown, { pointerId: 1, pointerType: 'touch', clientX: 100 });
    fireEvent.pointerMove(shown, { pointerId: 1, pointerType: 'touch', clientX: 130 });
    expect(shown.style.getPropertyValue('--notifications-swipe-offset')).toBe('30px');
    fireEvent.pointerCancel(shown, { pointerId: 1, pointerType: 'touch' });
    expect(shown.style.getPropertyValue('--notifications-swipe-offset')).toBe('0px');
  });

  it('a swipe to the left does not dismiss', async () => {
    await show({ title: 'Wrong way', persistent: true });
    swipe(screen.getByTestId('toast'), -200);
    settle();
    expect(screen.queryByTestId('toast')).not.toBeNull();
  });
});

describe('F8', () => {
  it('moves focus to the labelled toast region', async () => {
    await show({ title: 'Stock updated successfully' });
    const region = screen.getByRole('region', { name: TOAST_REGION_LABEL });
    expect(region.contains(screen.getByTestId('toast'))).toBe(true);
    fireEvent.keyDown(document.body, { key: 'F8', code: 'F8' });
    expect(document.activeElement).toBe(region);
  });

  it('works from inside a form field too', () => {
    const input = screen.getByLabelText('Card number');
    input.focus();
    fireEvent.keyDown(input, { key: 'F8', code: 'F8' });
    expect(document.activeElement).toBe(screen.getByRole('region', { name: TOAST_REGION_LABEL }));
  });
});
