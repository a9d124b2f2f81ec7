import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Best-before lots (issue 21 part 2; docs/stock-lots.md).
 *
 * `stock_lots` holds what goods-in received of a product: the quantity left in the lot, what was
 * received, its best-before or use-by date (none for goods that do not go off), an optional batch
 * code, why and who. `products.stock` stays the product's sellable stock, the one number every
 * order, cancellation and staff edit guards: it is the open lots (`expired_at IS NULL`) plus any
 * stock no lot records (a staff count or an import that raised the level; products made after
 * this migration until goods in). Existing stock migrates into one lot without a date per product.
 *
 * A lot whose date has passed leaves sellable stock: at read time (the storefront's stock and
 * placement subtract it, apps/api/src/modules/inventory/stock-lots.ts) and for good when the
 * scheduled expiry job or a staff write stamps `expired_at` and takes its quantity off
 * `products.stock` with a ledger row (source 'expiry').
 *
 * `order_item_lots` is where each order line's quantity came from (first expiry first out), so a
 * picking list names the lot and a cancellation puts it back into the same lots. The part of a
 * line no lot covered came from the undated stock.
 *
 * The ledger learns two sources, 'goods_in' and 'expiry', and which lot a row was about.
 */
export class StockLots1766900000000 implements MigrationInterface {
  name = 'StockLots1766900000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "stock_lots" (
         "id" uuid NOT NULL DEFAULT gen_random_uuid() PRIMARY KEY,
         "product_id" uuid NOT NULL REFERENCES "products"("id") ON DELETE CASCADE,
         "quantity" integer NOT NULL,
         "received_quantity" integer NOT NULL,
         "expires_on" date,
         "date_kind" character varying(12) NOT NULL DEFAULT 'best_before',
         "batch_code" character varying(64),
         "reason" text,
         "received_by" uuid REFERENCES "users"("id") ON DELETE SET NULL,
         "received_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
         "expired_at" TIMESTAMP WITH TIME ZONE,
         CONSTRAINT "stock_lots_quantity_check" CHECK ("quantity" >= 0),
         CONSTRAINT "stock_lots_received_quantity_check" CHECK ("received_quantity" > 0),
         CONSTRAINT "stock_lots_date_kind_check" CHECK ("date_kind" IN ('best_before', 'use_by'))
       )`,
    );
    // Allocation (first expiry first out) and the read-time check walk a product's open lots.
    await queryRunner.query(
      `CREATE INDEX "stock_lots_open_idx" ON "stock_lots" ("product_id", "expires_on", "received_at")
         WHERE "expired_at" IS NULL AND "quantity" > 0`,
    );
    // The expiry job and "expiring in the next N days" walk open lots by date.
    await queryRunner.query(
      `CREATE INDEX "stock_lots_expiring_idx" ON "stock_lots" ("expires_on")
         WHERE "expired_at" IS NULL AND "quantity" > 0 AND "expires_on" IS NOT NULL`,
    );
    await queryRunner.query(
      `CREATE TABLE "order_item_lots" (
         "order_item_id" uuid NOT NULL REFERENCES "order_items"("id") ON DELETE CASCADE,
         "lot_id" uuid NOT NULL REFERENCES "stock_lots"("id") ON DELETE CASCADE,
         "quantity" integer NOT NULL,
         PRIMARY KEY ("order_item_id", "lot_id"),
         CONSTRAINT "order_item_lots_quantity_check" CHECK ("quantity" > 0)
       )`,
    );
    await queryRunner.query(`CREATE INDEX "order_item_lots_lot_idx" ON "order_item_lots" ("lot_id")`);
    // Existing stock becomes one lot without a date per product: sold after every dated lot.
    await queryRunner.query(
      `INSERT INTO "stock_lots" ("product_id", "quantity", "received_quantity", "reason", "received_at")
       SELECT "id", "stock", "stock", 'Stock before lots were recorded', "updated_at"
       FROM "products" WHERE "stock" > 0`,
    );
    await queryRunner.query(`ALTER TABLE "stock_movements" DROP CONSTRAINT "stock_movements_source_check"`);
    await queryRunner.query(
      `ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_source_check"
         CHECK ("source" IN ('staff','order','cancellation','import','weighing','goods_in','expiry'))`,
    );
    await queryRunner.query(`ALTER TABLE "stock_movements" ADD "lot_id" uuid`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "stock_movements" DROP COLUMN "lot_id"`);
    await queryRunner.query(`DELETE FROM "stock_movements" WHERE "source" IN ('goods_in', 'expiry')`);
    await queryRunner.query(`ALTER TABLE "stock_movements" DROP CONSTRAINT "stock_movements_source_check"`);
    await queryRunner.query(
      `ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_source_check"
         CHECK ("source" IN ('staff','order','cancellation','import','weighing'))`,
    );
    await queryRunner.query(`DROP TABLE "order_item_lots"`);
    await queryRunner.query(`DROP TABLE "stock_lots"`);
  }
}
