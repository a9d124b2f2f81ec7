/**
 * Food facts of a product (issue 20): allergens ("contains" and "may contain" kept apart), dietary
 * labels, ingredients, the nutrition declaration per 100 g or 100 ml, origin and storage. The
 * product form, the CSV import and the api check them with these schemas and these messages.
 */
import { z } from 'zod';
import { ALLERGENS, ALLERGEN_LABELS, DIETARY_LABELS, DIETARY_LABEL_NAMES } from './food-facts-terms';
import { CARD_DATA_MESSAGE, withoutCardNumber } from './payment-data';

export const FOOD_FACTS_MESSAGES = {
  allergen: `Allergen must be one of: ${ALLERGENS.join(', ')}`,
  dietaryLabel: `Dietary label must be one of: ${DIETARY_LABELS.join(', ')}`,
  containsAndMayContain: (allergen: string) =>
    `${ALLERGEN_LABELS[allergen as keyof typeof ALLERGEN_LABELS] ?? allergen} is either contained or may be contained, not both`,
  labelContradicts: (label: string, allergen: string) =>
    `A ${DIETARY_LABEL_NAMES[label as keyof typeof DIETARY_LABEL_NAMES] ?? label} product cannot contain ${(
      ALLERGEN_LABELS[allergen as keyof typeof ALLERGEN_LABELS] ?? allergen
    ).toLowerCase()}`,
  nutrient: 'Must be a number of at least 0',
  grams: 'Cannot be more than 100 g per 100 g',
  energyKj: 'Energy cannot be more than 3,800 kJ per 100 g',
  energyKcal: 'Energy cannot be more than 900 kcal per 100 g',
  saturates: 'Saturates cannot be more than fat',
  sugars: 'Sugars cannot be more than carbohydrate',
  basis: 'Nutrition is per 100 g or per 100 ml',
  labelFlag: (field: string) => `${field} disagrees with dietaryLabels`,
  ingredients: 'Ingredients must be at most 2000 characters',
  origin: 'Origin must be at most 100 characters',
  storage: 'Storage instructions must be at most 500 characters',
} as const;

export const Allergen = z.enum(ALLERGENS, FOOD_FACTS_MESSAGES.allergen);
export type Allergen = (typeof ALLERGENS)[number];
export const DietaryLabel = z.enum(DIETARY_LABELS, FOOD_FACTS_MESSAGES.dietaryLabel);
export type DietaryLabel = (typeof DIETARY_LABELS)[number];

/** A set, stored and sent in the catalogue's order (so two spellings of one set are one value). */
function orderedSet<T extends string>(item: z.ZodEnum<Record<T, T>>, order: readonly T[]) {
  return z
    .array(item)
    .max(order.length)
    .transform((values) => order.filter((value) => values.includes(value)));
}
export const AllergenSet = orderedSet(Allergen as unknown as z.ZodEnum<Record<string, string>>, ALLERGENS);
export const DietaryLabelSet = orderedSet(
  DietaryLabel as unknown as z.ZodEnum<Record<string, string>>,
  DIETARY_LABELS,
);

const nutrient = (max: number, message: string) =>
  z.number(FOOD_FACTS_MESSAGES.nutrient).min(0, FOOD_FACTS_MESSAGES.nutrient).max(max, message);
const grams = () => nutrient(100, FOOD_FACTS_MESSAGES.grams);

/** The nutrition declaration per 100 g (`basis: 'g'`) or per 100 ml (`'ml'`). */
export const Nutrition = z
  .strictObject({
    basis: z.enum(['g', 'ml'], FOOD_FACTS_MESSAGES.basis),
    energyKj: nutrient(3800, FOOD_FACTS_MESSAGES.energyKj),
    energyKcal: nutrient(900, FOOD_FACTS_MESSAGES.energyKcal),
    fat: grams(),
    saturates: grams(),
    carbohydrate: grams(),
    sugars: grams(),
    protein: grams(),
    salt: grams(),
  })
  .refine((n) => n.saturates <= n.fat, { message: FOOD_FACTS_MESSAGES.saturates, path: ['saturates'] })
  .refine((n) => n.sugars <= n.carbohydrate, { message: FOOD_FACTS_MESSAGES.sugars, path: ['sugars'] });
export type Nutrition = z.infer<typeof Nutrition>;

/** Allergens a labelled product cannot contain: the label would be false. */
const LABEL_EXCLUDES: Record<string, readonly string[]> = {
  vegan: ['milk', 'eggs', 'fish', 'crustaceans', 'molluscs'],
  vegetarian: ['fish', 'crustaceans', 'molluscs'],
  'gluten-free': ['gluten', 'wheat'],
};

