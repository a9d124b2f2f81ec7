import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Sold by weight or measure (issue 20 part B; packages/schema/src/measures.ts, docs/money.md).
 *
 * Products: how they are sold (a piece, or a measure: kg, g, L, ml), the step and the limits of a
 * quantity in the base unit (pieces, grams, millilitres), a pack's net content (for its unit price)
 * and the catch-weight tolerance of weighed goods. Every column has a default or is nullable, so
 * every product so far stays a piece sold 1 to 1000 at a time, and every existing
 * `INSERT INTO products` keeps working unchanged.
 *
 * Order lines keep the measure and tolerance as bought and, once staff weigh the line at picking,
 * the weighed quantity (the line's total follows it). Orders keep the tax rate they were placed
 * with, so a weighed line's correction recomputes the tax at the same rate. The stock ledger gains
 * the source 'weighing': the difference between the reserved and the weighed quantity.
 */
export class SoldByMeasure1766400000000 implements MigrationInterface {
  name = 'SoldByMeasure1766400000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE "products"
         ADD "sold_by" character varying(10) NOT NULL DEFAULT 'piece',
         ADD "measure_unit" character varying(4),
         ADD "quantity_step" integer NOT NULL DEFAULT 1,
         ADD "min_quantity" integer NOT NULL DEFAULT 1,
         ADD "max_quantity" integer NOT NULL DEFAULT 1000,
         ADD "net_content" integer,
         ADD "net_content_unit" character varying(4),
         ADD "weight_tolerance" integer`,
    );
    await queryRunner.query(
      `ALTER TABLE "products" ADD CONSTRAINT "products_measure_check" CHECK (
         ("sold_by" = 'piece' AND "measure_unit" IS NULL AND "weight_tolerance" IS NULL)
         OR ("sold_by" = 'measure' AND "measure_unit" IN ('kg','g','L','ml')))`,
    );
    await queryRunner.query(
      `ALTER TABLE "products" ADD CONSTRAINT "products_quantity_limits_check" CHECK (
         "quantity_step" > 0 AND "min_quantity" >= "quantity_step" AND "max_quantity" >= "min_quantity")`,
    );
    await queryRunner.query(
      `ALTER TABLE "products" ADD CONSTRAINT "products_net_content_check" CHECK (
         ("net_content" IS NULL AND "net_content_unit" IS NULL)
         OR ("net_content" > 0 AND "net_content_unit" IN ('g','ml')))`,
    );
    await queryRunner.query(
      `ALTER TABLE "products" ADD CONSTRAINT "products_weight_tolerance_check" CHECK (
         "weight_tolerance" IS NULL OR ("weight_tolerance" >= 1 AND "weight_tolerance" <= 50))`,
    );
    await queryRunner.query(
      `ALTER TABLE "order_items"
         ADD "measure_unit" character varying(4),
         ADD "weight_tolerance" integer,
         ADD "weighed_quantity" integer,
         ADD "weighed_at" TIMESTAMP WITH TIME ZONE`,
    );
    await queryRunner.query(
      `ALTER TABLE "order_items" ADD CONSTRAINT "order_items_weighed_quantity_check" CHECK (
         "weighed_quantity" IS NULL OR "weighed_quantity" > 0)`,
    );
    await queryRunner.query(`ALTER TABLE "orders" ADD "tax_rate" numeric(5,2)`);
    await queryRunner.query(`ALTER TABLE "stock_movements" DROP CONSTRAINT "stock_movements_source_check"`);
    await queryRunner.query(
      `ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_source_check"
         CHECK ("source" IN ('staff','order','cancellation','import','weighing'))`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DELETE FROM "stock_movements" WHERE "source" = 'weighing'`);
    await queryRunner.query(`ALTER TABLE "stock_movements" DROP CONSTRAINT "stock_movements_source_check"`);
    await queryRunner.query(
      `ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_source_check"
         CHECK ("source" IN ('staff','order','cancellation','import'))`,
    );
    await queryRunner.query(`ALTER TABLE "orders" DROP COLUMN "tax_rate"`);
    await queryRunner.query(`ALTER TABLE "order_items" DROP CONSTRAINT "order_items_weighed_quantity_check"`);
    await queryRunner.query(
      `ALTER TABLE "order_items" DROP COLUMN "weighed_at", DROP COLUMN "weighed_quantity",
         DROP COLUMN "weight_tolerance", DROP COLUMN "measure_unit"`,
    );
    for (const constraint of [
      'products_weight_tolerance_check',
      'products_net_content_check',
      'products_quantity_limits_check',
      'products_measure_check',
    ]) {
      await queryRunner.query(`ALTER TABLE "products" DROP CONSTRAINT "${constraint}"`);
    }
    await queryRunner.query(
      `ALTER TABLE "products" DROP COLUMN "weight_tolerance", DROP COLUMN "net_content_unit",
         DROP COLUMN "net_content", DROP COLUMN "max_quantity", DROP COLUMN "min_quantity",
         DROP COLUMN "quantity_step", DROP COLUMN "measure_unit", DROP COLUMN "sold_by"`,
    );
  }
}
