/**
 * The order rules the checkout screen needs, without zod: payment methods, their labels and the
 * order's limits. They live apart from orders.ts (the zod contracts) so the checkout's first load on
 * a phone does not parse zod (docs/accessibility.md, "Phones"); orders.ts re-exports them.
 */

export const PAYMENT_METHODS = ['card', 'cash_on_delivery', 'bank_transfer'] as const;

export const PAYMENT_METHOD_LABEL: Record<(typeof PAYMENT_METHODS)[number], string> = {
  card: 'Credit Card',
  cash_on_delivery: 'Cash on Delivery',
  bank_transfer: 'Bank Transfer',
};

export const ORDER_LIMITS = {
  items: 100,
  quantity: 1000,
  shippingAddress: 500,
  notes: 1000,
  cardHolderName: 200,
  bankName: 200,
  bankAccountNumber: 64,
  idempotencyKey: 200,
} as const;
