/**
 * The cart's storage rules (docs/product.md §4): one fixed key, loaded at start, saved on every change, and a
 * cart that cannot be read is logged and starts empty.
 */
import { act, cleanup, render } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CartLine } from '@shop/schema';
import { CART_STORAGE_KEY, CartProvider, loadCart, useCart } from './cart-store';

const APPLES = {
  productId: 'p-apples',
  name: 'Organic Gala Apples',
  price: '4.49',
  imageUrl: '/products/gala-apples.svg',
};
const BREAD = { productId: 'p-bread', name: 'Sourdough Loaf', price: '4.50', imageUrl: null };

type Cart = ReturnType<typeof useCart>;

/** Renders the provider and hands back a live view of the cart. */
function renderCart() {
  const view: { current: Cart } = { current: undefined as unknown as Cart };
  function Probe() {
    view.current = useCart();
    return null;
  }
  render(
    <CartProvider>
      <Probe />
    </CartProvider>,
  );
  return view;
}

function saved(): CartLine[] {
  return JSON.parse(window.localStorage.getItem(CART_STORAGE_KEY) ?? 'null') as CartLine[];
}

let consoleError: ReturnType<typeof vi.spyOn>;

beforeEach(() => {
  window.localStorage.clear();
  consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('the stored cart', () => {
  it('lives under one fixed key', () => {
    expect(CART_STORAGE_KEY).toBe('freshcart.cart');
  });

  it('is loaded at start', () => {
    const lines: CartLine[] = [{ ...APPLES, quantity: 3 }];
    window.localStorage.setItem(CART_STORAGE_KEY, JSON.stringify(lines));
    const cart = renderCart();
    expect(cart.current.items).toEqual(lines);
    expect(cart.current.count).toBe(3);
    expect(cart.current.totalCents).toBe(1347);
    expect(consoleError).not.toHaveBeenCalled();
  });

  it('starts empty, without complaint, when nothing was saved', () => {
    const cart = renderCart();
    expect(cart.current.items).toEqual([]);
    expect(cart.current.count).toBe(0);
    expect(consoleError).not.toHaveBeenCalled();
  });

  it.each([
    ['text that is not JSON', '{not json'],
    ['JSON that is not a list', '{"productId":"p-apples"}'],
    ['a JSON string', '"hello"'],
  ])('starts empty and logs when the saved value is %s', (_label, raw) => {
    window.localStorage.setItem(CART_STORAGE_KEY, raw);
    const cart = renderCart();
    expect(cart.current.items).toEqual([]);
    expect(consoleError).toHaveBeenCalled();
    expect(String(consoleError.mock.calls[0]?.[0])).toMatch(/saved cart/i);
  });

  it('drops saved lines that are not cart lines and keeps the rest', () => {
    window.localStorage.setItem(
      CART_STORAGE_KEY,
      JSON.stringify([{ ...APPLES, quantity: 2 }, { productId: 7 }, { ...BREAD, quantity: 0 }, null]),
    );
    const cart = renderCart();
    expect(cart.current.items).toEqual([{ ...APPLES, quantity: 2 }]);
  });

  it('starts empty and logs when the storage itself cannot be read', () => {
    const failing = {
      getItem: () => {
        throw new DOMException('The operation is insecure.', 'SecurityError');
      },
    };
    expect(loadCart(failing)).toEqual([]);
    expect(consoleError).toHaveBeenCalledTimes(1);
  });

  it('starts empty and logs when localStorage is out of reach', () => {
    vi.spyOn(window, 'localStorage', 'get').mockImplementation(() => {
      throw new DOMException('Access is denied for this document.', 'SecurityError');
    });
    const cart = renderCart();
    expect(cart.current.items).toEqual([]);
    expect(consoleError).toHaveBeenCalled();
  });

  it('keeps a cart another tab saved between its first read and its first save', () => {
    // The first render may commit late (it is a transition): by then another tab saved a cart.
    vi.spyOn(Storage.prototype, 'getItem').mockReturnValueOnce(null);
    window.localStorage.setItem(CART_STORAGE_KEY, JSON.stringify([{ ...APPLES, quantity: 2 }]));
    const cart = renderCart();
    expect(cart.current.items).toEqual([{ ...APPLES, quantity: 2 }]);
    expect(saved()).toEqual([{ ...APPLES, quantity: 2 }]);
  });

  it('replaces an unreadable saved value with the (empty) cart', () => {
    window.localStorage.setItem(CART_STORAGE_KEY, '{not json');
    renderCart();
    expect(saved()).toEqual([]);
  });
});

describe('every change is saved', () => {
  it('add, add again, change a quantity, remove and clear each write the cart', () => {
    const cart = renderCart();

    act(() => cart.current.add(APPLES));
    expect(saved()).toEqual([{ ...APPLES, quantity: 1 }]);

    act(() => cart.current.add(APPLES));
    expect(saved()).toEqual([{ ...APPLES, quantity: 2 }]);

    act(() => cart.current.add(BREAD));
    expect(saved()).toEqual([
      { ...APPLES, quantity: 2 },
      { ...BREAD, quantity: 1 },
    ]);
    expect(cart.current.count).toBe(3);
    expect(cart.current.totalCents).toBe(2 * 449 + 450);

    act(() => cart.current.setQuantity(APPLES.productId, 5));
    expect(saved()).toEqual([
      { ...APPLES, quantity: 5 },
      { ...BREAD, quantity: 1 },
    ]);

    act(() => cart.current.setQuantity(BREAD.productId, 0));
    expect(saved()).toEqual([{ ...APPLES, quantity: 5 }]);

    act(() => cart.current.remove(APPLES.productId));
    expect(saved()).toEqual([]);

    act(() => cart.current.add(BREAD));
    act(() => cart.current.clear());
    expect(saved()).toEqual([]);
    expect(cart.current.count).toBe(0);
  });

  it('a negative quantity removes the line too', () => {
    const cart = renderCart();
    act(() => cart.current.add(BREAD));
    act(() => cart.current.setQuantity(BREAD.productId, -2));
    expect(cart.current.items).toEqual([]);
    expect(saved()).toEqual([]);
  });

  it('what one page saved is what the next page load reads', () => {
    const first = renderCart();
    act(() => first.current.add(APPLES));
    act(() => first.current.add(APPLES));
    cleanup();

    const second = renderCart();
    expect(second.current.items).toEqual([{ ...APPLES, quantity: 2 }]);
  });

  it('a failing save is logged and the cart keeps working', () => {
    const cart = renderCart();
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    });
    act(() => cart.current.add(APPLES));
    expect(cart.current.count).toBe(1);
    expect(consoleError).toHaveBeenCalledWith('Could not save the cart.', expect.any(DOMException));
  });
});

describe('useCart', () => {
  it('refuses to work outside the provider', () => {
    function Orphan() {
      useCart();
      return null;
    }
    expect(() => render(<Orphan />)).toThrow(/CartProvider/);
  });
});
