/**
 * The cart's pure rules (docs/product.md §4). The cart lives in the browser; these functions never mutate.
 */
import { lineTotalCents } from './money';

export interface CartLine {
  productId: string;
  name: string;
  price: string | number;
  quantity: number;
  imageUrl?: string | null;
}

export type CartProduct = Omit<CartLine, 'quantity'>;

/** Adding a product already in the cart raises its quantity by 1; otherwise a new line with 1. */
export function addToCart(lines: readonly CartLine[], product: CartProduct): CartLine[] {
  const existing = lines.find((line) => line.productId === product.productId);
  if (existing) {
    return lines.map((line) =>
      line.productId === product.productId ? { ...line, quantity: line.quantity + 1 } : line,
    );
  }
  return [...lines, { ...product, quantity: 1 }];
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
    result = existing
      ? result.map((line) =>
          line === existing ? { ...addition, quantity: existing.quantity + addition.quantity } : line,
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

/** Sum of price × quantity, in cents. */
export function cartTotalCents(lines: readonly CartLine[]): number {
  return lines.reduce((sum, line) => sum + lineTotalCents(line.price, line.quantity), 0);
}

/** Sum of quantities. */
export function cartCount(lines: readonly CartLine[]): number {
  return lines.reduce((sum, line) => sum + line.quantity, 0);
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
      line.quantity > 0,
  );
}
