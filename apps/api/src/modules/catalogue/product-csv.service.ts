/**
 * The catalogue in and out as CSV (issue 9). Export writes every product (inactive ones too) by SKU.
 * Import is all or nothing: the file must be UTF-8, every row must pass the product schema, SKUs must
 * be unique in the file and categories must exist; then one transaction upserts by SKU (locking the
 * existing rows, as an order would) and writes a stock-ledger row for every stock level it changed.
 */
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import type { EntityManager } from 'typeorm';
import { toMeasure } from './product-measure';
import type { FOOD_FACTS_CSV_COLUMNS } from '@shop/schema';
import {
  NUTRITION_CSV_COLUMNS,
  PRODUCT_CSV_COLUMNS,
  PRODUCT_CSV_EXPORT_COLUMNS,
  PRODUCT_CSV_MEASURE_COLUMNS,
  applyLabelFlags,
  measureFromCsv,
  measureToCsv,
  type ProductMeasure,
  PRODUCT_CSV_MAX_ISSUES,
  PRODUCT_CSV_MAX_ROWS,
  PRODUCT_CSV_MESSAGES,
  ProductCsvRow,
  centsToDecimal,
  neutraliseCsvFormula,
  restoreCsvFormula,
  toErrorIssues,
  type ErrorIssue,
  type ProductImportResult,
} from '@shop/schema';
import type { CurrentUser, ServiceContext } from '../../context';
import { BadRequestError, ConflictError } from '../../errors';
import { bumpEditVersion } from '../../edit-version';
import { recordStockMovements, expireDueLots, trimLotsToStock } from '../inventory';
import { invalidateCatalogue } from './invalidate';
import {
  productsForExport,
  upsertProductsBySku,
  type ProductField,
  type ProductRow,
  type ProductValues,
} from './product.repository';

type Ctx = ServiceContext & { user: CurrentUser };

/** A product as one CSV row: the columns of PRODUCT_CSV_EXPORT_COLUMNS. */
function exportRecord(row: ProductRow): Record<string, unknown> {
  const nutrition = row.nutrition;
  return {
    sku: row.sku,
    name: row.name,
    description: row.description,
    category: row.category_name,
    price: row.price,
    unit: row.unit,
    stock: row.stock,
    low_stock_threshold: row.low_stock_threshold,
    is_organic: row.dietary_labels.includes('organic'),
    is_gluten_free: row.dietary_labels.includes('gluten-free'),
    is_active: row.is_active,
    image_url: row.image_url,
    // The food facts block (issue 20).
    allergens: row.allergens.join(';'),
    may_contain: row.may_contain.join(';'),
    dietary_labels: row.dietary_labels.join(';'),
    ingredients: row.ingredients,
    origin: row.origin,
    storage: row.storage,
    nutrition_basis: nutrition ? `100${nutrition.basis}` : '',
    energy_kj: nutrition?.energyKj,
    energy_kcal: nutrition?.energyKcal,
    fat_g: nutrition?.fat,
    saturates_g: nutrition?.saturates,
    carbohydrate_g: nutrition?.carbohydrate,
    sugars_g: nutrition?.sugars,
    protein_g: nutrition?.protein,
    salt_g: nutrition?.salt,
  };
}

export async function exportProductsCsv(db: EntityManager): Promise<string> {
  const rows = await productsForExport(db);
  // The sold-by block after the catalogue's and the food facts' columns (product-csv-measures.ts).
  const records = rows.map((row) => ({ ...exportRecord(row), ...measureToCsv(toMeasure(row)) }));
  return stringify(records, {
    header: true,
    columns: [...PRODUCT_CSV_EXPORT_COLUMNS, ...PRODUCT_CSV_MEASURE_COLUMNS],
    cast: { boolean: (value) => String(value), string: neutraliseCsvFormula },
  });
}

