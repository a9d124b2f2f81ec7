import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Trigram indexes (pg_trgm) for the searches, which are `ILIKE '%term%'` and cannot use a b-tree
 * (docs/benchmarks.md, "Search" and the EXPLAIN table; large data set, 2026-11-25):
 * - products: the storefront's search over name, description and category name, the staff
 *   screens' over name, SKU and category name. A rare term walked all 10,000 products (13–21 ms);
 *   products.service.ts reads the matches through these indexes instead (0.5–3 ms).
 * - orders: the order management search over order id, shipping address and customer id (docs/product.md §2).
 *   It read all 50,000 orders for a page and its count (100 + 77 ms for an order id); PostgreSQL
 *   combines these three (BitmapOr) for a rare term: 0.4 + 0.1 ms.
 * pg_trgm ships with PostgreSQL and is a trusted extension; the embedded database loads it
 * (data-source.ts).
 */
const TRIGRAM_INDEXES = [
  { name: 'products_name_trgm_idx', table: 'products', expression: '"name"' },
  { name: 'products_description_trgm_idx', table: 'products', expression: '"description"' },
  { name: 'products_sku_trgm_idx', table: 'products', expression: '"sku"' },
  { name: 'orders_id_trgm_idx', table: 'orders', expression: '("id"::text)' },
  { name: 'orders_user_id_trgm_idx', table: 'orders', expression: '("user_id"::text)' },
  { name: 'orders_shipping_address_trgm_idx', table: 'orders', expression: '"shipping_address"' },
];

export class SearchTrigramIndexes1765400000000 implements MigrationInterface {
  name = 'SearchTrigramIndexes1765400000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE EXTENSION IF NOT EXISTS pg_trgm`);
    for (const { name, table, expression } of TRIGRAM_INDEXES) {
      await queryRunner.query(`CREATE INDEX "${name}" ON "${table}" USING gin (${expression} gin_trgm_ops)`);
    }
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const { name } of [...TRIGRAM_INDEXES].reverse()) {
      await queryRunner.query(`DROP INDEX "public"."${name}"`);
    }
  }
}
