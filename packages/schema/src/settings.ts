/**
 * The shop's settings (issue 19 item 6, Admin → Settings, admins only): its name, the currency
 * money is shown in, the delivery fee and the order value from which delivery is free, the tax
 * rate (added to the price or already in it), and the minimum order value. The defaults reproduce
 * docs/product.md exactly: Delivery Fee 'Free', tax $0.00, total = subtotal.
 *
 * The server computes the fee and the tax from the settings at the time of the order
 * (`orderTotals`) and stores them on the order; the cart and checkout show the same numbers.
 */
import { z } from 'zod';
import { EditVersion } from './edit-version';
import { MAX_CENTS, centsToDecimal, toCents } from './money';

/** Currencies with two decimal places, as the money columns keep them (numeric(10,2)). */
export const CURRENCIES = ['USD', 'EUR', 'GBP', 'CAD', 'AUD', 'NZD', 'CHF', 'SEK', 'NOK', 'DKK'] as const;
export const Currency = z.enum(CURRENCIES, `currency must be one of ${CURRENCIES.join(', ')}`);
export type Currency = z.infer<typeof Currency>;

export const SHOP_NAME_MAX_LENGTH = 100;
/** The highest tax rate, in percent. */
export const MAX_TAX_RATE = 100;

export const DEFAULT_SETTINGS: {
  shopName: string;
  currency: Currency;
  deliveryFee: string;
  freeDeliveryThreshold: string | null;
  taxRate: string;
  taxInclusive: boolean;
  minimumOrder: string;
} = {
  shopName: 'FreshCart',
  currency: 'USD',
  deliveryFee: '0.00',
  freeDeliveryThreshold: null,
  taxRate: '0.00',
  taxInclusive: false,
  minimumOrder: '0.00',
};

const amount = (name: string) =>
  z
    .string(`${name} must be an amount like 4.99`)
    .trim()
    .refine((value) => {
      const cents = toCents(value);
      return cents !== null && cents >= 0 && cents <= MAX_CENTS && /^\d+(\.\d{1,2})?$/.test(value);
    }, `${name} must be an amount of at least 0 with at most 2 decimals, like 4.99`)
    .transform((value) => centsToDecimal(toCents(value)!));

/** What shoppers and the storefront read (`settings.get`, GET /api/settings): no secrets here. */
export const ShopSettingsDto = z.object({
  shopName: z.string(),
  currency: Currency,
  deliveryFee: z.string(),
  /** Orders of at least this subtotal are delivered free; null: the fee always applies. */
  freeDeliveryThreshold: z.string().nullable(),
  /** Percent, 2 decimals ('8.25'). */
  taxRate: z.string(),
  /** true: prices already include the tax (the total shows how much of it is tax); false: added. */
  taxInclusive: z.boolean(),
  minimumOrder: z.string(),
  version: z.number().int(),
  updatedAt: z.iso.datetime({ offset: true }),
});
export type ShopSettingsDto = z.infer<typeof ShopSettingsDto>;

/** `settings.update` (PUT /api/settings): every field, and the version the form loaded. */
export const UpdateShopSettingsInput = z.strictObject({
  shopName: z
    .string('shopName is required')
    .trim()
    .min(1, 'Shop name is required')
    .max(SHOP_NAME_MAX_LENGTH, `Shop name must be at most ${SHOP_NAME_MAX_LENGTH} characters`),
  currency: Currency,
  deliveryFee: amount('deliveryFee'),
  freeDeliveryThreshold: amount('freeDeliveryThreshold').nullable(),
  taxRate: amount('taxRate').refine(
    (value) => toCents(value)! <= MAX_TAX_RATE * 100,
    `taxRate must be a percentage from 0 to ${MAX_TAX_RATE}`,
  ),
  taxInclusive: z.boolean('taxInclusive must be true or false'),
  minimumOrder: amount('minimumOrder'),
  version: EditVersion.optional(),
});
export type UpdateShopSettingsInput = z.input<typeof UpdateShopSettingsInput>;
export type UpdateShopSettings = z.output<typeof UpdateShopSettingsInput>;

/** The settings the totals depend on. */
export type TotalsSettings = Pick<
  ShopSettingsDto,
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

/** Refused because the subtotal is under the minimum order value (409, `details.reason`). */
export interface MinimumOrderDetails {
  reason: 'MINIMUM_ORDER';
  minimumOrder: string;
  subtotal: string;
}
