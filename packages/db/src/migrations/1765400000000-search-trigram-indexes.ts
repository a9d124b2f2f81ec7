import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The product searches (`ILIKE '%term%'`: the storefront's over name, description and category
 * name, the staff screens' over name, SKU and category name) could not use a b-tree: a rare term
 * walked all 10,000 products of the large data set (13–21 ms). Trigram indexes find the matching
 * rows instead (0.5–3 ms for every term the bench uses); products.service.ts shapes the query so
 * that the planner uses them (docs/benchmarks.md, "Search"). pg_trgm ships with PostgreSQL and is a
 * trusted extension; the embedded database loads it (data-source.ts).
 */
export class SearchTrigramIndexes1765400000000 implements MigrationInterface {
  name = 'SearchTrigramIndexes1765400000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE EXTENSION IF NOT EXISTS pg_trgm`);
    await queryRunner.query(
      `CREATE INDEX "products_name_trgm_idx" ON "products" USING gin ("name" gin_trgm_ops)`,
    );
    await queryRunner.query(
      `CREATE INDEX "products_description_trgm_idx" ON "products" USING gin ("description" gin_trgm_ops)`,
    );
    await queryRunner.query(
      `CREATE INDEX "products_sku_trgm_idx" ON "products" USING gin ("sku" gin_trgm_ops)`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "public"."products_sku_trgm_idx"`);
    await queryRunner.query(`DROP INDEX "public"."products_description_trgm_idx"`);
    await queryRunner.query(`DROP INDEX "public"."products_name_trgm_idx"`);
  }
}
