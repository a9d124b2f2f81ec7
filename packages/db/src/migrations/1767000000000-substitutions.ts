import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Substitutions (issue 21 part 3; docs/substitutions.md).
 *
 * Each order line keeps what the shopper chose at checkout for when it is short at picking:
 * 'similar' (the shop picks a similar product), 'product' (the one in `substitute_product_id`)
 * or 'none'. The shop's default for lines that say nothing is `shop_settings.default_substitution`.
 *
 * When staff mark a line short, it stays on the order as bought with `short_at`/`short_by` (it is
 * not delivered and not charged), and the substitute, if any, is a new line whose
 * `substitute_for` names it. The order's totals are recomputed from its lines.
 */
export class Substitutions1767000000000 implements MigrationInterface {
  name = 'Substitutions1767000000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE "order_items"
         ADD "substitution" character varying(10) NOT NULL DEFAULT 'similar',
         ADD "substitute_product_id" uuid,
         ADD "substitute_for" uuid,
         ADD "short_at" TIMESTAMP WITH TIME ZONE,
         ADD "short_by" uuid,
         ADD CONSTRAINT "order_items_substitution_check" CHECK ("substitution" IN ('similar', 'product', 'none')),
         ADD CONSTRAINT "order_items_substitute_product_check"
           CHECK (("substitution" = 'product') = ("substitute_product_id" IS NOT NULL))`,
    );
    await queryRunner.query(
      `ALTER TABLE "shop_settings" ADD "default_substitution" character varying(10) NOT NULL DEFAULT 'similar',
         ADD CONSTRAINT "shop_settings_default_substitution_check" CHECK ("default_substitution" IN ('similar', 'none'))`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE "shop_settings" DROP CONSTRAINT "shop_settings_default_substitution_check", DROP COLUMN "default_substitution"`,
    );
    await queryRunner.query(`DELETE FROM "order_items" WHERE "substitute_for" IS NOT NULL`);
    await queryRunner.query(
      `ALTER TABLE "order_items" DROP CONSTRAINT "order_items_substitute_product_check",
         DROP CONSTRAINT "order_items_substitution_check",
         DROP COLUMN "short_by", DROP COLUMN "short_at", DROP COLUMN "substitute_for",
         DROP COLUMN "substitute_product_id", DROP COLUMN "substitution"`,
    );
  }
}
