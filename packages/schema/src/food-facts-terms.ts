/**
 * Allergens and dietary labels (issue 20): the values and the words shoppers read, free of zod so
 * the storefront's first load (cards, filters) can use them without the validation library.
 *
 * Allergens: the 14 of EU Regulation 1169/2011 Annex II, plus wheat, which the US lists apart
 * (FALCPA's 8 and sesame from the FASTER Act 2021 make the US 9: milk, eggs, fish, crustacean
 * shellfish, tree nuts, peanuts, wheat, soybeans, sesame). Wheat is also one of the EU's "cereals
 * containing gluten": a wheat product names both.
 */
export const ALLERGENS = [
  'celery',
  'gluten',
  'wheat',
  'crustaceans',
  'eggs',
  'fish',
  'lupin',
  'milk',
  'molluscs',
  'mustard',
  'tree-nuts',
  'peanuts',
  'sesame',
  'soybeans',
  'sulphites',
] as const;

export const ALLERGEN_LABELS: Readonly<Record<(typeof ALLERGENS)[number], string>> = {
  celery: 'Celery',
  gluten: 'Cereals containing gluten',
  wheat: 'Wheat',
  crustaceans: 'Crustaceans',
  eggs: 'Eggs',
  fish: 'Fish',
  lupin: 'Lupin',
  milk: 'Milk',
  molluscs: 'Molluscs',
  mustard: 'Mustard',
  'tree-nuts': 'Tree nuts',
  peanuts: 'Peanuts',
  sesame: 'Sesame',
  soybeans: 'Soybeans',
  sulphites: 'Sulphur dioxide and sulphites',
};

/** Dietary labels a product may carry; organic and gluten-free were the booleans before issue 20. */
export const DIETARY_LABELS = [
  'vegan',
  'vegetarian',
  'gluten-free',
  'lactose-free',
  'organic',
  'halal',
  'kosher',
] as const;

export const DIETARY_LABEL_NAMES: Readonly<Record<(typeof DIETARY_LABELS)[number], string>> = {
  vegan: 'Vegan',
  vegetarian: 'Vegetarian',
  'gluten-free': 'Gluten-free',
  'lactose-free': 'Lactose-free',
  organic: 'Organic',
  halal: 'Halal',
  kosher: 'Kosher',
};

/**
 * "Free from" an allergen means the product neither contains it nor may contain it (a trace
 * warning): someone who avoids peanuts avoids "may contain peanuts" too. The server's filter
 * (apps/api product.repository.ts) and the storefront say the same.
 */
export function isFreeFrom(
  product: { allergens: readonly string[]; mayContain: readonly string[] },
  allergens: readonly string[],
): boolean {
  return allergens.every((a) => !product.allergens.includes(a) && !product.mayContain.includes(a));
}

/** The nutrition declaration's rows (Regulation 1169/2011 Annex XV order), per 100 g or 100 ml. */
export const NUTRIENTS = [
  { key: 'energyKj', label: 'Energy', unit: 'kJ' },
  { key: 'energyKcal', label: 'Energy', unit: 'kcal' },
  { key: 'fat', label: 'Fat', unit: 'g' },
  { key: 'saturates', label: 'of which saturates', unit: 'g' },
  { key: 'carbohydrate', label: 'Carbohydrate', unit: 'g' },
  { key: 'sugars', label: 'of which sugars', unit: 'g' },
  { key: 'protein', label: 'Protein', unit: 'g' },
  { key: 'salt', label: 'Salt', unit: 'g' },
] as const;
export type NutrientKey = (typeof NUTRIENTS)[number]['key'];

/** The storefront URL parameters of the filters: `/?free=peanuts,milk&diet=vegan`. */
export const FREE_FROM_PARAM = 'free';
export const DIET_PARAM = 'diet';
