/**
 * The products table in one place (docs/style.md "One repository module per aggregate"): its
 * columns, row type and row → DTO mappers, the storefront's filters, and every insert and update
 * the api makes. A new product field is added here (and in its migration and the schema's DTO).
 */
import { sellableStockSql } from '../inventory';
import type { EntityManager } from 'typeorm';
import {
  ALLERGENS,
  DIETARY_LABELS,
  type AdminProductDto,
  type Allergen,
  type DietaryLabel,
  type Nutrition,
  type ProductDetailDto,
  type ProductDto,
} from '@shop/schema';
import { NotFoundError } from '../../errors';
import { isUniqueViolation } from '../../sql/pg-errors';
import { preparedQuery } from '../../sql/prepared-query';
import { onSale } from './on-sale';
import { MEASURE_COLUMNS, toMeasureDto, type MeasureRow } from './product-measure';

/**
 * A products row as the queries below read it (with its category's name). How it is sold (by the
 * piece or by measure) is read and written by product-measure.ts, whose columns every read here takes.
 */
export interface ProductRow extends MeasureRow {
  id: string;
  name: string;
  description: string | null;
  price: string;
  unit: string;
  stock: number;
  image_url: string | null;
  category_id: string | null;
  allergens: Allergen[];
  may_contain: Allergen[];
  dietary_labels: DietaryLabel[];
  ingredients: string | null;
  nutrition: Nutrition | null;
  origin: string | null;
  storage: string | null;
  sku: string;
  low_stock_threshold: number;
  is_active: boolean;
  category_name: string | null;
  created_at: Date;
  updated_at: Date;
  version: number;
}

/** What a storefront card reads. */
export type StorefrontRow = Pick<
  ProductRow,
  | 'id'
  | 'name'
  | 'description'
  | 'price'
  | 'unit'
  | 'stock'
  | 'image_url'
  | 'category_id'
  | 'allergens'
  | 'may_contain'
  | 'dietary_labels'
  | keyof MeasureRow
>;

// Stock as it may be sold now: less any lot whose date has passed since the expiry job ran.
const STOREFRONT_COLUMNS = `p.id, p.name, p.description, p.price, p.unit, ${sellableStockSql('p')} AS stock, p.image_url, p.category_id,
         p.allergens, p.may_contain, p.dietary_labels, ${MEASURE_COLUMNS}`;
const DETAIL_COLUMNS = 'p.ingredients, p.nutrition, p.origin, p.storage';
const ADMIN_COLUMNS = `p.sku, p.low_stock_threshold, p.is_active, p.created_at, p.updated_at, p.version,
         c.name AS category_name`;

/** Every column, read from `source` (the table, or a search's matches aliased p). */
export const selectProducts = (source = 'products p') => `
  SELECT ${STOREFRONT_COLUMNS}, ${DETAIL_COLUMNS}, ${ADMIN_COLUMNS}
  FROM ${source}
  LEFT JOIN categories c ON c.id = p.category_id`;

/** The storefront card's columns only: no timestamps to parse, no admin fields (docs/benchmarks.md). */
export const selectStorefrontProducts = (source: string) => `
  SELECT ${STOREFRONT_COLUMNS}
  FROM ${source}`;

export function toProductDto(row: StorefrontRow): ProductDto {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    price: row.price,
    unit: row.unit,
    stock: row.stock,
    imageUrl: row.image_url,
    categoryId: row.category_id,
    // The spec's booleans are the labels (migration FoodFacts1766300000000).
    isOrganic: row.dietary_labels.includes('organic'),
    isGlutenFree: row.dietary_labels.includes('gluten-free'),
    allergens: row.allergens,
    mayContain: row.may_contain,
    dietaryLabels: row.dietary_labels,
    ...toMeasureDto(row),
  };
}

export function toProductDetailDto(row: ProductRow): ProductDetailDto {
  return {
    ...toProductDto(row),
    ingredients: row.ingredients,
    nutrition: row.nutrition,
    origin: row.origin,
    storage: row.storage,
  };
}

export function toAdminProductDto(row: ProductRow): AdminProductDto {
  return {
    ...toProductDetailDto(row),
    sku: row.sku,
    lowStockThreshold: row.low_stock_threshold,
    isActive: row.is_active,
    category: row.category_id && row.category_name ? { id: row.category_id, name: row.category_name } : null,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
    version: row.version,
  };
}

/**
 * One product, every column (through `db`: a transaction's manager inside one), or undefined;
 * `onSaleOnly`: only what shoppers may see (on-sale.ts).
 */
export async function findProductRow(
  db: EntityManager,
  id: string,
  options: { onSaleOnly?: boolean } = {},
): Promise<ProductRow | undefined> {
  // Prepared: the product page's read is hot, and planning was most of its cost (sql/prepared-query.ts).
  const [row] = await preparedQuery<ProductRow>(
    db,
    `${selectProducts()} WHERE p.id = $1 ${options.onSaleOnly ? `AND ${onSale('p')}` : ''}`,
    [id],
  );
  return row;
}

