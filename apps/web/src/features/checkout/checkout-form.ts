/**
 * The checkout form's pure rules (docs/product.md §5 Checkout, §8 toasts): input shaping, the validations in
 * the spec's order, and the order body sent to the server — never more of a card than the holder
 * and the last 4 digits.
 */
import {
  DEFAULT_SETTINGS,
  orderTotals,
  type TotalsSettings,
  centsToDecimal,
  cartTotalCents,
  formatAddress,
  toDecimal,
  type AddressDto,
  type CartLine,
  type Substitution,
  type DeliverySlotOption,
  type PaymentMethod,
  type PlaceOrderBody,
} from '@shop/schema';
import type { ToastOptions } from '../../lib/toast';

export interface CheckoutForm {
  paymentMethod: PaymentMethod | '';
  cardNumber: string;
  expiry: string;
  cvv: string;
  cardHolderName: string;
  bankName: string;
  bankAccountNumber: string;
  /** A saved address id, 'custom' for the free-text address, or '' before the shopper chose. */
  shippingChoice: string;
  customAddress: string;
  notes: string;
}

export const EMPTY_CHECKOUT_FORM: CheckoutForm = {
  paymentMethod: 'card',
  cardNumber: '',
  expiry: '',
  cvv: '',
  cardHolderName: '',
  bankName: '',
  bankAccountNumber: '',
  shippingChoice: '',
  customAddress: '',
  notes: '',
};

export const CUSTOM_ADDRESS = 'custom';

/** Until the shopper picks one: the default saved address, else the free-text address. */
export function effectiveShippingChoice(choice: string, addresses: readonly AddressDto[]): string {
  if (choice) return choice;
  return addresses.find((address) => address.isDefault)?.id ?? addresses[0]?.id ?? CUSTOM_ADDRESS;
}

/** Digits only, grouped in fours, at most 19 characters: '4242424242424242' → '4242 4242 4242 4242'. */
export function formatCardNumber(value: string): string {
  const digits = value.replace(/\D/g, '').slice(0, 16);
  return (digits.match(/.{1,4}/g) ?? []).join(' ').slice(0, 19);
}

