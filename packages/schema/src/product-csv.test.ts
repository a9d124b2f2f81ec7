import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { neutraliseCsvFormula, restoreCsvFormula } from './product-csv';

describe('CSV formula neutralising', () => {
  it('gives no cell a formula start, and the import gets every value back exactly', () => {
    fc.assert(
      fc.property(fc.string(), (value) => {
        const cell = neutraliseCsvFormula(value);
        expect(/^[=+\-@\t\r]/.test(cell)).toBe(false);
        expect(restoreCsvFormula(cell)).toBe(value);
      }),
      { numRuns: 2000 },
    );
  });

  it.each([
    ['=HYPERLINK("http://x","y")', `'=HYPERLINK("http://x","y")`],
    ['+49 bottles', "'+49 bottles"],
    ['-5 °C', "'-5 °C"],
    ['@home', "'@home"],
    ['\t=1+1', "'\t=1+1"],
    ["'Tis the season", "''Tis the season"],
    ['Apples', 'Apples'],
  ])('%j is written as %j', (value, cell) => {
    expect(neutraliseCsvFormula(value)).toBe(cell);
  });
});
