import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The stock ledger (`stock_movements`: every change of a product's stock, by staff, an order, a
 * cancellation or an import) and `order_status_history` (every status change of an order, with who
 * and the note), docs/architecture.md §4. A ledger row goes with its product (which can only be deleted when
 * no order names it) and outlives the order and the user it names (SET NULL); a history row goes
 * with its order and outlives the staff member who made the change.
 */
export class StockLedgerAndOrderHistory1763900000000 implements MigrationInterface {
  name = 'StockLedgerAndOrderHistory1763900000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    for (const statement of [
      `CREATE TABLE "stock_movements" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "product_id" uuid NOT NULL, "quantity_before" integer NOT NULL, "quantity_after" integer NOT NULL, "change" integer NOT NULL, "reason" text, "source" character varying(20) NOT NULL, "order_id" uuid, "user_id" uuid, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "stock_movements_change_check" CHECK ("change" = "quantity_after" - "quantity_before"), CONSTRAINT "stock_movements_quantities_check" CHECK ("quantity_before" >= 0 AND "quantity_after" >= 0), CONSTRAINT "stock_movements_source_check" CHECK ("source" IN ('staff','order','cancellation','import')), CONSTRAINT "PK_57a26b190618550d8e65fb860e7" PRIMARY KEY ("id"))`,
      `CREATE INDEX "stock_movements_order_id_idx" ON "stock_movements" ("order_id") `,
      `CREATE INDEX "stock_movements_user_id_idx" ON "stock_movements" ("user_id") `,
      `CREATE INDEX "stock_movements_product_id_created_at_idx" ON "stock_movements" ("product_id", "created_at") `,
      `CREATE TABLE "order_status_history" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "order_id" uuid NOT NULL, "from_status" character varying(20), "to_status" character varying(20) NOT NULL, "note" text, "changed_by" uuid, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "order_status_history_status_check" CHECK ("to_status" IN ('pending','processing','shipped','delivered','cancelled') AND ("from_status" IS NULL OR "from_status" IN ('pending','processing','shipped','delivered','cancelled'))), CONSTRAINT "PK_e6c66d853f155531985fc4f6ec8" PRIMARY KEY ("id"))`,
      `CREATE INDEX "order_status_history_changed_by_idx" ON "order_status_history" ("changed_by") `,
      `CREATE INDEX "order_status_history_order_id_created_at_idx" ON "order_status_history" ("order_id", "created_at") `,
      `ALTER TABLE "stock_movements" ADD CONSTRAINT "FK_2c1bb05b80ddcc562cd28d826c6" FOREIGN KEY ("product_id") REFERENCES "products"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
      `ALTER TABLE "stock_movements" ADD CONSTRAINT "FK_8311bb94d8e30b9995383801e3d" FOREIGN KEY ("order_id") REFERENCES "orders"("id") ON DELETE SET NULL ON UPDATE NO ACTION`,
      `ALTER TABLE "stock_movements" ADD CONSTRAINT "FK_d7fedfd6ee0f4a06648c48631c6" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE NO ACTION`,
      `ALTER TABLE "order_status_history" ADD CONSTRAINT "FK_1ca7d5228cf9dc589b60243933c" FOREIGN KEY ("order_id") REFERENCES "orders"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
      `ALTER TABLE "order_status_history" ADD CONSTRAINT "FK_de5bb51ff61072261b6b3419f83" FOREIGN KEY ("changed_by") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE NO ACTION`,
    ]) {
      await queryRunner.query(statement);
    }
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const statement of [
      `ALTER TABLE "order_status_history" DROP CONSTRAINT "FK_de5bb51ff61072261b6b3419f83"`,
      `ALTER TABLE "order_status_history" DROP CONSTRAINT "FK_1ca7d5228cf9dc589b60243933c"`,
      `ALTER TABLE "stock_movements" DROP CONSTRAINT "FK_d7fedfd6ee0f4a06648c48631c6"`,
      `ALTER TABLE "stock_movements" DROP CONSTRAINT "FK_8311bb94d8e30b9995383801e3d"`,
      `ALTER TABLE "stock_movements" DROP CONSTRAINT "FK_2c1bb05b80ddcc562cd28d826c6"`,
      `DROP INDEX "public"."order_status_history_order_id_created_at_idx"`,
      `DROP INDEX "public"."order_status_history_changed_by_idx"`,
      `DROP TABLE "order_status_history"`,
      `DROP INDEX "public"."stock_movements_product_id_created_at_idx"`,
      `DROP INDEX "public"."stock_movements_user_id_idx"`,
      `DROP INDEX "public"."stock_movements_order_id_idx"`,
      `DROP TABLE "stock_movements"`,
    ]) {
      await queryRunner.query(statement);
    }
  }
}