/**
 * The admin view of one product, read through `db` (a transaction's manager inside one: the
 * product writes answer with it, and an edit refused as outdated carries it as the current values).
 */
export async function readAdminProduct(db: EntityManager, id: string): Promise<AdminProductDto> {
  const row = await findProductRow(db, id);
  if (!row) throw new NotFoundError('Product');
  return toAdminProductDto(row);
}

/** The values the api writes to a products row: the DTO's names, price as a decimal string. */
export interface ProductValues {
  name: string;
  description: string | null;
  price: string;
  unit: string;
  stock: number;
  categoryId: string | null;
  imageUrl: string | null;
  lowStockThreshold: number;
  sku: string;
  isActive: boolean;
  allergens: readonly string[];
  mayContain: readonly string[];
  dietaryLabels: readonly string[];
  ingredients: string | null;
  nutrition: Nutrition | null;
  origin: string | null;
  storage: string | null;
}
export type ProductField = keyof ProductValues;

/**
 * Each value's column and SQL type. Lists and the nutrition declaration go through a bulk write
 * (`unnest`) as text and are cast back (`cast`): unnest cannot take an array of arrays.
 */
const COLUMNS: Record<ProductField, { column: string; type: string; cast?: string }> = {
  name: { column: 'name', type: 'text' },
  description: { column: 'description', type: 'text' },
  price: { column: 'price', type: 'numeric' },
  unit: { column: 'unit', type: 'text' },
  stock: { column: 'stock', type: 'int' },
  categoryId: { column: 'category_id', type: 'uuid' },
  imageUrl: { column: 'image_url', type: 'text' },
  lowStockThreshold: { column: 'low_stock_threshold', type: 'int' },
  sku: { column: 'sku', type: 'text' },
  isActive: { column: 'is_active', type: 'bool' },
  allergens: { column: 'allergens', type: 'text', cast: 'text[]' },
  mayContain: { column: 'may_contain', type: 'text', cast: 'text[]' },
  dietaryLabels: { column: 'dietary_labels', type: 'text', cast: 'text[]' },
  ingredients: { column: 'ingredients', type: 'text' },
  nutrition: { column: 'nutrition', type: 'text', cast: 'jsonb' },
  origin: { column: 'origin', type: 'text' },
  storage: { column: 'storage', type: 'text' },
};

/** The fields a staff form edits (all but stock): a change of one raises the edit version. */
export const EDITED_FIELDS: readonly ProductField[] = (Object.keys(COLUMNS) as ProductField[]).filter(
  (field) => field !== 'stock' && field !== 'sku',
);

/** A value as one parameter of a single-row write. */
function param(field: ProductField, value: unknown): unknown {
  if (field === 'nutrition') return value === null ? null : JSON.stringify(value);
  return value;
}

/** A value as one element of a bulk write's text array (lists as PostgreSQL array literals). */
function bulkParam(field: ProductField, value: unknown): unknown {
  if (COLUMNS[field].cast === 'text[]') return `{${(value as string[]).join(',')}}`;
  return param(field, value);
}

/** The unique constraint on SKU (initial migration). */
export const SKU_CONSTRAINT = 'UQ_c44ac33a05b144dd0d9ddcf9327';
export const isDuplicateSku = (error: unknown) => isUniqueViolation(error, SKU_CONSTRAINT);

/** Inserts a product; its food facts default to none when not given. Returns its id. */
export async function insertProduct(
  tx: EntityManager,
  values: Omit<
    ProductValues,
    'allergens' | 'mayContain' | 'dietaryLabels' | 'ingredients' | 'nutrition' | 'origin' | 'storage'
  > &
    Partial<ProductValues>,
): Promise<string> {
  const fields = (Object.keys(COLUMNS) as ProductField[]).filter((field) => values[field] !== undefined);
  const [row]: { id: string }[] = await tx.query(
    `INSERT INTO products (${fields.map((field) => COLUMNS[field].column).join(', ')})
     VALUES (${fields.map((field, i) => `$${i + 1}${COLUMNS[field].cast ? `::${COLUMNS[field].cast}` : ''}`).join(', ')})
     RETURNING id`,
    fields.map((field) => param(field, values[field])),
  );
  return row!.id;
}

/**
 * Writes the given fields of one product (the others keep their values) and `extra` SET items
 * (the edit version). Sets updated_at.
 */
export async function updateProduct(
  tx: EntityManager,
  id: string,
  changes: Partial<ProductValues>,
  extra: string[] = [],
): Promise<void> {
  const fields = (Object.keys(COLUMNS) as ProductField[]).filter((field) => changes[field] !== undefined);
  const sets = fields.map(
    (field, i) =>
      `${COLUMNS[field].column} = $${i + 2}${COLUMNS[field].cast ? `::${COLUMNS[field].cast}` : ''}`,
  );
  await tx.query(
    `UPDATE products SET ${[...sets, 'updated_at = now()', ...extra].join(', ')} WHERE id = $1`,
    [id, ...fields.map((field) => param(field, changes[field]))],
  );
}

