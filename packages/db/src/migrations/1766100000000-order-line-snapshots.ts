import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Orders remember what was bought (issue 19 item 2): each order line keeps the product's name, SKU
 * and unit as they were when the order was placed (`price` already is the unit price charged), so
 * renaming a product never rewrites an old order. Existing lines are filled from today's products:
 * the best that is known about them.
 *
 * Order placement writes the three columns itself. Any other writer that leaves them out (seeds,
 * fixtures, scripts) gets the product's values at that moment from a BEFORE INSERT trigger, which is
 * what "at the time of the order" means, so the columns can be NOT NULL without every writer
 * having to know about them.
 */
export class OrderLineSnapshots1766100000000 implements MigrationInterface {
  name = 'OrderLineSnapshots1766100000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE "order_items" ADD "product_name" character varying(200),
                                 ADD "product_sku" character varying(64),
                                 ADD "product_unit" character varying(40)`,
    );
    await queryRunner.query(
      `UPDATE "order_items" i SET "product_name" = p."name", "product_sku" = p."sku", "product_unit" = p."unit"
       FROM "products" p WHERE p."id" = i."product_id"`,
    );
    await queryRunner.query(
      `ALTER TABLE "order_items" ALTER "product_name" SET NOT NULL,
                                 ALTER "product_sku" SET NOT NULL,
                                 ALTER "product_unit" SET NOT NULL`,
    );
    await queryRunner.query(
      `CREATE FUNCTION "order_items_snapshot_product"() RETURNS trigger LANGUAGE plpgsql AS $$
       BEGIN
         IF NEW."product_name" IS NULL OR NEW."product_sku" IS NULL OR NEW."product_unit" IS NULL THEN
           SELECT COALESCE(NEW."product_name", p."name"), COALESCE(NEW."product_sku", p."sku"),
                  COALESCE(NEW."product_unit", p."unit")
             INTO NEW."product_name", NEW."product_sku", NEW."product_unit"
             FROM "products" p WHERE p."id" = NEW."product_id";
         END IF;
         RETURN NEW;
       END $$`,
    );
    await queryRunner.query(
      `CREATE TRIGGER "order_items_snapshot_product" BEFORE INSERT ON "order_items"
       FOR EACH ROW EXECUTE FUNCTION "order_items_snapshot_product"()`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TRIGGER "order_items_snapshot_product" ON "order_items"`);
    await queryRunner.query(`DROP FUNCTION "order_items_snapshot_product"()`);
    await queryRunner.query(
      `ALTER TABLE "order_items" DROP COLUMN "product_unit", DROP COLUMN "product_sku", DROP COLUMN "product_name"`,
    );
  }
}
