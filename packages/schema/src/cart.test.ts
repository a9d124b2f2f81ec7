import { describe, expect, it } from 'vitest';
import {
  addLinesToCart,
  addToCart,
  cartCount,
  cartTotalCents,
  parseStoredCart,
  removeFromCart,
  setQuantity,
  toCartProduct,
  type CartLine,
  type CartProduct,
} from './cart';
import { centsToDecimal } from './money';

const apples: CartProduct = { productId: 'p-apples', name: 'Apples', price: '19.99', imageUrl: null };
const milk: CartProduct = { productId: 'p-milk', name: 'Milk', price: 0.1 };
const bread: CartProduct = { productId: 'p-bread', name: 'Bread', price: '0.20' };

describe('addToCart', () => {
  it('adds a new line with quantity 1', () => {
    expect(addToCart([], apples)).toEqual([{ ...apples, quantity: 1 }]);
  });

  it('raises the quantity when the same product is added again', () => {
    const cart = addToCart(addToCart([], apples), apples);
    expect(cart).toHaveLength(1);
    expect(cart[0]).toEqual({ ...apples, quantity: 2 });
  });

  it('keeps other lines and their order', () => {
    const cart = addToCart(addToCart(addToCart([], apples), milk), apples);
    expect(cart.map((line) => [line.productId, line.quantity])).toEqual([
      ['p-apples', 2],
      ['p-milk', 1],
    ]);
  });

  it('does not mutate the cart it was given', () => {
    const cart: CartLine[] = [{ ...apples, quantity: 1 }];
    const snapshot = structuredClone(cart);
    addToCart(cart, apples);
    addToCart(cart, milk);
    expect(cart).toEqual(snapshot);
  });
});

describe('setQuantity', () => {
  const cart: CartLine[] = [
    { ...apples, quantity: 1 },
    { ...milk, quantity: 2 },
  ];

  it('sets the quantity of one line', () => {
    expect(setQuantity(cart, 'p-milk', 5)).toEqual([
      { ...apples, quantity: 1 },
      { ...milk, quantity: 5 },
    ]);
  });

  it.each([0, -1])('removes the line at %i', (quantity) => {
    expect(setQuantity(cart, 'p-apples', quantity)).toEqual([{ ...milk, quantity: 2 }]);
  });

  it('changes nothing for a product not in the cart', () => {
    expect(setQuantity(cart, 'p-unknown', 3)).toEqual(cart);
  });

  it('does not mutate the cart it was given', () => {
    const snapshot = structuredClone(cart);
    setQuantity(cart, 'p-milk', 9);
    setQuantity(cart, 'p-milk', 0);
    expect(cart).toEqual(snapshot);
  });
});

describe('removeFromCart', () => {
  it('removes only that product', () => {
    const cart: CartLine[] = [
      { ...apples, quantity: 1 },
      { ...milk, quantity: 2 },
    ];
    expect(removeFromCart(cart, 'p-apples')).toEqual([{ ...milk, quantity: 2 }]);
    expect(removeFromCart(cart, 'p-unknown')).toEqual(cart);
  });
});

describe('cart totals', () => {
  it('are 0 for an empty cart', () => {
    expect(cartTotalCents([])).toBe(0);
    expect(cartCount([])).toBe(0);
  });

  it('sum price × quantity in exact cents, with string and number prices', () => {
    const cart: CartLine[] = [
      { ...apples, quantity: 3 }, // 59.97
      { ...milk, quantity: 1 }, // 0.10
      { ...bread, quantity: 1 }, // 0.20
    ];
    expect(cartTotalCents(cart)).toBe(6027);
    expect(centsToDecimal(cartTotalCents(cart))).toBe('60.27');
  });

  it('count the sum of quantities, not the lines', () => {
    const cart: CartLine[] = [
      { ...apples, quantity: 3 },
      { ...milk, quantity: 2 },
    ];
    expect(cartCount(cart)).toBe(5);
  });

  it('follow adding and removing', () => {
    let cart = addToCart([], milk);
    cart = addToCart(cart, bread);
    expect(centsToDecimal(cartTotalCents(cart))).toBe('0.30');
    cart = setQuantity(cart, 'p-milk', 0);
    expect(cartCount(cart)).toBe(1);
    expect(cartTotalCents(cart)).toBe(20);
  });
});