/** Optional text: trimmed, empty means none. */
const optionalText = (max: number, message: string) =>
  z
    .string()
    .trim()
    .max(max, message)
    .refine(withoutCardNumber, CARD_DATA_MESSAGE)
    .transform((value) => value || null)
    .nullable();

/**
 * The food facts fields of the product form (POST/PUT /api/products and the CSV import). Each is
 * optional: a caller that knows nothing of them (the spec's form) leaves them as they are.
 */
export const FoodFactsInput = z.object({
  allergens: AllergenSet.optional(),
  mayContain: AllergenSet.optional(),
  dietaryLabels: DietaryLabelSet.optional(),
  ingredients: optionalText(2000, FOOD_FACTS_MESSAGES.ingredients).optional(),
  nutrition: Nutrition.nullable().optional(),
  origin: optionalText(100, FOOD_FACTS_MESSAGES.origin).optional(),
  storage: optionalText(500, FOOD_FACTS_MESSAGES.storage).optional(),
});
export type FoodFactsInput = z.output<typeof FoodFactsInput>;

/** The checks across food facts fields, added to whichever object schema holds them. */
export function checkFoodFacts(
  value: FoodFactsInput & { isOrganic?: boolean; isGlutenFree?: boolean },
  ctx: z.RefinementCtx,
  /** The caller's names of the fields (the CSV's columns), when not the form's. */
  names: Record<string, string> = {},
): void {
  const name = (field: string) => names[field] ?? field;
  for (const allergen of value.mayContain ?? []) {
    if (value.allergens?.includes(allergen))
      ctx.addIssue({
        code: 'custom',
        path: [name('mayContain')],
        message: FOOD_FACTS_MESSAGES.containsAndMayContain(allergen),
      });
  }
  for (const label of value.dietaryLabels ?? []) {
    const contradiction = LABEL_EXCLUDES[label]?.find((allergen) => value.allergens?.includes(allergen));
    if (contradiction)
      ctx.addIssue({
        code: 'custom',
        path: [name('dietaryLabels')],
        message: FOOD_FACTS_MESSAGES.labelContradicts(label, contradiction),
      });
  }
  if (value.dietaryLabels) {
    const flags = [
      ['isOrganic', 'organic', value.isOrganic],
      ['isGlutenFree', 'gluten-free', value.isGlutenFree],
    ] as const;
    for (const [field, label, flag] of flags) {
      if (flag !== undefined && flag !== value.dietaryLabels.includes(label))
        ctx.addIssue({
          code: 'custom',
          path: [name(field)],
          message: FOOD_FACTS_MESSAGES.labelFlag(name(field)).replace('dietaryLabels', name('dietaryLabels')),
        });
    }
  }
}

/** What a storefront card shows: the allergens and labels as compact badges. */
export const FoodFactsSummary = z.object({
  allergens: z.array(Allergen),
  mayContain: z.array(Allergen),
  dietaryLabels: z.array(DietaryLabel),
});

/** The rest, on the product page and in the staff form. */
export const FoodFactsDetails = z.object({
  ingredients: z.string().nullable(),
  nutrition: Nutrition.nullable(),
  origin: z.string().nullable(),
  storage: z.string().nullable(),
});

/** The storefront's filters: free from these allergens, carrying all these labels. */
export const FoodFactsFilter = z.object({
  freeFrom: z.array(Allergen).max(ALLERGENS.length).optional(),
  dietaryLabels: z.array(DietaryLabel).max(DIETARY_LABELS.length).optional(),
});

/** How many products each option would show, together with the filters already chosen. */
export const FacetCounts = z.object({
  /** Products matching the whole filter (every option chosen). */
  total: z.number().int().min(0),
  freeFrom: z.record(Allergen, z.number().int().min(0)),
  dietaryLabels: z.record(DietaryLabel, z.number().int().min(0)),
});
export type FacetCounts = z.infer<typeof FacetCounts>;

/**
 * A product's labels after a caller that speaks the spec's booleans (isOrganic, isGlutenFree, or
 * the CSV's is_organic, is_gluten_free) set them: each flag sent adds or removes its label, the
 * other labels stay. In the catalogue's order.
 */
export function applyLabelFlags(
  labels: readonly string[],
  flags: { isOrganic?: boolean; isGlutenFree?: boolean },
): DietaryLabel[] {
  const set = new Set(labels);
  const flagged = [
    ['organic', flags.isOrganic],
    ['gluten-free', flags.isGlutenFree],
  ] as const;
  for (const [label, flag] of flagged) {
    if (flag === true) set.add(label);
    if (flag === false) set.delete(label);
  }
  return DIETARY_LABELS.filter((label) => set.has(label));
}
