import { describe, expect, it } from 'vitest';
import {
  ORDER_STATUSES,
  ORDER_TRANSITIONS,
  canTransition,
  shortOrderId,
  statusLabel,
  type OrderStatus,
} from './orders';

/** docs/architecture.md §4: the only moves the server allows. */
const ALLOWED: ReadonlyArray<[OrderStatus, OrderStatus]> = [
  ['pending', 'processing'],
  ['pending', 'cancelled'],
  ['processing', 'shipped'],
  ['processing', 'cancelled'],
  ['shipped', 'delivered'],
];

describe('order transitions', () => {
  const every = ORDER_STATUSES.flatMap((from) => ORDER_STATUSES.map((to) => [from, to] as const));

  it.each(every)('%s → %s', (from, to) => {
    const allowed = ALLOWED.some(([f, t]) => f === from && t === to);
    expect(canTransition(from, to)).toBe(allowed);
  });

  it('has exactly the five spec statuses, pending first', () => {
    expect(ORDER_STATUSES).toEqual(['pending', 'processing', 'shipped', 'delivered', 'cancelled']);
    expect(Object.keys(ORDER_TRANSITIONS).sort()).toEqual([...ORDER_STATUSES].sort());
  });

  it('ends at delivered and cancelled', () => {
    expect(ORDER_TRANSITIONS.delivered).toEqual([]);
    expect(ORDER_TRANSITIONS.cancelled).toEqual([]);
  });
});

describe('statusLabel', () => {
  it('capitalises the first letter', () => {
    expect(statusLabel('pending')).toBe('Pending');
    expect(statusLabel('cancelled')).toBe('Cancelled');
    expect(statusLabel('')).toBe('');
  });
});

describe('shortOrderId', () => {
  it('is the first 8 characters', () => {
    expect(shortOrderId('3f1c2a9b-1111-4222-8333-444455556666')).toBe('3f1c2a9b');
  });
});