/** The sold-by block of the imported rows that carry it, by SKU, in one statement. */
async function writeImportedMeasures(
  tx: EntityManager,
  rows: readonly { sku: string; measure: ProductMeasure }[],
): Promise<void> {
  if (rows.length === 0) return;
  const m = rows.map((row) => row.measure);
  await tx.query(
    `UPDATE products p SET sold_by = v.sold_by, measure_unit = v.measure_unit, quantity_step = v.step,
            min_quantity = v.min, max_quantity = v.max, net_content = v.net_content,
            net_content_unit = v.net_content_unit, weight_tolerance = v.tolerance
     FROM unnest($1::text[], $2::text[], $3::text[], $4::int[], $5::int[], $6::int[], $7::int[], $8::text[], $9::int[])
          AS v(sku, sold_by, measure_unit, step, min, max, net_content, net_content_unit, tolerance)
     WHERE p.sku = v.sku`,
    [
      rows.map((row) => row.sku),
      m.map((x) => x.soldBy),
      m.map((x) => x.measureUnit),
      m.map((x) => x.quantityStep),
      m.map((x) => x.minQuantity),
      m.map((x) => x.maxQuantity),
      m.map((x) => x.netContent),
      m.map((x) => x.netContentUnit),
      m.map((x) => x.weightTolerance),
    ],
  );
}

/** The file's text; a byte sequence that is not UTF-8 is refused rather than guessed at. */
function decodeUtf8(file: Buffer): string {
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(file);
  } catch {
    throw new BadRequestError(PRODUCT_CSV_MESSAGES.notUtf8, [
      { path: 'file', message: PRODUCT_CSV_MESSAGES.notUtf8 },
    ]);
  }
}

function parseCsv(text: string): string[][] {
  try {
    return parse(text, { skip_empty_lines: true, relax_column_count: false }) as string[][];
  } catch (error) {
    const line = (error as { lines?: number }).lines;
    const reason =
      error instanceof Error ? error.message.replace(/^Invalid Record Length: /, '') : 'unreadable';
    const message = `The file is not valid CSV${line ? ` (line ${line})` : ''}: ${reason}`;
    throw new BadRequestError(message, [{ path: line ? `line ${line}` : 'file', message }]);
  }
}

/**
 * Column name → index, after checking the header names every required column, no unknown one,
 * and the nutrition columns all or none (the food facts block is optional: FOOD_FACTS_CSV_COLUMNS).
 */
function readHeader(header: string[]): Map<string, number> {
  const names = header.map((name) => name.trim().toLowerCase());
  const hasNutrition = NUTRITION_CSV_COLUMNS.some((column) => names.includes(column));
  const required = [...PRODUCT_CSV_COLUMNS, ...(hasNutrition ? NUTRITION_CSV_COLUMNS : [])];
  const missing: string[] = required.filter((column) => !names.includes(column));
  // The food facts and sold-by blocks are optional: a file from before them still imports.
  const known: readonly string[] = [...PRODUCT_CSV_EXPORT_COLUMNS, ...PRODUCT_CSV_MEASURE_COLUMNS];
  const unknown = names.filter((name) => !known.includes(name));
  const partial = PRODUCT_CSV_MEASURE_COLUMNS.filter((column) => !names.includes(column));
  if (partial.length > 0 && partial.length < PRODUCT_CSV_MEASURE_COLUMNS.length) missing.push(...partial);
  const issues: ErrorIssue[] = [];
  if (missing.length) issues.push({ path: 'header', message: PRODUCT_CSV_MESSAGES.missingColumns(missing) });
  if (unknown.length) issues.push({ path: 'header', message: PRODUCT_CSV_MESSAGES.unknownColumns(unknown) });
  if (issues.length) throw new BadRequestError(issues.map((issue) => issue.message).join('; '), issues);
  return new Map(names.map((name, index) => [name, index]));
}

/** The file's products, or a 400 naming every invalid row (row 1 is the header). */
/** What an import may do besides writing products. */
export interface ImportOptions {
  /** Create the categories the file names that do not exist (issue 19 item 1). */
  createCategories?: boolean;
}

