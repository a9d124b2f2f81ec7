import { z } from 'zod';
import { CARD_DATA_MESSAGE, withoutCardNumber } from './payment-data';
import { EditVersion } from './edit-version';
import { PictureUrlInput } from './picture-url';

/** The spec's category (docs/product.md §3): what GET /api/categories answers, active ones only. */
export const CategoryDto = z.object({
  id: z.uuid(),
  name: z.string(),
  description: z.string().nullable(),
  createdAt: z.iso.datetime({ offset: true }),
});
export type CategoryDto = z.infer<typeof CategoryDto>;

/** The storefront's category card (tRPC `categories.storefront`): the spec's fields and the picture. */
export const StorefrontCategoryDto = CategoryDto.extend({
  imageUrl: z.string().nullable(),
});
export type StorefrontCategoryDto = z.infer<typeof StorefrontCategoryDto>;

/**
 * What Admin → Categories reads (issue 19 item 1): every category, inactive ones included, with its
 * place on the storefront, how many products it holds and its edit version (edit-version.ts).
 */
export const AdminCategoryDto = CategoryDto.extend({
  imageUrl: z.string().nullable(),
  /** The storefront lists categories by position, then name. */
  position: z.number().int(),
  isActive: z.boolean(),
  productCount: z.number().int().min(0),
  updatedAt: z.iso.datetime({ offset: true }),
  version: EditVersion,
});
export type AdminCategoryDto = z.infer<typeof AdminCategoryDto>;

export const CATEGORY_MESSAGES = {
  name: 'Name is required',
  nameTaken: (name: string) => `A category named ${name} already exists`,
  notFound: 'Category not found',
  moveTarget: 'Choose another category to move the products to',
  moveTargetMissing: 'The category to move the products to does not exist',
  stillHasProducts: (name: string, count: number) =>
    `${name} still holds ${count} ${count === 1 ? 'product' : 'products'}. Move ${count === 1 ? 'it' : 'them'} to another category or delete ${count === 1 ? 'it' : 'them'} first.`,
  reorderStale: 'The categories changed while you were ordering them. Reload and try again.',
  created: 'Category created',
  updated: 'Category updated',
  deleted: 'Category deleted',
} as const;

const name = z
  .string(CATEGORY_MESSAGES.name)
  .trim()
  .min(1, CATEGORY_MESSAGES.name)
  .max(100, 'Name must be at most 100 characters')
  .refine(withoutCardNumber, CARD_DATA_MESSAGE);
const description = z
  .string()
  .trim()
  .max(2000, 'Description must be at most 2000 characters')
  .refine(withoutCardNumber, CARD_DATA_MESSAGE)
  .nullable()
  .transform((value) => value || null);

export const CategoryInput = z.strictObject({
  name,
  description: description.optional().transform((value) => value ?? null),
  imageUrl: PictureUrlInput.optional().transform((value) => value ?? null),
  isActive: z.boolean().default(true),
});
export type CategoryInput = z.input<typeof CategoryInput>;

/** PATCH /api/categories/:id: the fields sent change; `version` (the one the form loaded) guards the edit. */
export const CategoryUpdateInput = z.strictObject({
  id: z.uuid('id must be a uuid'),
  name: name.optional(),
  description: description.optional(),
  imageUrl: PictureUrlInput.optional(),
  isActive: z.boolean().optional(),
  version: EditVersion.optional(),
});
export type CategoryUpdateInput = z.input<typeof CategoryUpdateInput>;

export const CategoryIdInput = z.strictObject({ id: z.uuid('id must be a uuid') });

/**
 * DELETE /api/categories/:id: a category holding products is refused (409 with the count) unless
 * `moveProductsTo` names another category, which then receives them in the same transaction.
 */
export const CategoryDeleteInput = z.strictObject({
  id: z.uuid('id must be a uuid'),
  moveProductsTo: z.uuid('moveProductsTo must be a uuid').optional(),
});
export type CategoryDeleteInput = z.input<typeof CategoryDeleteInput>;

export const CategoryDeleteResult = z.object({
  id: z.uuid(),
  /** How many products went to `moveProductsTo`. */
  movedProducts: z.number().int().min(0),
  message: z.string(),
});
export type CategoryDeleteResult = z.infer<typeof CategoryDeleteResult>;

/**
 * PUT /api/categories/order: every category's id, in the storefront's order. A list that is not
 * exactly today's categories (one was added or deleted meanwhile) is refused with 409.
 */
export const CategoryOrderInput = z.strictObject({
  ids: z
    .array(z.uuid('ids must be uuids'))
    .max(1000)
    .refine((ids) => new Set(ids).size === ids.length, 'ids must not repeat'),
});
export type CategoryOrderInput = z.input<typeof CategoryOrderInput>;