/** MM/YY, at most 5 characters: '1230' → '12/30'. */
export function formatExpiry(value: string): string {
  const digits = value.replace(/\D/g, '').slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)}/${digits.slice(2)}` : digits;
}

/** Digits only, at most 4. */
export function formatCvv(value: string): string {
  return value.replace(/\D/g, '').slice(0, 4);
}

export const CHECKOUT_TOASTS = {
  paymentMethod: {
    title: 'Payment method required',
    description: 'Please select a payment method',
    variant: 'destructive',
  },
  shippingAddress: {
    title: 'Shipping address required',
    description: 'Please select or enter a shipping address',
    variant: 'destructive',
  },
  cardDetails: {
    title: 'Card details required',
    description: 'Please fill in all card payment fields',
    variant: 'destructive',
  },
  cardNumber: {
    title: 'Invalid card number',
    description: 'Please enter a valid card number',
    variant: 'destructive',
  },
  bankDetails: {
    title: 'Bank details required',
    description: 'Please fill in your bank transfer details',
    variant: 'destructive',
  },
} as const satisfies Record<string, ToastOptions>;

/** The shipping line: the chosen saved address flattened, or the trimmed custom text; '' when none. */
export function shippingAddressOf(form: CheckoutForm, addresses: readonly AddressDto[]): string {
  if (form.shippingChoice === CUSTOM_ADDRESS) return form.customAddress.trim();
  const saved = addresses.find((address) => address.id === form.shippingChoice);
  return saved ? formatAddress(saved) : '';
}

/** The first failed rule, in the spec's order, as its toast; null when the form may be sent. */
export function validateCheckout(form: CheckoutForm, addresses: readonly AddressDto[]): ToastOptions | null {
  if (!form.paymentMethod) return CHECKOUT_TOASTS.paymentMethod;
  if (!shippingAddressOf(form, addresses)) return CHECKOUT_TOASTS.shippingAddress;
  if (form.paymentMethod === 'card') {
    const fields = [form.cardNumber, form.expiry, form.cvv, form.cardHolderName];
    if (fields.some((field) => !field.trim())) return CHECKOUT_TOASTS.cardDetails;
    if (!/^\d{13,19}$/.test(form.cardNumber.replace(/\s/g, ''))) return CHECKOUT_TOASTS.cardNumber;
  }
  if (form.paymentMethod === 'bank_transfer' && (!form.bankName.trim() || !form.bankAccountNumber.trim())) {
    return CHECKOUT_TOASTS.bankDetails;
  }
  return null;
}

export type CheckoutField =
  | 'paymentMethod'
  | 'shipping'
  | 'cardNumber'
  | 'expiry'
  | 'cvv'
  | 'cardHolderName'
  | 'bankName'
  | 'bankAccountNumber';

/** The first field of each kind, in the page's order: where focus goes after a refused Place Order. */
export const CHECKOUT_FIELD_ORDER: readonly CheckoutField[] = [
  'paymentMethod',
  'cardNumber',
  'expiry',
  'cvv',
  'cardHolderName',
  'bankName',
  'bankAccountNumber',
  'shipping',
];

const REQUIRED = 'Required';

/**
 * Every field the rules of validateCheckout refuse, with the message shown under it (the toast
 * still says the first rule, as the spec asks): the fields are marked invalid, so a screen reader
 * and a sighted shopper both find what to fix (docs/accessibility.md).
 */
export function checkoutFieldErrors(
  form: CheckoutForm,
  addresses: readonly AddressDto[],
): Partial<Record<CheckoutField, string>> {
  const errors: Partial<Record<CheckoutField, string>> = {};
  if (!form.paymentMethod) errors.paymentMethod = CHECKOUT_TOASTS.paymentMethod.description;
  if (!shippingAddressOf(form, addresses)) errors.shipping = CHECKOUT_TOASTS.shippingAddress.description;
  if (form.paymentMethod === 'card') {
    if (!form.cardNumber.trim()) errors.cardNumber = REQUIRED;
    else if (!/^\d{13,19}$/.test(form.cardNumber.replace(/\s/g, ''))) {
      errors.cardNumber = CHECKOUT_TOASTS.cardNumber.description;
    }
    if (!form.expiry.trim()) errors.expiry = REQUIRED;
    if (!form.cvv.trim()) errors.cvv = REQUIRED;
    if (!form.cardHolderName.trim()) errors.cardHolderName = REQUIRED;
  }
  if (form.paymentMethod === 'bank_transfer') {
    if (!form.bankName.trim()) errors.bankName = REQUIRED;
    if (!form.bankAccountNumber.trim()) errors.bankAccountNumber = REQUIRED;
  }
  return errors;
}

/** The body of POST /api/orders for a validated form (without the idempotency key). */
export function buildOrderBody(
  form: CheckoutForm,
  lines: readonly CartLine[],
  addresses: readonly AddressDto[],
  settings: TotalsSettings = DEFAULT_SETTINGS,
  /** The delivery slot picked (docs/delivery-slots.md); its own fee overrides the shop's. */
  slot: DeliverySlotOption | null = null,
  /** Per product, what to do if it is short at picking; absent: the shop's default (docs/substitutions.md). */
  substitutions: Readonly<Record<string, { substitution: Substitution; substituteProductId?: string }>> = {},
): Omit<PlaceOrderBody, 'idempotencyKey'> {
  const charged = slot?.deliveryFee != null ? { ...settings, deliveryFee: slot.deliveryFee } : settings;
  const paymentMethod = form.paymentMethod as PaymentMethod;
  const notes = form.notes.trim();
  return {
    items: lines.map((line) => ({
      productId: line.productId,
      quantity: line.quantity,
      price: toDecimal(line.price),
      ...substitutions[line.productId],
    })),
    // The total the server will charge: the goods plus the delivery fee and tax of the settings.
    total: centsToDecimal(orderTotals(cartTotalCents(lines), charged).totalCents),
    paymentMethod,
    shippingAddress: shippingAddressOf(form, addresses),
    ...(slot && { deliverySlot: { templateId: slot.templateId, date: slot.date } }),
    ...(notes && { notes }),
    ...(paymentMethod === 'card' && {
      cardHolderName: form.cardHolderName.trim(),
      cardLastFour: form.cardNumber.replace(/\D/g, '').slice(-4),
    }),
    ...(paymentMethod === 'bank_transfer' && {
      bankName: form.bankName.trim(),
      bankAccountNumber: form.bankAccountNumber.trim(),
    }),
  };
}

/** A v4 uuid; `crypto.randomUUID` exists only in secure contexts (https or localhost). */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * One key per checkout attempt: the same body again (a retry after a network failure or a
 * double click) reuses the key, so the server answers the first order instead of placing another;
 * a changed body (another cart, new prices, another address) gets a new key.
 */
export function createIdempotencyKeys() {
  let current: { fingerprint: string; key: string } | null = null;
  return {
    keyFor(body: unknown): string {
      const fingerprint = JSON.stringify(body);
      if (current?.fingerprint !== fingerprint) current = { fingerprint, key: newIdempotencyKey() };
      return current.key;
    },
    reset() {
      current = null;
    },
  };
}

/** Cart lines with the server's current prices (409 PRICE_CHANGED `details.prices`); what changed. */
export function applyServerPrices(
  lines: readonly CartLine[],
  prices: readonly { productId: string; price: string }[],
): { lines: CartLine[]; changes: { name: string; from: string; to: string }[] } {
  const byId = new Map(prices.map((p) => [p.productId.toLowerCase(), p.price]));
  const changes: { name: string; from: string; to: string }[] = [];
  const updated = lines.map((line) => {
    const price = byId.get(line.productId.toLowerCase());
    if (price === undefined || toDecimal(price) === toDecimal(line.price)) return line;
    changes.push({ name: line.name, from: toDecimal(line.price), to: toDecimal(price) });
    return { ...line, price };
  });
  return { lines: updated, changes };
}