async function validRows(db: EntityManager, file: Buffer, options: ImportOptions) {
  const [header, ...records] = parseCsv(decodeUtf8(file));
  if (!header || records.length === 0) {
    throw new BadRequestError(PRODUCT_CSV_MESSAGES.empty, [
      { path: 'file', message: PRODUCT_CSV_MESSAGES.empty },
    ]);
  }
  if (records.length > PRODUCT_CSV_MAX_ROWS) {
    throw new BadRequestError(PRODUCT_CSV_MESSAGES.tooManyRows, [
      { path: 'file', message: PRODUCT_CSV_MESSAGES.tooManyRows },
    ]);
  }
  const columns = readHeader(header);
  const categories = new Map<string, string>(
    ((await db.query(`SELECT id, name FROM categories`)) as { id: string; name: string }[]).map((row) => [
      row.name.toLowerCase(),
      row.id,
    ]),
  );

  const issues: ErrorIssue[] = [];
  const firstRowOfSku = new Map<string, number>();
  const products = records.map((record, index) => {
    const row = index + 2;
    const cells = Object.fromEntries(
      PRODUCT_CSV_EXPORT_COLUMNS.filter((column) => columns.has(column)).map((column) => [
        column,
        restoreCsvFormula(record[columns.get(column)!] ?? ''),
      ]),
    );
    const parsed = ProductCsvRow.safeParse(cells);
    const measured = columns.has('sold_by')
      ? measureFromCsv(
          Object.fromEntries(
            PRODUCT_CSV_MEASURE_COLUMNS.map((column) => [column, record[columns.get(column)!] ?? '']),
          ) as Parameters<typeof measureFromCsv>[0],
        )
      : null;
    for (const issue of measured?.issues ?? []) {
      issues.push({ path: `row ${row}: ${issue.path}`, message: issue.message });
    }
    if (!parsed.success) {
      for (const issue of toErrorIssues(parsed.error.issues))
        issues.push({ path: `row ${row}: ${issue.path}`, message: issue.message });
      return null;
    }
    if (measured?.issues.length) return null;
    const product = { ...parsed.data, measure: measured?.measure ?? null };
    const categoryId = categories.get(product.categoryName.toLowerCase());
    if (!categoryId && !options.createCategories) {
      issues.push({
        path: `row ${row}: category`,
        message: PRODUCT_CSV_MESSAGES.unknownCategory(product.categoryName),
      });
    }
    const skuKey = product.sku.toLowerCase();
    const earlier = firstRowOfSku.get(skuKey);
    if (earlier)
      issues.push({
        path: `row ${row}: sku`,
        message: PRODUCT_CSV_MESSAGES.duplicateSku(product.sku, earlier),
      });
    else firstRowOfSku.set(skuKey, row);
    return { ...product, categoryId: categoryId ?? '' };
  });
  // The food facts the file carries (a column it lacks leaves that fact of each product alone).
  const given = FOOD_FACTS_FIELDS.filter(([, column]) => columns.has(column)).map(([field]) => field);

  if (issues.length) {
    const invalidRows = new Set(issues.map((issue) => issue.path.split(':', 1)[0])).size;
    throw new BadRequestError(
      PRODUCT_CSV_MESSAGES.invalidRows(invalidRows),
      issues.slice(0, PRODUCT_CSV_MAX_ISSUES),
    );
  }
  return { products: products as NonNullable<(typeof products)[number]>[], given };
}

/** The food facts fields by their first CSV column. */
const FOOD_FACTS_FIELDS: [ProductField, (typeof FOOD_FACTS_CSV_COLUMNS)[number]][] = [
  ['allergens', 'allergens'],
  ['mayContain', 'may_contain'],
  ['ingredients', 'ingredients'],
  ['origin', 'origin'],
  ['storage', 'storage'],
  ['nutrition', 'nutrition_basis'],
];

/**
 * The category of every row, by name (case-insensitive), each locked against a concurrent delete
 * (KEY SHARE) for the rest of the import's transaction. With `createCategories`, the names that do
 * not exist are created first (as first spelled in the file, at the end of the storefront order;
 * a category another import created at the same moment is used, not duplicated). A category named
 * in the file that was deleted since the file was checked answers 409: nothing is written.
 */
async function resolveCategories(
  tx: EntityManager,
  names: string[],
  createCategories: boolean,
): Promise<{ ids: Map<string, string>; created: string[] }> {
  const firstSpelling = new Map<string, string>();
  for (const name of names)
    if (!firstSpelling.has(name.toLowerCase())) firstSpelling.set(name.toLowerCase(), name);
  const wanted = [...firstSpelling.keys()];
  let created: string[] = [];
  if (createCategories) {
    const missing = [...firstSpelling.values()].filter((name) => name);
    const inserted: { name: string }[] = await tx.query(
      `INSERT INTO categories (name, position)
       SELECT d.name, (SELECT COALESCE(MAX(position), 0) FROM categories) + d.n
       FROM unnest($1::text[]) WITH ORDINALITY AS d(name, n)
       WHERE NOT EXISTS (SELECT 1 FROM categories c WHERE lower(c.name) = lower(d.name))
       ON CONFLICT (name) DO NOTHING
       RETURNING name`,
      [missing],
    );
    created = inserted.map((row) => row.name);
  }
  const rows: { id: string; name: string }[] = await tx.query(
    `SELECT id, name FROM categories WHERE lower(name) = ANY($1::text[]) ORDER BY id FOR KEY SHARE`,
    [wanted],
  );
  const ids = new Map(rows.map((row) => [row.name.toLowerCase(), row.id]));
  const gone = [...firstSpelling.entries()].filter(([key]) => !ids.has(key)).map(([, name]) => name);
  if (gone.length) throw new ConflictError(PRODUCT_CSV_MESSAGES.categoryGone(gone[0]!));
  return { ids, created };
}

