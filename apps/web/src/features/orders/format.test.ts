/** The staff order screens' display helpers: addresses and order numbers. */
import { describe, expect, it } from 'vitest';
import { overviewOrderNumber, shortOrderId } from '@shop/schema';
import { firstAddressLine } from './format';

describe('display helpers', () => {
  it('shows the first line of an address', () => {
    expect(firstAddressLine('42 Market Street, Springfield, IL 62701, US')).toBe('42 Market Street');
    expect(firstAddressLine('Flat 3\n1 High Street')).toBe('Flat 3');
    expect(firstAddressLine('Somewhere')).toBe('Somewhere');
  });

  it('numbers orders by the last 8 characters on the overview, the first 8 elsewhere', () => {
    const id = '0f8fad5b-d9cb-469f-a165-70867728950e';
    expect(overviewOrderNumber(id)).toBe('7728950e');
    expect(shortOrderId(id)).toBe('0f8fad5b');
  });
});
