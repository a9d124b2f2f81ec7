/**
 * The catalogue's reads for the orders module: products as an order, a substitution or 'Buy again'
 * needs them. The orders module asks for them here instead of writing SQL over `products`.
 *
 * Each product's stock is what may be sold now (inventory's `sellableStockSql`: less any lot gone
 * off since the expiry job last ran), inline for speed: the documented exception of sellable stock
 * (docs/architecture.md "Documented exceptions").
 */
import type { EntityManager } from 'typeorm';
import type { MeasureUnit, SimilarProductDto } from '@shop/schema';
import { sellableStockSql } from '../inventory';
import { onSale } from './on-sale';
import { MEASURE_COLUMNS, type MeasureRow } from './product-measure';

/** A product as placing an order checks it, locked. */
export interface ProductForOrder extends MeasureRow {
  id: string;
  name: string;
  sku: string;
  unit: string;
  price: string;
  /** Sellable now. */
  stock: number;
  /** Active, and not in a hidden category (on-sale.ts). */
  on_sale: boolean;
  image_url: string | null;
  low_stock_threshold: number;
}

/**
 * Another owner's part of the placement's lock statement (the shop's settings): its columns and
 * its join, read beside each product in the same round trip (THE PLACEMENT EXCEPTION,
 * docs/architecture.md "Documented exceptions").
 */
export interface AlongsideProducts {
  columns: string;
  join: string;
}

/**
 * Locks products `ids` in id order (ORDER BY is applied before FOR UPDATE locks the rows), for
 * placing orders, with `along`'s columns in the same round trip.
 */
export async function lockProductsForOrder<Along>(
  tx: EntityManager,
  ids: readonly string[],
  along: AlongsideProducts,
): Promise<(ProductForOrder & Along)[]> {
  return tx.query(
    `SELECT p.id, p.name, p.sku, p.unit, p.price, ${sellableStockSql('p')} AS stock, ${onSale('p')} AS on_sale, p.image_url, p.low_stock_threshold,
            ${MEASURE_COLUMNS}, ${along.columns}
     FROM products p ${along.join}
     WHERE p.id = ANY($1::uuid[]) ORDER BY p.id FOR UPDATE OF p`,
    [ids],
  );
}

/** A product as 'Buy again' shows it today; null fields when the product is gone. */
export interface ProductToday extends MeasureRow {
  id: string;
  name: string | null;
  price: string | null;
  image_url: string | null;
  stock: number | null;
  /** Active, and not in a hidden category (on-sale.ts). */
  on_sale: boolean | null;
}

/** Products `ids` as they can be bought today (their stock as recorded), by id. */
export async function productsToday(
  db: EntityManager,
  ids: readonly string[],
): Promise<Map<string, ProductToday>> {
  if (ids.length === 0) return new Map();
  const rows: ProductToday[] = await db.query(
    `SELECT p.id, p.name, p.price, p.image_url, p.stock, ${onSale('p')} AS on_sale, ${MEASURE_COLUMNS}
     FROM products p WHERE p.id = ANY($1::uuid[])`,
    [ids],
  );
  return new Map(rows.map((row) => [row.id, row]));
}

/** A product that may stand in for a short line. */
export interface Substitute {
  id: string;
  name: string;
  price: string;
  unit: string;
  sku: string;
  measure_unit: MeasureUnit | null;
  weight_tolerance: number | null;
}

/**
 * Products that could stand in for product $1 (at least $2 sellable): on sale, the same category
 * and measure, not $1 itself, the nearest price first. `$3` caps how many.
 */
const SIMILAR_PRODUCTS_SQL = `
  SELECT p.id, p.name, p.price::text AS price, p.unit, p.sku, p.measure_unit, p.weight_tolerance
  FROM products p JOIN products o ON o.id = $1
  WHERE p.id <> o.id AND p.category_id = o.category_id
    AND p.measure_unit IS NOT DISTINCT FROM o.measure_unit
    AND ${onSale('p')} AND ${sellableStockSql('p')} >= $2
  ORDER BY abs(p.price - o.price), p.name, p.id
  LIMIT $3`;

/** Checkout's choice of substitutes for a product (`products.similar`): in stock, nearest price first. */
export async function similarProducts(
  db: EntityManager,
  productId: string,
  limit: number,
): Promise<SimilarProductDto[]> {
  const rows: SimilarProductDto[] = await db.query(SIMILAR_PRODUCTS_SQL, [productId, 1, limit]);
  return rows.map(({ id, name, price, unit }) => ({ id, name, price, unit }));
}

/** The shop's closest match for `productId` with `quantity` sellable, its row locked; null when none. */
export async function lockSimilarProduct(
  tx: EntityManager,
  productId: string,
  quantity: number,
): Promise<Substitute | null> {
  const [similar]: Substitute[] = await tx.query(`${SIMILAR_PRODUCTS_SQL} FOR UPDATE OF p`, [
    productId,
    quantity,
    1,
  ]);
  return similar ?? null;
}

/** The product the shopper chose, its row locked, when it can still be sold in this quantity and measure. */
export async function lockChosenProduct(
  tx: EntityManager,
  productId: string | null,
  quantity: number,
  measureUnit: MeasureUnit | null,
): Promise<Substitute | null> {
  const [chosen]: Substitute[] = await tx.query(
    `SELECT p.id, p.name, p.price::text AS price, p.unit, p.sku, p.measure_unit, p.weight_tolerance
     FROM products p
     WHERE p.id = $1 AND ${onSale('p')} AND ${sellableStockSql('p')} >= $2
       AND p.measure_unit IS NOT DISTINCT FROM $3
     FOR UPDATE OF p`,
    [productId, quantity, measureUnit],
  );
  return chosen ?? null;
}
