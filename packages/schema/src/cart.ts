/**
 * The cart's pure rules (docs/product.md §4). The cart lives in the browser; these functions never mutate.
 */
import { lineTotalCents } from './money';
import { MEASURE_UNITS, type MeasureUnit, type NetContentUnit, type QuantityRule } from './measures';

/**
 * A line of the cart. `quantity` is in the product's base unit (pieces, grams, millilitres:
 * 0.75 kg is 750); a product sold by measure also keeps its measure and limits, so the controls
 * step by them and the total divides by the price's basis (measures.ts). Lines without them are pieces.
 */
export interface CartLine {
  productId: string;
  name: string;
  price: string | number;
  quantity: number;
  imageUrl?: string | null;
  measureUnit?: MeasureUnit | null;
  quantityStep?: number;
  minQuantity?: number;
  maxQuantity?: number;
  /** A pack's net content (400 g of cheese), so the line shows its unit price ($21.88 / kg). */
  netContent?: number | null;
  netContentUnit?: NetContentUnit | null;
}

/** A cart line's quantity rule: its own, or one piece at a time. */
export function lineRule(
  line: Pick<CartLine, 'measureUnit' | 'quantityStep' | 'minQuantity' | 'maxQuantity'>,
): QuantityRule {
  return {
    measureUnit: line.measureUnit ?? null,
    quantityStep: line.quantityStep ?? 1,
    minQuantity: line.minQuantity ?? 1,
    maxQuantity: line.maxQuantity ?? Number.MAX_SAFE_INTEGER,
  };
}

export type CartProduct = Omit<CartLine, 'quantity'>;

/** A product as the cart keeps it: a piece, or its measure and limits (sold by measure). */
export function toCartProduct(product: {
  id: string;
  name: string;
  price: string;
  imageUrl?: string | null;
  measureUnit: MeasureUnit | null;
  quantityStep: number;
  minQuantity: number;
  maxQuantity: number;
  netContent?: number | null;
  netContentUnit?: NetContentUnit | null;
}): CartProduct {
  const base = {
    productId: product.id,
    name: product.name,
    price: product.price,
    imageUrl: product.imageUrl ?? null,
  };
  if (!product.measureUnit) {
    return product.netContent && product.netContentUnit
      ? { ...base, netContent: product.netContent, netContentUnit: product.netContentUnit }
      : base;
  }
  return {
    ...base,
    measureUnit: product.measureUnit,
    quantityStep: product.quantityStep,
    minQuantity: product.minQuantity,
    maxQuantity: product.maxQuantity,
  };
}

/**
 * Adding a product already in the cart raises its quantity by 1 (by its step when sold by measure,
 * up to its maximum); otherwise a new line with 1 (its minimum: 0.25 kg of salmon).
 */
export function addToCart(lines: readonly CartLine[], product: CartProduct): CartLine[] {
  const rule = lineRule(product);
  const existing = lines.find((line) => line.productId === product.productId);
  if (existing) {
    return lines.map((line) =>
      line.productId === product.productId
        ? { ...line, quantity: Math.min(line.quantity + rule.quantityStep, rule.maxQuantity) }
        : line,
    );
  }
  return [...lines, { ...product, quantity: rule.minQuantity }];
}

/**
 * 'Buy again' (issue 19): each line joins the cart at today's name, price and picture; a product
 * already in the cart keeps its line, its quantity raised by the added one.
 */
export function addLinesToCart(lines: readonly CartLine[], additions: readonly CartLine[]): CartLine[] {
  let result = [...lines];
  for (const addition of additions) {
    if (addition.quantity <= 0) continue;
    const existing = result.find((line) => line.productId === addition.productId);
    const most = lineRule(addition).maxQuantity;
    result = existing
      ? result.map((line) =>
          line === existing
            ? { ...addition, quantity: Math.min(existing.quantity + addition.quantity, most) }
            : line,
        )
      : [...result, { ...addition }];
  }
  return result;
}

/** Setting a quantity of 0 or less removes the line. */
export function setQuantity(lines: readonly CartLine[], productId: string, quantity: number): CartLine[] {
  if (quantity <= 0) return removeFromCart(lines, productId);
  return lines.map((line) => (line.productId === productId ? { ...line, quantity } : line));
}

export function removeFromCart(lines: readonly CartLine[], productId: string): CartLine[] {
  return lines.filter((line) => line.productId !== productId);
}

/** Sum of the lines' totals (each price × quantity rounded once), in cents. */
export function cartTotalCents(lines: readonly CartLine[]): number {
  return lines.reduce((sum, line) => sum + lineTotalCents(line.price, line.quantity, line.measureUnit), 0);
}

/** Sum of quantities; a line sold by measure (0.75 kg of salmon) counts as one item. */
export function cartCount(lines: readonly CartLine[]): number {
  return lines.reduce((sum, line) => sum + (line.measureUnit ? 1 : line.quantity), 0);
}

/**
 * Reads a stored cart defensively: nothing stored gives [], a value that is not a list gives null,
 * malformed lines are dropped, and text that is not JSON throws (the caller logs and starts empty).
 */
export function parseStoredCart(raw: string | null): CartLine[] | null {
  if (raw === null) return [];
  const value: unknown = JSON.parse(raw);
  if (!Array.isArray(value)) return null;
  return value.filter(
    (line): line is CartLine =>
      typeof line === 'object' &&
      line !== null &&
      typeof line.productId === 'string' &&
      typeof line.name === 'string' &&
      (typeof line.price === 'string' || typeof line.price === 'number') &&
      Number.isInteger(line.quantity) &&
      line.quantity > 0 &&
      (line.measureUnit === undefined ||
        line.measureUnit === null ||
        (MEASURE_UNITS as readonly string[]).includes(line.measureUnit)),
  );
}