/**
 * Inserts or updates products by SKU in one statement (the CSV import), writing `fields` (sku
 * among them); a product whose written values are all unchanged is left alone (not returned). The
 * edit version rises when a field a staff form edits changed (`versionBump` gets that condition).
 */
export async function upsertProductsBySku(
  tx: EntityManager,
  fields: readonly ProductField[],
  rows: readonly Partial<ProductValues>[],
  versionBump: (changed: string) => string,
): Promise<{ id: string; sku: string; inserted: boolean }[]> {
  const columns = fields.map((field) => COLUMNS[field].column);
  const source = fields
    .map(
      (field, i) =>
        `${COLUMNS[field].cast ? `$${i + 1}::${COLUMNS[field].type}[]` : `$${i + 1}::${COLUMNS[field].type}[]`}`,
    )
    .join(', ');
  const selected = fields
    .map((field, i) => (COLUMNS[field].cast ? `v.c${i}::${COLUMNS[field].cast}` : `v.c${i}`))
    .join(', ');
  const updated = fields.filter((field) => field !== 'sku');
  const tuple = (table: string, list: readonly ProductField[]) =>
    `(${list.map((field) => `${table}.${COLUMNS[field].column}`).join(', ')})`;
  const edited = updated.filter((field) => EDITED_FIELDS.includes(field));
  const changed = edited.length
    ? `${tuple('products', edited)} IS DISTINCT FROM ${tuple('EXCLUDED', edited)}`
    : 'false';
  return tx.query(
    `INSERT INTO products (${columns.join(', ')})
     SELECT ${selected} FROM unnest(${source}) AS v(${fields.map((_, i) => `c${i}`).join(', ')})
     ON CONFLICT (sku) DO UPDATE SET
       ${updated.map((field) => `${COLUMNS[field].column} = EXCLUDED.${COLUMNS[field].column}`).join(', ')},
       updated_at = now(), ${versionBump(changed)}
     WHERE ${tuple('products', updated)} IS DISTINCT FROM ${tuple('EXCLUDED', updated)}
     RETURNING id, sku, (xmax = 0) AS inserted`,
    fields.map((field) => rows.map((row) => bulkParam(field, row[field]))),
  );
}

/** The storefront's food facts filters (issue 20). */
export interface FoodFactsFilter {
  freeFrom?: readonly string[];
  dietaryLabels?: readonly string[];
}

/** The bits of `terms` in `all`'s order: `allergen_bits` / `label_bits` (migration FoodFactsBits1766800000000). */
export function termBits(terms: readonly string[], all: readonly string[]): number {
  return terms.reduce((bits, term) => {
    const i = all.indexOf(term);
    return i < 0 ? bits : bits | (1 << i);
  }, 0);
}

/**
 * SQL conditions (on products aliased p) for the food facts filters, values pushed to `params`.
 * Free from means neither contained nor a trace (`isFreeFrom` in packages/schema): no chosen bit
 * in `allergen_bits`. Labels must all be carried (GIN index products_dietary_labels_idx).
 */
export function foodFactsConditions(filter: FoodFactsFilter, params: unknown[]): string[] {
  const where: string[] = [];
  if (filter.freeFrom?.length) {
    params.push(termBits(filter.freeFrom, ALLERGENS));
    where.push(`p.allergen_bits & $${params.length}::int = 0`);
  }
  if (filter.dietaryLabels?.length) {
    params.push(filter.dietaryLabels);
    where.push(`p.dietary_labels @> $${params.length}::text[]`);
  }
  return where;
}

/**
 * The select list counting, over products aliased p, how many are free from each allergen and how
 * many carry each label (column names `free_<i>`, `label_<i>` in ALLERGENS / DIETARY_LABELS order):
 * integer bit tests on `allergen_bits` / `label_bits`, not array searches (17 → 4 ms over 10,000
 * products). The names are the schema's constants, not input.
 */
export function facetCountColumns(): string {
  const free = ALLERGENS.map((_, i) => `count(*) FILTER (WHERE p.allergen_bits & ${1 << i} = 0)::int AS free_${i}`);
  const labels = DIETARY_LABELS.map(
    (_, i) => `count(*) FILTER (WHERE p.label_bits & ${1 << i} <> 0)::int AS label_${i}`,
  );
  return [...free, ...labels].join(',\n         ');
}

/** The CSV export's rows: every product with its category's name, by SKU. */
export async function productsForExport(db: EntityManager): Promise<ProductRow[]> {
  return db.query(`${selectProducts()} ORDER BY p.sku`);
}
