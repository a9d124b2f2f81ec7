/**
 * The settings' rules without zod (issue 19 item 6), so the storefront's first load can compute a
 * cart's delivery fee and tax without the contracts: the defaults, which reproduce docs/product.md
 * exactly (Delivery Fee 'Free', tax $0.00, total = subtotal, USD), and `orderTotals`, which the
 * server applies when an order is placed and the cart and checkout show.
 */
import { toCents } from './money';

/** Currencies with two decimal places, as the money columns keep them (numeric(10,2)). */
export const CURRENCIES = ['USD', 'EUR', 'GBP', 'CAD', 'AUD', 'NZD', 'CHF', 'SEK', 'NOK', 'DKK'] as const;
export type CurrencyCode = (typeof CURRENCIES)[number];

/** The settings' values (ShopSettingsDto without its version and time). */
export interface ShopSettingsValues {
  shopName: string;
  currency: CurrencyCode;
  deliveryFee: string;
  freeDeliveryThreshold: string | null;
  taxRate: string;
  taxInclusive: boolean;
  minimumOrder: string;
  /** What a line short at picking gets when the shopper did not choose (substitutions.ts). */
  defaultSubstitution: 'similar' | 'none';
}

export const DEFAULT_SETTINGS: ShopSettingsValues = {
  shopName: 'FreshCart',
  currency: 'USD',
  deliveryFee: '0.00',
  freeDeliveryThreshold: null,
  taxRate: '0.00',
  taxInclusive: false,
  minimumOrder: '0.00',
  defaultSubstitution: 'similar',
};

/** The settings the totals depend on. */
export type TotalsSettings = Pick<
  ShopSettingsValues,
  'deliveryFee' | 'freeDeliveryThreshold' | 'taxRate' | 'taxInclusive'
>;

export interface OrderTotals {
  subtotalCents: number;
  deliveryFeeCents: number;
  /** Added to the total, or (taxInclusive) the part of the subtotal that is tax. */
  taxCents: number;
  totalCents: number;
}

/**
 * An order's fee, tax and total from its subtotal, in integer cents. Delivery is free from the
 * threshold on (and for an empty cart); tax is on the goods, rounded half up to the cent: added
 * (`subtotal × rate`) or, when prices include it, the part of the subtotal that is tax
 * (`subtotal × rate / (100 + rate)`).
 */
export function orderTotals(subtotalCents: number, settings: TotalsSettings): OrderTotals {
  const fee = toCents(settings.deliveryFee) ?? 0;
  const threshold = settings.freeDeliveryThreshold === null ? null : toCents(settings.freeDeliveryThreshold);
  const deliveryFeeCents =
    subtotalCents === 0 || (threshold !== null && subtotalCents >= threshold) ? 0 : fee;
  // The rate in hundredths of a percent ('8.25' → 825): integers throughout.
  const rate = toCents(settings.taxRate) ?? 0;
  const taxCents = settings.taxInclusive
    ? Math.round((subtotalCents * rate) / (10_000 + rate))
    : Math.round((subtotalCents * rate) / 10_000);
  const totalCents = subtotalCents + deliveryFeeCents + (settings.taxInclusive ? 0 : taxCents);
  return { subtotalCents, deliveryFeeCents, taxCents, totalCents };
}
