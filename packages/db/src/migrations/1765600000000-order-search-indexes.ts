import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The order management search covers order id, shipping address and customer id (spec §2), as
 * `ILIKE '%term%'`. Without an index it read all 50,000 orders of the large data set for a page and
 * again for its count (100 ms + 77 ms for an order id). With a trigram index on each, PostgreSQL
 * combines the three (BitmapOr) when the term is rare, as an order id is: 0.4 ms + 0.1 ms; a common
 * term still walks the newest orders and finds its page at once (docs/benchmarks.md).
 */
export class OrderSearchIndexes1765600000000 implements MigrationInterface {
  name = 'OrderSearchIndexes1765600000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE INDEX "orders_id_trgm_idx" ON "orders" USING gin (("id"::text) gin_trgm_ops)`,
    );
    await queryRunner.query(
      `CREATE INDEX "orders_user_id_trgm_idx" ON "orders" USING gin (("user_id"::text) gin_trgm_ops)`,
    );
    await queryRunner.query(
      `CREATE INDEX "orders_shipping_address_trgm_idx" ON "orders" USING gin ("shipping_address" gin_trgm_ops)`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "public"."orders_shipping_address_trgm_idx"`);
    await queryRunner.query(`DROP INDEX "public"."orders_user_id_trgm_idx"`);
    await queryRunner.query(`DROP INDEX "public"."orders_id_trgm_idx"`);
  }
}
