import { z } from 'zod';
import { CARD_DATA_MESSAGE, withoutCardNumber } from './payment-data';
import { PRODUCT_PAGE_MAX, SEARCH_MAX_LENGTH, STOREFRONT_PAGE_SIZE } from './product-paging';
import { MAX_CENTS, toCents } from './money';
import { CategoryDto } from './categories';
import { EditVersion } from './edit-version';
import { CLIENT_AMOUNT_DOC } from './openapi-meta';
import { PictureUrlInput } from './picture-url';
import { PRODUCT_MEASURE_DTO_SHAPE, PRODUCT_MEASURE_INPUT_SHAPE } from './measure-fields';
import {
  FoodFactsDetails,
  FoodFactsFilter,
  FoodFactsInput,
  FoodFactsSummary,
  checkFoodFacts,
} from './food-facts';

/** A price on the wire: a decimal string with 2 places. */
export const MoneyString = z
  .string()
  .regex(/^\d{1,8}\.\d{2}$/, 'Must be an amount with 2 decimals, like 12.50');

/** The storefront's product view (docs/product.md §3), for the public and customers. */
export const ProductDto = z.object({
  id: z.uuid(),
  name: z.string(),
  description: z.string().nullable(),
  price: MoneyString,
  unit: z.string(),
  stock: z.number().int(),
  imageUrl: z.string().nullable().optional(),
  categoryId: z.uuid().nullable(),
  /** The dietary labels 'organic' and 'gluten-free' (docs/product.md §3 fields, kept for callers of the spec). */
  isOrganic: z.boolean(),
  isGlutenFree: z.boolean(),
  /** Sold by the piece or by measure, its quantity limits and the unit price (measure-fields.ts). */
  ...PRODUCT_MEASURE_DTO_SHAPE,
  ...FoodFactsSummary.shape,
});
export type ProductDto = z.infer<typeof ProductDto>;

/** The product page's view: the card's fields and the food facts in full (issue 20). */
export const ProductDetailDto = ProductDto.extend(FoodFactsDetails.shape);
export type ProductDetailDto = z.infer<typeof ProductDetailDto>;

/** What staff who manage products read as well (docs/product.md §3 'Admin views'). */
export const AdminProductDto = ProductDetailDto.extend({
  sku: z.string(),
  lowStockThreshold: z.number().int(),
  isActive: z.boolean(),
  category: CategoryDto.pick({ id: true, name: true }).nullable(),
  createdAt: z.iso.datetime({ offset: true }),
  updatedAt: z.iso.datetime({ offset: true }),
  /** The edit version (edit-version.ts): sent back by the Edit Product dialog. */
  version: EditVersion,
});
export type AdminProductDto = z.infer<typeof AdminProductDto>;

/** Either view: the listing answers with the admin view to staff who manage products. */
export const ProductListItem = z.union([AdminProductDto, ProductDto]);
export type ProductListItem = z.infer<typeof ProductListItem>;

/** A whole number from JSON or from a query string ('20'). */
const count = (min: number, max: number) => z.coerce.number<number | string>().int().min(min).max(max);

/**
 * Query of the product listing. Every field is optional: without any, the whole catalogue.
 * Paging (in the listing's order, name then id): `limit` (1..100; without it, every match) and
 * either `cursor` — the id of the last product of the previous page — or `offset`.
 */
export const ProductListInput = z
  .strictObject({
    categoryId: z.uuid('categoryId must be a uuid').optional(),
    search: z.string().trim().max(SEARCH_MAX_LENGTH).optional(),
    limit: count(1, PRODUCT_PAGE_MAX).optional(),
    cursor: z.uuid('cursor must be the id of the last product of the previous page').optional(),
    offset: count(0, 1_000_000).meta({ description: 'Not together with cursor' }).optional(),
  })
  .refine((input) => input.cursor === undefined || input.offset === undefined, {
    message: 'Send cursor or offset, not both',
    path: ['offset'],
  })
  .optional();
export type ProductListInput = z.infer<typeof ProductListInput>;

/** The storefront's search and category filter (`products.page`), paged by keyset cursor. */
export const ProductPageInput = z.strictObject({
  categoryId: z.uuid('categoryId must be a uuid').optional(),
  search: z.string().trim().max(SEARCH_MAX_LENGTH).optional(),
  ...FoodFactsFilter.shape,
  limit: count(1, PRODUCT_PAGE_MAX).default(STOREFRONT_PAGE_SIZE),
  // React Query's infinite queries send null for the first page.
  cursor: z.uuid('cursor must be the id of the last product of the previous page').nullish(),
  // Sent by tRPC's infinite queries; pages only go forward.
  direction: z.literal('forward').optional(),
});
export type ProductPageInput = z.infer<typeof ProductPageInput>;

