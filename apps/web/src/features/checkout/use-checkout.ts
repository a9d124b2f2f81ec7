/**
 * Placing the order from the checkout form (docs/product.md §8 Checkout): validation toasts in the spec's
 * order, an idempotency key per attempt, and what each failure tells the shopper — a lapsed
 * session sends them to sign in, changed prices update the cart, short stock names the product.
 */
import { useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import {
  shortOrderId,
  NO_SLOT_LEFT,
  OUTSIDE_DELIVERY_AREA,
  type AddressDto,
  type DeliverySlotOption,
  type InsufficientStockDetails,
  type PriceChangedDetails,
} from '@shop/schema';
import { toast } from '../../lib/toast';
import { errorData, errorMessage, isUnauthorized } from '../../lib/errors';
import { paths } from '../../paths';
import { useCart } from '../cart';
import { goToSignIn, SIGN_IN_REDIRECT_MS } from '../auth';
import { usePlaceOrder } from '../orders';
import { useMoney, useShopSettings } from '../settings';
import { trpc } from '../../lib/trpc';
import {
  applyServerPrices,
  buildOrderBody,
  createIdempotencyKeys,
  validateCheckout,
  checkoutFieldErrors,
  CHECKOUT_FIELD_ORDER,
  type CheckoutField,
  type CheckoutForm,
} from './checkout-form';
import { notify, orderNotification } from '../notifications';

/** The delivery slot state at Place Order (docs/delivery-slots.md); absent or unslotted: none needed. */
export interface CheckoutDelivery {
  slotted: boolean;
  /** The slots of the address chosen are still on their way. */
  loading: boolean;
  outside: boolean;
  slot: DeliverySlotOption | null;
}

export interface CheckoutProblem {
  title: string;
  lines: string[];
}

/** Moves focus to the first refused field (marked `data-checkout-field`), once it is rendered. */
function focusFirstInvalidField(errors: Partial<Record<CheckoutField, string>>) {
  const first = CHECKOUT_FIELD_ORDER.find((field) => errors[field]);
  if (!first) return;
  requestAnimationFrame(() => {
    const marked = document.querySelector<HTMLElement>(`[data-checkout-field="${first}"]`);
    const target = marked?.matches('input, textarea, button')
      ? marked
      : marked?.querySelector<HTMLElement>('[role="radio"], input, textarea, button');
    target?.focus();
  });
}

export function useCheckout() {
  const cart = useCart();
  const navigate = useNavigate();
  const placeOrder = usePlaceOrder();
  const settings = useShopSettings();
  const utils = trpc.useUtils();
  const money = useMoney();
  const [keys] = useState(createIdempotencyKeys);
  const [problem, setProblem] = useState<CheckoutProblem | null>(null);
  /** After a refused Place Order the fields say what is wrong, and keep saying it while edited. */
  const [showFieldErrors, setShowFieldErrors] = useState(false);
  /** Set once the order is placed, so the emptied cart does not count as "cart is empty". */
  const placed = useRef(false);

  /** Replaces the cart's lines keeping their order (the cart store offers add / set / clear). */
  function replaceCartLines(lines: typeof cart.items) {
    cart.clear();
    for (const { quantity, ...product } of lines) {
      cart.add(product);
      cart.setQuantity(product.productId, quantity);
    }
  }

  function onFailure(error: unknown) {
    if (isUnauthorized(error)) {
      toast({
        title: 'Session expired',
        description: 'Please sign in again to complete your order',
        variant: 'destructive',
      });
      window.setTimeout(() => goToSignIn(paths.checkout), SIGN_IN_REDIRECT_MS);
      return;
    }
    const details = errorData(error).details as { reason?: string } | undefined;
    if (details?.reason === 'PRICE_CHANGED') {
      // The delivery fee or tax may be what changed: the summary shows the shop's current ones.
      void utils.settings.get.invalidate();
      const { lines, changes } = applyServerPrices(cart.items, (details as PriceChangedDetails).prices);
      replaceCartLines(lines);
      const what = changes.map((c) => `${c.name}: ${money(c.from)} → ${money(c.to)}`);
      setProblem({
        title: 'Prices have changed',
        lines: [
          ...(what.length ? what : ['The order total has changed.']),
          'Your cart now shows the current prices. Please review your order and place it again.',
        ],
      });
      toast({
        title: 'Prices have changed',
        description: `${what.length ? `${what.join('; ')}. ` : ''}Please review your order and place it again.`,
        variant: 'destructive',
      });
      return;
    }
    if (details?.reason === 'INSUFFICIENT_STOCK') {
      const short = (details as InsufficientStockDetails).products;
      setProblem({
        title: 'Not enough stock',
        lines: short.map((p) =>
          p.available > 0
            ? `${p.name}: only ${p.available} left (you asked for ${p.requested})`
            : `${p.name}: out of stock`,
        ),
      });
    } else if (details?.reason === 'MINIMUM_ORDER') {
      setProblem({ title: 'Below the minimum order', lines: [errorMessage(error)] });
    } else if (details?.reason === 'SLOT_UNAVAILABLE') {
      // The slot filled, was blocked or closed meanwhile: the list shows what is open now.
      void utils.delivery.slots.invalidate();
      setProblem({ title: 'Delivery slot no longer available', lines: [errorMessage(error)] });
    } else if (details?.reason === 'PRODUCT_UNAVAILABLE') {
      setProblem({ title: 'Some products are no longer available', lines: [errorMessage(error)] });
    }
    toast({ title: 'Failed to place order', description: errorMessage(error), variant: 'destructive' });
  }

  async function submit(
    form: CheckoutForm,
    addresses: readonly AddressDto[],
    delivery?: CheckoutDelivery,
    substitutions: Parameters<typeof buildOrderBody>[5] = {},
  ) {
    if (placeOrder.isPending) return;
    const invalid = validateCheckout(form, addresses);
    if (invalid) {
      toast(invalid);
      setShowFieldErrors(true);
      focusFirstInvalidField(checkoutFieldErrors(form, addresses));
      return;
    }
    // Said before payment: an address outside every zone, or no slot left to book. While the
    // address's slots are still on their way the order goes without one: the server books the
    // earliest open slot (or refuses an address outside every zone with the same words).
    if (delivery?.slotted && !delivery.slot && !delivery.loading) {
      const description = delivery.outside ? `${OUTSIDE_DELIVERY_AREA}. Please choose another address.` : NO_SLOT_LEFT;
      toast({ title: 'Choose a delivery slot', description, variant: 'destructive' });
      return;
    }
    const body = buildOrderBody(form, cart.items, addresses, settings.data, delivery?.slot ?? null, substitutions);
    setProblem(null);
    try {
      const order = await placeOrder.mutateAsync({ ...body, idempotencyKey: keys.keyFor(body) });
      placed.current = true;
      keys.reset();
      const placedNote = orderNotification('placed', order.id);
      notify(placedNote.title, { body: placedNote.body });
      toast({
        title: 'Order placed successfully!',
        description: `Order #${shortOrderId(order.id)} has been created. You will receive a confirmation email shortly.`,
      });
      cart.clear();
      navigate(paths.orders);
    } catch (error) {
      onFailure(error);
    }
  }

  return { submit, placing: placeOrder.isPending, problem, placed, showFieldErrors };
}
