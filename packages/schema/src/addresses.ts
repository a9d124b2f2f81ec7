/**
 * Saved delivery addresses (docs/product.md §3 user_addresses, §5 address form, §7 /api/user/addresses).
 * The server keeps exactly one default whenever a user has addresses.
 */
import { z } from 'zod';
import { CARD_DATA_MESSAGE, withoutCardNumber } from './payment-data';

export const DEFAULT_COUNTRY = 'US';

/** Column sizes of user_addresses. */
export const ADDRESS_LIMITS = {
  title: 100,
  street: 255,
  city: 100,
  state: 100,
  zipCode: 20,
  country: 100,
} as const;

/** A user may keep this many addresses. */
export const MAX_ADDRESSES_PER_USER = 50;

const LABELS: Record<keyof typeof ADDRESS_LIMITS, string> = {
  title: 'Title',
  street: 'Street',
  city: 'City',
  state: 'State',
  zipCode: 'ZIP code',
  country: 'Country',
};

const requiredText = (field: keyof typeof ADDRESS_LIMITS) =>
  z
    .string(`${LABELS[field]} is required`)
    .trim()
    .min(1, `${LABELS[field]} is required`)
    .max(ADDRESS_LIMITS[field], `${LABELS[field]} must be at most ${ADDRESS_LIMITS[field]} characters`)
    .refine(withoutCardNumber, CARD_DATA_MESSAGE);

const addressFields = {
  title: requiredText('title'),
  street: requiredText('street'),
  city: requiredText('city'),
  state: requiredText('state'),
  zipCode: requiredText('zipCode'),
  country: requiredText('country'),
  isDefault: z.boolean('isDefault must be true or false'),
};

/** POST /api/user/addresses: all fields required but country ('US') and isDefault (false). */
export const AddressInput = z.strictObject({
  ...addressFields,
  country: addressFields.country.default(DEFAULT_COUNTRY),
  isDefault: addressFields.isDefault.default(false),
});
export type AddressInput = z.input<typeof AddressInput>;

/** The address form's values as the web edits them. */
export type AddressFormValues = z.output<typeof AddressInput>;

/** PATCH /api/user/addresses/:id: any of the fields; the id comes from the path. */
export const AddressUpdateInput = z.strictObject({
  id: z.uuid('id must be a uuid'),
  ...z.strictObject(addressFields).partial().shape,
});
export type AddressUpdateInput = z.infer<typeof AddressUpdateInput>;

export const AddressIdInput = z.strictObject({ id: z.uuid('id must be a uuid') });
export type AddressIdInput = z.infer<typeof AddressIdInput>;

/** An address as the screens read it (docs/product.md §7). */
export const AddressDto = z.object({
  id: z.uuid(),
  title: z.string(),
  street: z.string(),
  city: z.string(),
  state: z.string(),
  zipCode: z.string(),
  country: z.string(),
  isDefault: z.boolean(),
  createdAt: z.iso.datetime({ offset: true }),
  updatedAt: z.iso.datetime({ offset: true }),
});
export type AddressDto = z.infer<typeof AddressDto>;

export { formatAddress } from './address-format';
