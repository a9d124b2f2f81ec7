/**
 * The catalogue in and out as CSV (issue 9). Export writes every product (inactive ones too) by SKU.
 * Import is all or nothing: the file must be UTF-8, every row must pass the product schema, SKUs must
 * be unique in the file and categories must exist; then one transaction upserts by SKU (locking the
 * existing rows, as an order would) and writes a stock-ledger row for every stock level it changed.
 */
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import type { EntityManager } from 'typeorm';
import { MEASURE_COLUMNS, toMeasure, type MeasureRow } from './product-measure';
import {
  PRODUCT_CSV_COLUMNS,
  PRODUCT_CSV_MEASURE_COLUMNS,
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
import { recordStockMovements } from '../inventory/stock-ledger';
import { invalidateCatalogue } from '../catalogue-cache/invalidate';

type Ctx = ServiceContext & { user: CurrentUser };

interface ExportRow {
  sku: string;
  name: string;
  description: string | null;
  category: string | null;
  price: string;
  unit: string;
  stock: number;
  low_stock_threshold: number;
  is_organic: boolean;
  is_gluten_free: boolean;
  is_active: boolean;
  image_url: string | null;
}

export async function exportProductsCsv(db: EntityManager): Promise<string> {
  const rows: (ExportRow & MeasureRow)[] = await db.query(
    `SELECT p.sku, p.name, p.description, c.name AS category, p.price, p.unit, p.stock, p.low_stock_threshold,
            p.is_organic, p.is_gluten_free, p.is_active, p.image_url, ${MEASURE_COLUMNS}
     FROM products p LEFT JOIN categories c ON c.id = p.category_id
     ORDER BY p.sku`,
  );
  // The sold-by block after the catalogue's own columns (product-csv-measures.ts).
  const withMeasures = rows.map((row) => ({ ...row, ...measureToCsv(toMeasure(row)) }));
  return stringify(withMeasures, {
    header: true,
    columns: [...PRODUCT_CSV_COLUMNS, ...PRODUCT_CSV_MEASURE_COLUMNS],
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

/** Column name → index, after checking the header names every column exactly once. */
function readHeader(header: string[]): Map<string, number> {
  const names = header.map((name) => name.trim().toLowerCase());
  const missing = PRODUCT_CSV_COLUMNS.filter((column) => !names.includes(column));
  // The sold-by block is optional: a file from before it still imports.
  const known: readonly string[] = [...PRODUCT_CSV_COLUMNS, ...PRODUCT_CSV_MEASURE_COLUMNS];
  const unknown = names.filter((name) => !known.includes(name));
  const partial = PRODUCT_CSV_MEASURE_COLUMNS.filter((column) => !names.includes(column));
  if (partial.length > 0 && partial.length < PRODUCT_CSV_MEASURE_COLUMNS.length) {
    missing.push(...(partial as unknown as typeof missing));
  }
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
      PRODUCT_CSV_COLUMNS.map((column) => [column, restoreCsvFormula(record[columns.get(column)!] ?? '')]),
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

  if (issues.length) {
    const invalidRows = new Set(issues.map((issue) => issue.path.split(':', 1)[0])).size;
    throw new BadRequestError(
      PRODUCT_CSV_MESSAGES.invalidRows(invalidRows),
      issues.slice(0, PRODUCT_CSV_MAX_ISSUES),
    );
  }
  return products as NonNullable<(typeof products)[number]>[];
}

/**
 * The columns an import writes that the Edit Product form edits too: all but stock. A row whose
 * values among these changed raises the product's edit version (an Edit Product dialog open on it is
 * outdated); a new stock level alone does not (stock has its own check, as for orders).
 */
const EDITED_COLUMNS = [
  'name',
  'description',
  'category_id',
  'price',
  'unit',
  'low_stock_threshold',
  'is_organic',
  'is_gluten_free',
  'is_active',
  'image_url',
];
const editedTuple = (table: string) => `(${EDITED_COLUMNS.map((column) => `${table}.${column}`).join(', ')})`;

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
  const checked = await validRows(ctx.db, file, options);
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
    const before: { id: string; sku: string; stock: number }[] = await tx.query(
      `SELECT id, sku, stock FROM products WHERE sku = ANY($1::text[]) ORDER BY sku FOR UPDATE`,
      [products.map((product) => product.sku)],
    );
    const stockBefore = new Map(before.map((row) => [row.sku, row]));

    const written: { id: string; sku: string; inserted: boolean }[] = await tx.query(
      `INSERT INTO products (sku, name, description, category_id, price, unit, stock, low_stock_threshold,
                             is_organic, is_gluten_free, is_active, image_url)
       SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::uuid[], $5::numeric[], $6::text[], $7::int[],
                            $8::int[], $9::bool[], $10::bool[], $11::bool[], $12::text[])
       ON CONFLICT (sku) DO UPDATE SET
         name = EXCLUDED.name, description = EXCLUDED.description, category_id = EXCLUDED.category_id,
         price = EXCLUDED.price, unit = EXCLUDED.unit, stock = EXCLUDED.stock,
         low_stock_threshold = EXCLUDED.low_stock_threshold, is_organic = EXCLUDED.is_organic,
         is_gluten_free = EXCLUDED.is_gluten_free, is_active = EXCLUDED.is_active, image_url = EXCLUDED.image_url,
         updated_at = now(),
         ${bumpEditVersion({
           table: 'products',
           when: `${editedTuple('products')} IS DISTINCT FROM ${editedTuple('EXCLUDED')}`,
         })}
       WHERE (products.name, products.description, products.category_id, products.price, products.unit,
              products.stock, products.low_stock_threshold, products.is_organic, products.is_gluten_free,
              products.is_active, products.image_url)
         IS DISTINCT FROM
             (EXCLUDED.name, EXCLUDED.description, EXCLUDED.category_id, EXCLUDED.price, EXCLUDED.unit,
              EXCLUDED.stock, EXCLUDED.low_stock_threshold, EXCLUDED.is_organic, EXCLUDED.is_gluten_free,
              EXCLUDED.is_active, EXCLUDED.image_url)
       RETURNING id, sku, (xmax = 0) AS inserted`,
      [
        products.map((p) => p.sku),
        products.map((p) => p.name),
        products.map((p) => p.description),
        products.map((p) => p.categoryId),
        products.map((p) => centsToDecimal(p.priceCents)),
        products.map((p) => p.unit),
        products.map((p) => p.stock),
        products.map((p) => p.lowStockThreshold),
        products.map((p) => p.isOrganic),
        products.map((p) => p.isGlutenFree),
        products.map((p) => p.isActive),
        products.map((p) => p.imageUrl),
      ],
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
