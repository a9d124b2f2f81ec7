import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The shop's settings (issue 19 item 6): one row, whose defaults reproduce docs/product.md (delivery
 * free, no tax, no minimum, USD), versioned against lost updates like other staff-edited rows.
 *
 * Each order now stores its subtotal, delivery fee, tax (and whether it was in the prices) and its
 * currency as computed at the time of the order, so a later change of the settings never rewrites
 * an old order. Existing orders were placed under the spec's rules: subtotal = total, no fee or tax.
 * A writer that leaves the subtotal out (seeds, fixtures) gets total − fee − added tax.
 */
export class ShopSettings1766110000000 implements MigrationInterface {
  name = 'ShopSettings1766110000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "shop_settings" (
         "id" smallint NOT NULL DEFAULT 1,
         "shop_name" character varying(100) NOT NULL DEFAULT 'FreshCart',
         "currency" character varying(3) NOT NULL DEFAULT 'USD',
         "delivery_fee" numeric(10,2) NOT NULL DEFAULT 0,
         "free_delivery_threshold" numeric(10,2),
         "tax_rate" numeric(5,2) NOT NULL DEFAULT 0,
         "tax_inclusive" boolean NOT NULL DEFAULT false,
         "minimum_order" numeric(10,2) NOT NULL DEFAULT 0,
         "version" integer NOT NULL DEFAULT 1,
         "updated_by" uuid,
         "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
         CONSTRAINT "shop_settings_single_row" CHECK ("id" = 1),
         CONSTRAINT "shop_settings_amounts_check" CHECK ("delivery_fee" >= 0 AND "minimum_order" >= 0
           AND ("free_delivery_threshold" IS NULL OR "free_delivery_threshold" >= 0)
           AND "tax_rate" >= 0 AND "tax_rate" <= 100),
         CONSTRAINT "PK_shop_settings" PRIMARY KEY ("id"),
         CONSTRAINT "FK_79a1dca0e4e370f3b87ce583646" FOREIGN KEY ("updated_by") REFERENCES "users"("id") ON DELETE SET NULL
       )`,
    );
    await queryRunner.query(`INSERT INTO "shop_settings" ("id") VALUES (1)`);
    await queryRunner.query(
      `ALTER TABLE "orders" ADD "subtotal" numeric(10,2),
                            ADD "delivery_fee" numeric(10,2) NOT NULL DEFAULT 0,
                            ADD "tax" numeric(10,2) NOT NULL DEFAULT 0,
                            ADD "tax_inclusive" boolean NOT NULL DEFAULT false,
                            ADD "currency" character varying(3) NOT NULL DEFAULT 'USD'`,
    );
    await queryRunner.query(`UPDATE "orders" SET "subtotal" = "total"`);
    await queryRunner.query(`ALTER TABLE "orders" ALTER "subtotal" SET NOT NULL`);
    await queryRunner.query(
      `CREATE FUNCTION "orders_fill_subtotal"() RETURNS trigger LANGUAGE plpgsql AS $$
       BEGIN
         IF NEW."subtotal" IS NULL THEN
           NEW."subtotal" := NEW."total" - NEW."delivery_fee"
                             - CASE WHEN NEW."tax_inclusive" THEN 0 ELSE NEW."tax" END;
         END IF;
         RETURN NEW;
       END $$`,
    );
    await queryRunner.query(
      `CREATE TRIGGER "orders_fill_subtotal" BEFORE INSERT ON "orders"
       FOR EACH ROW EXECUTE FUNCTION "orders_fill_subtotal"()`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TRIGGER "orders_fill_subtotal" ON "orders"`);
    await queryRunner.query(`DROP FUNCTION "orders_fill_subtotal"()`);
    await queryRunner.query(
      `ALTER TABLE "orders" DROP COLUMN "currency", DROP COLUMN "tax_inclusive", DROP COLUMN "tax",
                            DROP COLUMN "delivery_fee", DROP COLUMN "subtotal"`,
    );
    await queryRunner.query(`DROP TABLE "shop_settings"`);
  }
}
