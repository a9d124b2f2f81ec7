import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Delivery zones and slots (issue 21 part 1; docs/delivery-slots.md).
 *
 * A zone covers postal codes by prefix (a list of them; '' covers every code). Its slot templates
 * repeat weekly: a weekday, a time window (in the shop's time zone, UTC), a capacity in orders, a
 * cut-off in hours before the window opens and an optional delivery fee that overrides the shop's.
 *
 * `delivery_slots` holds one row per (template, date) once anybody books or blocks it: how many
 * places are taken and whether staff blocked it. Booking is one conditional upsert on that row
 * (`booked < capacity AND NOT blocked`), so the row is the lock that enforces the capacity, as the
 * product row is for stock. The CHECK keeps `booked` from going below 0 on a double release.
 *
 * Orders remember their slot: the template and date (to release the place on cancel) and the
 * window itself, so an edited or deleted template never rewrites an order. The template id is no
 * foreign key: it stays as booked when staff delete the template (whose slots' loads go with it,
 * so a later cancellation has nothing to release). With no zone at all
 * delivery is not slotted and every column stays NULL.
 */
export class DeliverySlots1766700000000 implements MigrationInterface {
  name = 'DeliverySlots1766700000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "delivery_zones" (
         "id" uuid NOT NULL DEFAULT gen_random_uuid() PRIMARY KEY,
         "name" character varying(100) NOT NULL,
         "postal_prefixes" text[] NOT NULL DEFAULT '{}',
         "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
         "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
         CONSTRAINT "delivery_zones_name_key" UNIQUE ("name")
       )`,
    );
    await queryRunner.query(
      `CREATE TABLE "delivery_slot_templates" (
         "id" uuid NOT NULL DEFAULT gen_random_uuid() PRIMARY KEY,
         "zone_id" uuid NOT NULL REFERENCES "delivery_zones"("id") ON DELETE CASCADE,
         "weekday" smallint NOT NULL,
         "start_time" time NOT NULL,
         "end_time" time NOT NULL,
         "capacity" integer NOT NULL,
         "cutoff_hours" integer NOT NULL DEFAULT 0,
         "delivery_fee" numeric(10,2),
         "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
         CONSTRAINT "delivery_slot_templates_weekday_check" CHECK ("weekday" BETWEEN 0 AND 6),
         CONSTRAINT "delivery_slot_templates_window_check" CHECK ("end_time" > "start_time"),
         CONSTRAINT "delivery_slot_templates_capacity_check" CHECK ("capacity" >= 0),
         CONSTRAINT "delivery_slot_templates_cutoff_check" CHECK ("cutoff_hours" >= 0),
         CONSTRAINT "delivery_slot_templates_fee_check" CHECK ("delivery_fee" IS NULL OR "delivery_fee" >= 0)
       )`,
    );
    await queryRunner.query(
      `CREATE INDEX "delivery_slot_templates_zone_idx" ON "delivery_slot_templates" ("zone_id", "weekday")`,
    );
    await queryRunner.query(
      `CREATE TABLE "delivery_slots" (
         "template_id" uuid NOT NULL REFERENCES "delivery_slot_templates"("id") ON DELETE CASCADE,
         "slot_date" date NOT NULL,
         "booked" integer NOT NULL DEFAULT 0,
         "blocked" boolean NOT NULL DEFAULT false,
         PRIMARY KEY ("template_id", "slot_date"),
         CONSTRAINT "delivery_slots_booked_check" CHECK ("booked" >= 0)
       )`,
    );
    await queryRunner.query(`CREATE INDEX "delivery_slots_date_idx" ON "delivery_slots" ("slot_date")`);
    await queryRunner.query(
      `ALTER TABLE "orders"
         ADD "delivery_slot_template_id" uuid,
         ADD "delivery_slot_date" date,
         ADD "delivery_slot_start" TIMESTAMP WITH TIME ZONE,
         ADD "delivery_slot_end" TIMESTAMP WITH TIME ZONE`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE "orders" DROP COLUMN "delivery_slot_end", DROP COLUMN "delivery_slot_start",
         DROP COLUMN "delivery_slot_date", DROP COLUMN "delivery_slot_template_id"`,
    );
    await queryRunner.query(`DROP TABLE "delivery_slots"`);
    await queryRunner.query(`DROP TABLE "delivery_slot_templates"`);
    await queryRunner.query(`DROP TABLE "delivery_zones"`);
  }
}
