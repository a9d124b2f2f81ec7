/**
 * Substitutions (issue 21 part 3; docs/substitutions.md): what happens to an order line that is
 * short at picking. The shopper chooses per line at checkout; lines that say nothing get the
 * shop's default (Admin → Settings).
 */
import { z } from 'zod';

export const SUBSTITUTIONS = ['similar', 'product', 'none'] as const;
export const Substitution = z.enum(SUBSTITUTIONS, 'substitution must be similar, product or none');
export type Substitution = z.infer<typeof Substitution>;

/** The shop-wide default: a chosen product makes no sense for every line. */
export const DEFAULT_SUBSTITUTIONS = ['similar', 'none'] as const;
export const DefaultSubstitution = z.enum(
  DEFAULT_SUBSTITUTIONS,
  'defaultSubstitution must be similar or none',
);
export type DefaultSubstitution = z.infer<typeof DefaultSubstitution>;

export const SUBSTITUTION_LABEL: Record<Substitution, string> = {
  similar: 'Substitute with a similar product',
  product: 'Substitute with a chosen product',
  none: 'No substitution',
};

export const SUBSTITUTION_MESSAGES = {
  productMissing: 'Choose the product to substitute with',
  productUnexpected: 'substituteProductId goes with substitution "product" only',
  sameProduct: 'A product cannot substitute for itself',
} as const;

/** What each order line says about substitution (shopper and staff views). */
export const ORDER_LINE_SUBSTITUTION_SHAPE = {
  substitution: Substitution,
  substituteProductId: z.uuid().nullable(),
  /** On a substitute line: the short line it replaces. */
  substituteFor: z.uuid().nullable(),
  /** Marked short at picking: not delivered and not charged. */
  short: z.boolean(),
};

/** Staff at picking: this line is short; apply the shopper's choice. */
export const MarkLineShortInput = z.strictObject({
  id: z.uuid('id must be a uuid'),
  itemId: z.uuid('itemId must be a uuid'),
});
export type MarkLineShortInput = z.infer<typeof MarkLineShortInput>;

export const SimilarProductsInput = z.strictObject({ productId: z.uuid('productId must be a uuid') });

/** A product that could stand in for another (checkout's choice, picking's 'similar'). */
export const SimilarProductDto = z.object({
  id: z.uuid(),
  name: z.string(),
  price: z.string(),
  unit: z.string(),
});
export type SimilarProductDto = z.infer<typeof SimilarProductDto>;

/** How many similar products checkout offers per line. */
export const SIMILAR_PRODUCTS_LIMIT = 5;
