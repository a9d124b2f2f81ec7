import { afterEach, describe, expect, it, vi } from 'vitest';
import { expectOwnOrderChange, forgetOwnOrderChange, isOwnOrderChange } from './own-order-changes';

afterEach(() => vi.useRealTimers());

describe('order changes made on this page', () => {
  it('are recognised once, for that order and status only', () => {
    expectOwnOrderChange('order-1', 'cancelled');
    expect(isOwnOrderChange('order-2', 'cancelled')).toBe(false);
    expect(isOwnOrderChange('order-1', 'processing')).toBe(false);
    expect(isOwnOrderChange('order-1', 'cancelled')).toBe(true);
    expect(isOwnOrderChange('order-1', 'cancelled')).toBe(false);
  });

  it('are forgotten when the change failed, and after a minute', () => {
    expectOwnOrderChange('order-3', 'cancelled');
    forgetOwnOrderChange('order-3', 'cancelled');
    expect(isOwnOrderChange('order-3', 'cancelled')).toBe(false);

    vi.useFakeTimers();
    expectOwnOrderChange('order-4', 'cancelled');
    vi.advanceTimersByTime(61_000);
    expect(isOwnOrderChange('order-4', 'cancelled')).toBe(false);
  });
});
