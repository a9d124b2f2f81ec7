/**
 * The product catalogue as CSV (issue 9): one row per product, keyed by SKU, the category by name.
 * Export writes these columns in this order; import reads them by header, checks every row with the
 * product schema (the same field rules as the product form) and writes nothing unless all are valid.
 */
import { z } from 'zod';
import { ProductFields } from './products';
import { PictureUrlInput } from './picture-url';
import { AllergenSet, DietaryLabelSet, FoodFactsInput, Nutrition, checkFoodFacts } from './food-facts';

export const PRODUCT_CSV_COLUMNS = [
  'sku',
  'name',
  'description',
  'category',
  'price',
  'unit',
  'stock',
  'low_stock_threshold',
  'is_organic',
  'is_gluten_free',
  'is_active',
  'image_url',
] as const;

/**
 * The food facts block (issue 20), after the columns above. Optional in an import: a file without
 * a column leaves that fact of each product as it is (a file made before issue 20 still imports).
 * Lists are separated by semicolons (`milk;eggs`); the nutrition columns go together, all or none;
 * a row whose nutrition cells are all empty has no declaration.
 */
export const FOOD_FACTS_CSV_COLUMNS = [
  'allergens',
  'may_contain',
  'dietary_labels',
  'ingredients',
  'origin',
  'storage',
  'nutrition_basis',
  'energy_kj',
  'energy_kcal',
  'fat_g',
  'saturates_g',
  'carbohydrate_g',
  'sugars_g',
  'protein_g',
  'salt_g',
] as const;
export const NUTRITION_CSV_COLUMNS = FOOD_FACTS_CSV_COLUMNS.slice(6);

/** Every column an export writes, in order. */
export const PRODUCT_CSV_EXPORT_COLUMNS = [...PRODUCT_CSV_COLUMNS, ...FOOD_FACTS_CSV_COLUMNS] as const;
export type ProductCsvColumn = (typeof PRODUCT_CSV_EXPORT_COLUMNS)[number];

/**
 * CSV formula injection (OWASP): a spreadsheet runs a cell that starts with = + - @ (or a tab or
 * carriage return before one) as a formula, so a product named `=HYPERLINK(…)` could act when staff
 * open the export. Such a cell is written with a leading apostrophe, which spreadsheets show as
 * text; a leading apostrophe itself is escaped the same way, so the import's reversal is exact for
 * every value: export(v) → import gives v back.
 */