describe('parseStoredCart', () => {
  const line: CartLine = { productId: 'p1', name: 'Apples', price: '1.50', quantity: 2, imageUrl: null };

  it('reads nothing stored as an empty cart', () => {
    expect(parseStoredCart(null)).toEqual([]);
  });

  it('reads back a cart that was stored', () => {
    const cart: CartLine[] = [line, { productId: 'p2', name: 'Milk', price: 0.99, quantity: 1 }];
    expect(parseStoredCart(JSON.stringify(cart))).toEqual(cart);
  });

  it.each(['{}', '"a string"', '42', 'null', 'true', '{"0":{"productId":"p1"}}'])(
    'gives null for JSON that is not a list: %s',
    (raw) => {
      expect(parseStoredCart(raw)).toBeNull();
    },
  );

  it('fails on text that is not JSON (the cart store logs it and starts empty)', () => {
    expect(() => parseStoredCart('{not json')).toThrow(SyntaxError);
  });

  it('drops lines that are not cart lines and keeps the good ones', () => {
    const raw = JSON.stringify([
      line,
      null,
      42,
      'p1',
      [],
      { productId: 'p3', name: 'No price', quantity: 1 },
      { productId: 'p4', name: 'Object price', price: { amount: 1 }, quantity: 1 },
      { productId: 5, name: 'Numeric id', price: '1.00', quantity: 1 },
      { productId: 'p6', price: '1.00', quantity: 1 },
      { productId: 'p7', name: 'Zero', price: '1.00', quantity: 0 },
      { productId: 'p8', name: 'Negative', price: '1.00', quantity: -2 },
      { productId: 'p9', name: 'Fraction', price: '1.00', quantity: 1.5 },
      { productId: 'p10', name: 'Text quantity', price: '1.00', quantity: '3' },
    ]);
    expect(parseStoredCart(raw)).toEqual([line]);
  });
});

describe('addLinesToCart (Buy again)', () => {
  it("adds new lines and raises a line already there, at today's price", () => {
    const cart = [{ productId: 'a', name: 'Apple', price: '1.00', quantity: 2 }];
    const result = addLinesToCart(cart, [
      { productId: 'a', name: 'Apple', price: '1.20', quantity: 3, imageUrl: null },
      { productId: 'b', name: 'Bread', price: '3.00', quantity: 1, imageUrl: null },
      { productId: 'c', name: 'Cheese', price: '5.00', quantity: 0, imageUrl: null },
    ]);
    expect(result).toEqual([
      { productId: 'a', name: 'Apple', price: '1.20', quantity: 5, imageUrl: null },
      { productId: 'b', name: 'Bread', price: '3.00', quantity: 1, imageUrl: null },
    ]);
    expect(cart[0]!.quantity).toBe(2);
  });
});

describe('toCartProduct', () => {
  const product = {
    id: 'p1',
    name: 'Cheddar',
    price: '8.75',
    imageUrl: null,
    measureUnit: null,
    quantityStep: 1,
    minQuantity: 1,
    maxQuantity: 1000,
  };

  it("keeps a pack's net content, so its cart line shows the unit price", () => {
    expect(toCartProduct({ ...product, netContent: 400, netContentUnit: 'g' })).toEqual({
      productId: 'p1',
      name: 'Cheddar',
      price: '8.75',
      imageUrl: null,
      netContent: 400,
      netContentUnit: 'g',
    });
  });

  it("keeps a weighed product's measure and limits, so every screen adds from its minimum", () => {
    const salmon = {
      ...product,
      measureUnit: 'kg' as const,
      quantityStep: 250,
      minQuantity: 250,
      maxQuantity: 3000,
    };
    expect(addToCart([], toCartProduct(salmon))).toEqual([
      expect.objectContaining({ productId: 'p1', measureUnit: 'kg', quantity: 250, quantityStep: 250 }),
    ]);
  });
});
