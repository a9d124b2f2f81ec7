/**
 * The cart (docs/product.md §4): kept in the browser under one fixed key, loaded at start and saved on every
 * change. A cart that cannot be read is logged and starts empty. Rules live in @shop/schema.
 */
import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import {
  addLinesToCart,
  addToCart,
  cartCount,
  cartTotalCents,
  parseStoredCart,
  removeFromCart,
  setQuantity,
  type CartLine,
  type CartProduct,
} from '@shop/schema';

export const CART_STORAGE_KEY = 'freshcart.cart';

/** The browser's storage; reaching it can itself throw (storage disabled, sandboxed frame). */
function browserStorage(): Storage {
  return window.localStorage;
}

/** The saved cart, or an empty one (logged) when it cannot be read. */
export function loadCart(storage?: Pick<Storage, 'getItem'>): CartLine[] {
  try {
    const lines = parseStoredCart((storage ?? browserStorage()).getItem(CART_STORAGE_KEY));
    if (lines === null) throw new Error('stored cart is not a list');
    return lines;
  } catch (error) {
    console.error('Could not read the saved cart; starting with an empty one.', error);
    return [];
  }
}

interface CartContextValue {
  items: CartLine[];
  count: number;
  totalCents: number;
  add(product: CartProduct): void;
  /** Several lines at once ('Buy again'), each added to what is there. */
  addLines(lines: readonly CartLine[]): void;
  setQuantity(productId: string, quantity: number): void;
  remove(productId: string): void;
  clear(): void;
}

const CartContext = createContext<CartContextValue | null>(null);

/** What a screen reader hears after a cart change (docs/accessibility.md): the line and the new count. */
export function cartAnnouncement(lines: CartLine[], productId: string): string {
  const line = lines.find((candidate) => candidate.productId === productId);
  const count = cartCount(lines);
  const inCart = `${count} ${count === 1 ? 'item' : 'items'} in cart.`;
  return line ? `${line.name}: ${line.quantity} in cart. ${inCart}` : `Removed from cart. ${inCart}`;
}

export function CartProvider({ children }: { children: ReactNode }) {
  const [items, setItems] = useState<CartLine[]>(() => loadCart());
  // The product whose line changed last (and a counter, so the same change is announced again).
  const [changed, setChanged] = useState<{ productId: string; n: number } | null>(null);
  const touched = useCallback(
    (productId: string) => setChanged((last) => ({ productId, n: (last?.n ?? 0) + 1 })),
    [],
  );

  // The first render is a transition (main.tsx) and may commit after another tab (or a test) saved
  // a cart: that newer cart wins over the one read before it, rather than being overwritten.
  const loaded = useRef(items);
  useEffect(() => {
    if (items === loaded.current) {
      const now = loadCart();
      if (now.length > 0 && JSON.stringify(now) !== JSON.stringify(items)) {
        setItems(now);
        return;
      }
    }
    try {
      browserStorage().setItem(CART_STORAGE_KEY, JSON.stringify(items));
    } catch (error) {
      console.error('Could not save the cart.', error);
    }
  }, [items]);

  const add = useCallback(
    (product: CartProduct) => {
      setItems((lines) => addToCart(lines, product));
      touched(product.productId);
    },
    [touched],
  );
  const addLines = useCallback(
    (additions: readonly CartLine[]) => {
      setItems((lines) => addLinesToCart(lines, additions));
      if (additions[0]) touched(additions[0].productId);
    },
    [touched],
  );
  const update = useCallback(
    (productId: string, quantity: number) => {
      setItems((lines) => setQuantity(lines, productId, quantity));
      touched(productId);
    },
    [touched],
  );
  const remove = useCallback(
    (productId: string) => {
      setItems((lines) => removeFromCart(lines, productId));
      touched(productId);
    },
    [touched],
  );
  const clear = useCallback(() => setItems([]), []);

  const value = useMemo<CartContextValue>(
    () => ({
      items,
      count: cartCount(items),
      totalCents: cartTotalCents(items),
      add,
      addLines,
      setQuantity: update,
      remove,
      clear,
    }),
    [items, add, addLines, update, remove, clear],
  );
  return (
    <CartContext.Provider value={value}>
      {children}
      <div role="status" className="visually-hidden" data-testid="cart-announcement">
        {changed && <span key={changed.n}>{cartAnnouncement(items, changed.productId)}</span>}
      </div>
    </CartContext.Provider>
  );
}

export function useCart(): CartContextValue {
  const value = useContext(CartContext);
  if (!value) throw new Error('useCart must be used inside <CartProvider>');
  return value;
}
