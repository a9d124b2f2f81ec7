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
import { CURRENCIES } from './settings-rules';
import { DefaultSubstitution } from './substitutions';

export const Currency = z.enum(CURRENCIES, `currency must be one of ${CURRENCIES.join(', ')}`);
export type Currency = z.infer<typeof Currency>;

export const SHOP_NAME_MAX_LENGTH = 100;
/** The highest tax rate, in percent. */
export const MAX_TAX_RATE = 100;

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
  /** What a line short at picking gets when the shopper did not choose (substitutions.ts). */
  defaultSubstitution: DefaultSubstitution,
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
  /** Kept as it is when absent (clients from before substitutions). */
  defaultSubstitution: DefaultSubstitution.optional(),
  version: EditVersion.optional(),
});
export type UpdateShopSettingsInput = z.input<typeof UpdateShopSettingsInput>;
export type UpdateShopSettings = z.output<typeof UpdateShopSettingsInput>;

/** Refused because the subtotal is under the minimum order value (409, `details.reason`). */
export interface MinimumOrderDetails {
  reason: 'MINIMUM_ORDER';
  minimumOrder: string;
  subtotal: string;
}