export async function importProductsCsv(
  ctx: Ctx,
  file: Buffer,
  options: ImportOptions = {},
): Promise<ProductImportResult> {
  const { products: checked, given } = await validRows(ctx.db, file, options);
  return ctx.db.transaction(async (tx) => {
    const categories = await resolveCategories(
      tx,
      checked.map((product) => product.categoryName),
      options.createCategories ?? false,
    );
    const products = checked.map((product) => ({
      ...product,
      categoryId: categories.ids.get(product.categoryName.toLowerCase())!,
    }));
    // Existing rows locked in SKU order (the order every writer uses), so a concurrent order or
    // stock edit waits for the import instead of being overwritten by it.
    const lockSql = `SELECT id, sku, stock, dietary_labels FROM products WHERE sku = ANY($1::text[]) ORDER BY sku FOR UPDATE`;
    const skus = [products.map((product) => product.sku)];
    let before: { id: string; sku: string; stock: number; dietary_labels: string[] }[] = await tx.query(lockSql, skus);
    // Lots past their date leave the stock first, so the imported level is not cut again later.
    if ((await expireDueLots(tx, before.map((row) => row.id))) > 0) before = await tx.query(lockSql, skus);
    const stockBefore = new Map(before.map((row) => [row.sku, row]));

    const fields: ProductField[] = [
      'sku',
      'name',
      'description',
      'categoryId',
      'price',
      'unit',
      'stock',
      'lowStockThreshold',
      'isActive',
      'imageUrl',
      'dietaryLabels',
      ...given,
    ];
    const values: Partial<ProductValues>[] = products.map((p) => ({
      sku: p.sku,
      name: p.name,
      description: p.description,
      categoryId: p.categoryId,
      price: centsToDecimal(p.priceCents),
      unit: p.unit,
      stock: p.stock,
      lowStockThreshold: p.lowStockThreshold,
      isActive: p.isActive,
      imageUrl: p.imageUrl,
      // The labels column, or the product's labels, with is_organic and is_gluten_free applied.
      dietaryLabels: applyLabelFlags(p.dietaryLabels ?? stockBefore.get(p.sku)?.dietary_labels ?? [], p),
      allergens: p.allergens,
      mayContain: p.mayContain,
      ingredients: p.ingredients,
      origin: p.origin,
      storage: p.storage,
      nutrition: p.nutrition,
    }));
    const written = await upsertProductsBySku(tx, fields, values, (changed) =>
      bumpEditVersion({ table: 'products', when: changed }),
    );

    await writeImportedMeasures(
      tx,
      products.filter((p): p is typeof p & { measure: ProductMeasure } => p.measure !== null),
    );

    const newStock = new Map(products.map((p) => [p.sku, p.stock]));
    const movements = written.map((row) => ({
      productId: row.id,
      quantityBefore: row.inserted ? 0 : stockBefore.get(row.sku)!.stock,
      quantityAfter: newStock.get(row.sku)!,
      source: 'import' as const,
      reason: 'CSV import',
      userId: ctx.user.id,
    }));
    await recordStockMovements(tx, movements);
    await trimLotsToStock(
      tx,
      movements.filter((m) => m.quantityAfter < m.quantityBefore).map((m) => m.productId),
    );
    invalidateCatalogue(
      tx,
      written.map((row) => row.id),
    );

    const created = written.filter((row) => row.inserted).length;
    const result = {
      rows: products.length,
      created,
      updated: written.length - created,
      unchanged: products.length - written.length,
      stockChanges: movements.filter((m) => m.quantityAfter !== m.quantityBefore).length,
      categoriesCreated: categories.created,
    };
    ctx.log.info(result, 'products imported');
    return result;
  });
}
