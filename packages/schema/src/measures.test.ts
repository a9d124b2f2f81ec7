import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  MEASURE_UNITS,
  divideRoundHalfUp,
  formatQuantity,
  lineCents,
  parseQuantity,
  quantityProblem,
  stepQuantity,
  toleranceRange,
  unitPriceOf,
  weighingProblem,
  type MeasureUnit,
} from './measures';
import { cartTotalCents, type CartLine } from './cart';
import { centsToDecimal, lineTotalCents } from './money';
import { orderTotals } from './settings-rules';
import { measureIssues, mergeMeasure } from './measure-fields';
import { PIECE_MEASURE } from './measures';

// Up to $1,000,000 a piece or a kg: a line then stays far inside the safe integers (and numeric(10,2) holds the orders).
const cents = fc.integer({ min: 0, max: 100_000_000 });
const quantity = fc.integer({ min: 1, max: 1_000_000 });
const unit = fc.constantFrom<MeasureUnit | null>(null, ...MEASURE_UNITS);

/** The reference: the exact rational value as a decimal, rounded half up by hand. */
function referenceRound(numerator: bigint, denominator: bigint): bigint {
  const quotient = numerator / denominator;
  const remainder = numerator % denominator;
  return remainder * 2n >= denominator ? quotient + 1n : quotient;
}

describe('the one rounding rule (docs/money.md)', () => {
  it('rounds half up once, exactly, for every price and quantity', () => {
    fc.assert(
      fc.property(cents, quantity, unit, (price, qty, measure) => {
        const basis = measure === 'kg' || measure === 'L' ? 1000n : measure ? 100n : 1n;
        const exact = BigInt(price) * BigInt(qty);
        expect(BigInt(lineCents(price, qty, measure))).toBe(referenceRound(exact, basis));
      }),
    );
  });

  it('is never more than half a cent from the exact amount', () => {
    fc.assert(
      fc.property(cents, quantity, unit, (price, qty, measure) => {
        const basis = measure === 'kg' || measure === 'L' ? 1000 : measure ? 100 : 1;
        const total = lineCents(price, qty, measure);
        // |total × basis − price × qty| ≤ basis / 2, in integers.
        const diff = BigInt(total) * BigInt(basis) - BigInt(price) * BigInt(qty);
        expect(2n * (diff < 0n ? -diff : diff) <= BigInt(basis)).toBe(true);
      }),
    );
  });

  it('keeps pieces exact: price × quantity', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10_000_000 }),
        fc.integer({ min: 1, max: 1000 }),
        (price, qty) => {
          expect(lineCents(price, qty, null)).toBe(price * qty);
        },
      ),
    );
  });

  it('grows with the quantity and the price (more never costs less)', () => {
    fc.assert(
      fc.property(cents, quantity, quantity, unit, (price, a, b, measure) => {
        const [low, high] = a <= b ? [a, b] : [b, a];
        expect(lineCents(price, low, measure)).toBeLessThanOrEqual(lineCents(price, high, measure));
      }),
    );
  });

  it('rounds exactly half away from zero, and negative amounts mirror positive ones', () => {
    expect(divideRoundHalfUp(1n, 2n)).toBe(1);
    expect(divideRoundHalfUp(-1n, 2n)).toBe(-1);
    expect(divideRoundHalfUp(1874_25n, 100_00n)).toBe(19);
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 10n ** 15n }), fc.bigInt({ min: 1n, max: 10n ** 6n }), (n, d) => {
        expect(divideRoundHalfUp(-n, d)).toBe(-divideRoundHalfUp(n, d) || 0);
      }),
    );
  });

  it('makes the issue’s figures: 0.75 kg at $24.99 / kg is $18.74, weighed 0.82 kg is $20.49', () => {
    expect(lineTotalCents('24.99', 750, 'kg')).toBe(1874); // 1874.25
    expect(lineTotalCents('24.99', 820, 'kg')).toBe(2049); // 2049.18
    expect(lineTotalCents('24.98', 750, 'kg')).toBe(1874); // 1873.50 → half up
    expect(lineTotalCents('2.50', 3)).toBe(750);
  });
});

describe('an order’s total is the sum of its lines, each rounded once', () => {
  const line = fc.record({
    price: cents.map((value) => centsToDecimal(Math.min(value, 1_000_000))),
    quantity: fc.integer({ min: 1, max: 5000 }),
    measureUnit: unit,
  });

  it('sums the rounded lines (no second rounding), then adds fee and tax by the settings', () => {
    fc.assert(
      fc.property(
        fc.array(line, { minLength: 1, maxLength: 20 }),
        fc.integer({ min: 0, max: 2000 }),
        fc.integer({ min: 0, max: 2500 }),
        (lines, feeCents, rateHundredths) => {
          const cart: CartLine[] = lines.map((l, index) => ({ productId: String(index), name: 'x', ...l }));
          const subtotal = cartTotalCents(cart);
          const sum = lines.reduce((acc, l) => acc + lineTotalCents(l.price, l.quantity, l.measureUnit), 0);
          expect(subtotal).toBe(sum);
          expect(Number.isSafeInteger(subtotal)).toBe(true);
          const totals = orderTotals(subtotal, {
            deliveryFee: centsToDecimal(feeCents),
            freeDeliveryThreshold: null,
            taxRate: centsToDecimal(rateHundredths),
            taxInclusive: false,
          });
          expect(totals.totalCents).toBe(subtotal + totals.deliveryFeeCents + totals.taxCents);
        },
      ),
    );
  });
});