export const ProductPage = z.object({
  items: z.array(z.strictObject(ProductDto.shape)),
  /** How many active products match the filter, over all pages. */
  total: z.number().int().min(0),
  nextCursor: z.uuid().nullable(),
});
export type ProductPage = z.infer<typeof ProductPage>;

/** `products.facets`: the storefront's filter without paging; answers how many each option shows. */
export const ProductFacetsInput = z.strictObject({
  categoryId: z.uuid('categoryId must be a uuid').optional(),
  search: z.string().trim().max(SEARCH_MAX_LENGTH).optional(),
  ...FoodFactsFilter.shape,
});
export type ProductFacetsInput = z.infer<typeof ProductFacetsInput>;

/** The staff product screens (admin Products, Inventory) a page at a time: `products.adminPage`. */
export const ADMIN_PRODUCT_PAGE_SIZE = 50;

export const AdminProductPageInput = z.strictObject({
  /** Over name, SKU and category name. */
  search: z.string().trim().max(SEARCH_MAX_LENGTH).optional(),
  categoryId: z.uuid('categoryId must be a uuid').optional(),
  /** Only products at or under their low-stock threshold. */
  lowStockOnly: z.boolean().optional(),
  /** Active products only, inactive (hidden from shoppers) only, or both (the default). */
  status: z.enum(['all', 'active', 'inactive']).optional(),
  page: count(1, 1_000_000).default(1),
  pageSize: count(1, PRODUCT_PAGE_MAX).default(ADMIN_PRODUCT_PAGE_SIZE),
});
export type AdminProductPageInput = z.input<typeof AdminProductPageInput>;
export type AdminProductPageQuery = z.output<typeof AdminProductPageInput>;

export const AdminProductPageDto = z.object({
  items: z.array(AdminProductDto),
  /** Products matching the filter, over all pages. */
  total: z.number().int().min(0),
  page: z.number().int().min(1),
  pageSize: z.number().int().min(1),
});
export type AdminProductPageDto = z.infer<typeof AdminProductPageDto>;

export const ProductIdInput = z.strictObject({ id: z.uuid('id must be a uuid') });

/** docs/product.md §5 product form messages: the web form and the server say the same words. */
export const PRODUCT_MESSAGES = {
  name: 'Name is required',
  description: 'Description is required',
  price: 'Price must be positive',
  stock: 'Stock must be positive',
  categoryId: 'Category is required',
} as const;

const price = z
  .union([z.string(), z.number()], PRODUCT_MESSAGES.price)
  .refine((value) => {
    const cents = toCents(value);
    return cents !== null && cents >= 0 && cents <= MAX_CENTS;
  }, PRODUCT_MESSAGES.price)
  .meta(CLIENT_AMOUNT_DOC)
  .transform((value) => toCents(value) as number);

/**
 * The product form's fields (docs/product.md §7 POST/PUT /api/products), before the checks across
 * fields: `ProductInput` and `ProductUpdateInput` build on it. Price arrives as string or number.
 */
export const ProductFields = z.strictObject({
  // A missing field gets the same message as an empty one.
  name: z
    .string(PRODUCT_MESSAGES.name)
    .trim()
    .min(1, PRODUCT_MESSAGES.name)
    .max(200)
    .refine(withoutCardNumber, CARD_DATA_MESSAGE),
  description: z
    .string(PRODUCT_MESSAGES.description)
    .trim()
    .min(1, PRODUCT_MESSAGES.description)
    .max(2000)
    .refine(withoutCardNumber, CARD_DATA_MESSAGE),
  price,
  unit: z
    .string()
    .trim()
    .min(1, 'Unit is required')
    .max(40, 'Unit must be at most 40 characters')
    .refine(withoutCardNumber, CARD_DATA_MESSAGE)
    .default('each'),
  stock: z.number(PRODUCT_MESSAGES.stock).int().min(0, PRODUCT_MESSAGES.stock).max(1_000_000_000),
  categoryId: z.uuid(PRODUCT_MESSAGES.categoryId),
  imageUrl: PictureUrlInput.optional(),
  /** The labels 'organic' and 'gluten-free' by their spec names; unsent, the product's stay as they are. */
  isOrganic: z.boolean().optional(),
  isGlutenFree: z.boolean().optional(),
  lowStockThreshold: z.number().int().min(0).max(1_000_000_000).default(10),
  sku: z.string().trim().min(1).max(64).optional(),
  isActive: z.boolean().default(true),
  /** Sold by the piece or by measure (issue 20 part B); checked together by `measureIssues`. */
  ...PRODUCT_MEASURE_INPUT_SHAPE,
  ...FoodFactsInput.shape,
});

/** Product create body (POST /api/products). */
export const ProductInput = ProductFields.superRefine(checkFoodFacts);
export type ProductInput = z.input<typeof ProductInput>;