const FORMULA_START = /^[=+\-@\t\r']/;

export function neutraliseCsvFormula(cell: string): string {
  return FORMULA_START.test(cell) ? `'${cell}` : cell;
}

export function restoreCsvFormula(cell: string): string {
  return cell.startsWith("'") && FORMULA_START.test(cell.slice(1)) ? cell.slice(1) : cell;
}

/** Largest CSV the import accepts; 10,000 products take about 2 MB. */
export const PRODUCT_CSV_MAX_BYTES = 10 * 1024 * 1024;
/** Most products one import takes (twice the largest catalogue the shop is measured with). */
export const PRODUCT_CSV_MAX_ROWS = 20_000;
/** Row errors listed in one answer; the message says how many there were in all. */
export const PRODUCT_CSV_MAX_ISSUES = 100;

export const PRODUCT_CSV_MESSAGES = {
  tooLarge: `The file is too large: the limit is ${PRODUCT_CSV_MAX_BYTES / 1024 / 1024} MB`,
  notUtf8: 'The file is not UTF-8 text: save it as CSV UTF-8 and try again',
  empty: 'The file has no products',
  tooManyRows: `The file has too many products: the limit is ${PRODUCT_CSV_MAX_ROWS.toLocaleString('en-US')} rows per import`,
  contentType: 'Content-Type must be text/csv',
  wholeNumber: 'Must be a whole number, like 12',
  yesNo: 'Must be true or false',
  sku: 'SKU is required',
  invalidRows: (count: number) =>
    `${count} ${count === 1 ? 'row is' : 'rows are'} invalid: nothing was imported`,
  duplicateSku: (sku: string, row: number) => `SKU ${sku} is also on row ${row}`,
  unknownCategory: (name: string) =>
    `Unknown category "${name}" (import with createCategories=true to create it)`,
  createCategoriesFlag: 'createCategories must be true or false',
  categoryGone: (name: string) => `Category "${name}" was deleted during the import: nothing was imported`,
  missingColumns: (columns: string[]) => `Missing columns: ${columns.join(', ')}`,
  number: 'Must be a number, like 4.5',
  unknownColumns: (columns: string[]) => `Unknown columns: ${columns.join(', ')}`,
} as const;

const wholeNumber = (field: z.ZodNumber) =>
  z.string().trim().regex(/^\d+$/, PRODUCT_CSV_MESSAGES.wholeNumber).transform(Number).pipe(field);

const yesNo = z
  .string()
  .trim()
  .toLowerCase()
  .refine((value) => ['true', 'false', 'yes', 'no', '1', '0'].includes(value), PRODUCT_CSV_MESSAGES.yesNo)
  .transform((value) => value === 'true' || value === 'yes' || value === '1');

const fields = ProductFields.shape;

/** 'milk; Eggs' → ['milk', 'eggs']; an empty cell is an empty list. */
const csvList = (set: typeof AllergenSet | typeof DietaryLabelSet) =>
  z
    .string()
    .transform((cell) =>
      cell
        .split(/[;,]/)
        .map((item) => item.trim().toLowerCase())
        .filter(Boolean),
    )
    .pipe(set);

const decimalCell = z
  .string()
  .trim()
  .regex(/^\d+(\.\d+)?$/, PRODUCT_CSV_MESSAGES.number)
  .transform(Number);

/** The nutrition cells: all empty → no declaration; else every one, checked like the form's. */
function nutritionFromCells(row: Record<string, string | undefined>, ctx: z.RefinementCtx) {
  const cells = NUTRITION_CSV_COLUMNS.map((column) => row[column]?.trim() ?? '');
  if (cells.every((cell) => cell === '')) return null;
  const [basis, ...numbers] = cells;
  const parsed = Nutrition.safeParse({
    basis: basis?.toLowerCase().replace(/^100\s*/, ''),
    ...Object.fromEntries(
      ['energyKj', 'energyKcal', 'fat', 'saturates', 'carbohydrate', 'sugars', 'protein', 'salt'].map(
        (key, i) => {
          const number = decimalCell.safeParse(numbers[i] ?? '');
          return [key, number.success ? number.data : undefined];
        },
      ),
    ),
  });
  if (parsed.success) return parsed.data;
  const columnOf: Record<string, string> = {
    basis: 'nutrition_basis',
    energyKj: 'energy_kj',
    energyKcal: 'energy_kcal',
    fat: 'fat_g',
    saturates: 'saturates_g',
    carbohydrate: 'carbohydrate_g',
    sugars: 'sugars_g',
    protein: 'protein_g',
    salt: 'salt_g',
  };
  for (const issue of parsed.error.issues) {
    const column = columnOf[String(issue.path[0])] ?? 'nutrition';
    const missing = (row[column]?.trim() ?? '') === '' || issue.code === 'invalid_type';
    ctx.addIssue({
      code: 'custom',
      path: [column],
      message: missing && issue.code === 'invalid_type' ? PRODUCT_CSV_MESSAGES.number : issue.message,
    });
  }
  return null;
}

/** One CSV row (every cell a string) → a product, with the product form's rules and messages. */
export const ProductCsvRow = z
  .object({
    sku: z.string().trim().min(1, PRODUCT_CSV_MESSAGES.sku).max(64),
    name: fields.name,
    description: fields.description,
    category: z.string().trim().min(1, 'Category is required'),
    price: fields.price,
    unit: fields.unit,
    stock: wholeNumber(fields.stock),
    low_stock_threshold: wholeNumber(z.number().int().min(0).max(1_000_000_000)),
    is_organic: yesNo,
    is_gluten_free: yesNo,
    is_active: yesNo,
    image_url: PictureUrlInput,
    // The food facts block: absent columns are undefined (the product keeps those facts).
    allergens: csvList(AllergenSet).optional(),
    may_contain: csvList(AllergenSet).optional(),
    dietary_labels: csvList(DietaryLabelSet).optional(),
    ingredients: FoodFactsInput.shape.ingredients,
    origin: FoodFactsInput.shape.origin,
    storage: FoodFactsInput.shape.storage,
    ...Object.fromEntries(NUTRITION_CSV_COLUMNS.map((column) => [column, z.string().optional()])),
  })
  .transform((row, ctx) => ({
    sku: row.sku,
    name: row.name,
    description: row.description,
    categoryName: row.category,
    priceCents: row.price,
    unit: row.unit,
    stock: row.stock,
    lowStockThreshold: row.low_stock_threshold,
    isOrganic: row.is_organic,
    isGlutenFree: row.is_gluten_free,
    isActive: row.is_active,
    imageUrl: row.image_url,
    allergens: row.allergens,
    mayContain: row.may_contain,
    dietaryLabels: row.dietary_labels,
    ingredients: row.ingredients,
    origin: row.origin,
    storage: row.storage,
    nutrition:
      (row as Record<string, unknown>)['nutrition_basis'] === undefined
        ? undefined
        : nutritionFromCells(row as unknown as Record<string, string | undefined>, ctx),
  }))
  .superRefine((row, ctx) => checkFoodFacts(row, ctx, CSV_NAMES));

/** The CSV's names of the fields the checks across food facts name. */
const CSV_NAMES: Record<string, string> = {
  mayContain: 'may_contain',
  dietaryLabels: 'dietary_labels',
  isOrganic: 'is_organic',
  isGlutenFree: 'is_gluten_free',
};
export type ProductCsvRow = z.output<typeof ProductCsvRow>;

/** What an import did. */
export const ProductImportResult = z.object({
  rows: z.number().int(),
  created: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
  /** Products whose stock level the import changed (each one a row in the stock ledger). */
  stockChanges: z.number().int(),
  /** Categories the import created (only with `createCategories=true`), by name. */
  categoriesCreated: z.array(z.string()),
});
export type ProductImportResult = z.infer<typeof ProductImportResult>;