describe('unit prices (EU Directive 98/6/EC)', () => {
  it('per kg of a product sold per 100 g is ten times its price, exactly', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1_000_000 }), (price) => {
        expect(unitPriceOf(price, { measureUnit: 'g', netContent: null, netContentUnit: null })).toEqual({
          cents: price * 10,
          per: 'kg',
        });
      }),
    );
  });

  it('a pack’s price per kg, rounded once: 250 g of coffee at $12.99 is $51.96 / kg', () => {
    expect(unitPriceOf(1299, { measureUnit: null, netContent: 250, netContentUnit: 'g' })).toEqual({
      cents: 5196,
      per: 'kg',
    });
    expect(unitPriceOf(199, { measureUnit: null, netContent: 1500, netContentUnit: 'ml' })).toEqual({
      cents: 133,
      per: 'L',
    });
    expect(unitPriceOf(349, { measureUnit: null, netContent: 50, netContentUnit: 'g' })).toEqual({
      cents: 698,
      per: '100 g',
    });
    expect(unitPriceOf(349, { measureUnit: null, netContent: null, netContentUnit: null })).toBeNull();
  });

  it('the unit price times the content is the pack price within half a unit of rounding', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 1_000_000 }),
        fc.integer({ min: 101, max: 100_000 }),
        (price, content) => {
          const unitPrice = unitPriceOf(price, {
            measureUnit: null,
            netContent: content,
            netContentUnit: 'g',
          })!;
          const diff = BigInt(unitPrice.cents) * BigInt(content) - BigInt(price) * 1000n;
          expect(2n * (diff < 0n ? -diff : diff) <= BigInt(content)).toBe(true);
        },
      ),
    );
  });
});

describe('quantities', () => {
  const salmon = { measureUnit: 'kg' as const, quantityStep: 250, minQuantity: 250, maxQuantity: 3000 };

  it('reads as people write them', () => {
    expect(formatQuantity(750, 'kg')).toBe('0.75 kg');
    expect(formatQuantity(1000, 'kg')).toBe('1 kg');
    expect(formatQuantity(820, 'kg')).toBe('0.82 kg');
    expect(formatQuantity(1500, 'L')).toBe('1.5 L');
    expect(formatQuantity(750, 'g')).toBe('750 g');
    expect(formatQuantity(3, null)).toBe('3');
  });

  it('parse back what they format', () => {
    fc.assert(
      fc.property(quantity, unit, (qty, measure) => {
        const text = formatQuantity(qty, measure).split(' ')[0]!;
        expect(parseQuantity(text, measure)).toBe(qty);
      }),
    );
    expect(parseQuantity('0.8205', 'kg')).toBeNull();
  });

  it('accept the step’s multiples between min and max only', () => {
    expect(quantityProblem(750, salmon)).toBeNull();
    expect(quantityProblem(700, salmon)).toBe('quantity must be a multiple of 0.25 kg');
    expect(quantityProblem(3250, salmon)).toBe('quantity must be at most 3 kg');
    expect(quantityProblem(0, salmon)).toBe('quantity must be at least 0.25 kg');
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 5000 }), (qty) => {
        const ok = qty >= 250 && qty <= 3000 && qty % 250 === 0;
        expect(quantityProblem(qty, salmon) === null).toBe(ok);
      }),
    );
  });

  it('step within the limits, and below the minimum to 0 (the line goes)', () => {
    expect(stepQuantity(750, salmon, 1)).toBe(1000);
    expect(stepQuantity(3000, salmon, 1)).toBe(3000);
    expect(stepQuantity(250, salmon, -1)).toBe(0);
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 12 }), fc.constantFrom<1 | -1>(1, -1), (steps, direction) => {
        const next = stepQuantity(steps * 250, salmon, direction);
        expect(next === 0 || quantityProblem(next, salmon) === null).toBe(true);
      }),
    );
  });
});

describe('catch weight', () => {
  it('accepts ±10 % of 0.75 kg inclusive: 0.675 kg to 0.825 kg', () => {
    expect(toleranceRange(750, 10)).toEqual({ min: 675, max: 825 });
    expect(weighingProblem(820, 750, 10, 'kg')).toBeNull();
    expect(weighingProblem(826, 750, 10, 'kg')).toBe(
      'The weight must be within ±10 % of 0.75 kg (0.675 kg to 0.825 kg)',
    );
  });

  it('never accepts a weight further than the tolerance from the ordered one', () => {
    fc.assert(
      fc.property(quantity, fc.integer({ min: 1, max: 50 }), quantity, (ordered, tolerance, weighed) => {
        const ok = weighingProblem(weighed, ordered, tolerance, 'kg') === null;
        const within = Math.abs(weighed - ordered) * 100 <= ordered * tolerance;
        expect(ok).toBe(within);
      }),
    );
  });
});

describe('measure fields', () => {
  it('an existing product stays a piece; a measure needs its unit and multiples of the step', () => {
    expect(measureIssues(PIECE_MEASURE)).toEqual([]);
    const salmon = mergeMeasure(PIECE_MEASURE, {
      soldBy: 'measure',
      measureUnit: 'kg',
      quantityStep: 250,
      minQuantity: 250,
      maxQuantity: 3000,
      weightTolerance: 10,
    });
    expect(measureIssues(salmon)).toEqual([]);
    expect(measureIssues({ ...salmon, minQuantity: 300 }).map((issue) => issue.path[0])).toEqual([
      'minQuantity',
    ]);
    expect(measureIssues({ ...salmon, measureUnit: null }).map((issue) => issue.path[0])).toEqual([
      'measureUnit',
    ]);
    expect(
      mergeMeasure(salmon, { soldBy: 'piece', quantityStep: 1, minQuantity: 1, maxQuantity: 1000 }),
    ).toMatchObject({
      measureUnit: null,
      weightTolerance: null,
    });
  });
});
