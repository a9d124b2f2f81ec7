import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The 13 tables of docs/product.md §3. Deliberate ON DELETE rules: a user's addresses, orders and sessions go
 * with the user (CASCADE); an order's items go with the order; a product in an order cannot be
 * deleted (RESTRICT: it is deactivated instead); a deleted category or custom role leaves its
 * products or users unlinked (SET NULL); the permission model's link rows go with either end.
 */
export class InitialSchema1763800000000 implements MigrationInterface {
  name = 'InitialSchema1763800000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    for (const statement of [
      `CREATE TABLE "roles" ("id" text NOT NULL DEFAULT gen_random_uuid()::text, "name" character varying(100) NOT NULL, "description" text, "is_active" boolean NOT NULL DEFAULT true, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "UQ_648e3f5447f725579d7d4ffdfb7" UNIQUE ("name"), CONSTRAINT "PK_c1433d71a4838793a49dcad46ab" PRIMARY KEY ("id"))`,
      `CREATE TABLE "users" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "email" character varying(320) NOT NULL, "first_name" character varying(100), "last_name" character varying(100), "phone" character varying(40), "profile_image_url" text, "role_id" text, "role" character varying(50) NOT NULL DEFAULT 'customer', "auth_subject" character varying(255), "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_a3ffb1c0c8416b9fc6f907b7433" PRIMARY KEY ("id"))`,
      `CREATE UNIQUE INDEX "users_email_key" ON "users" ("email") `,
      `CREATE UNIQUE INDEX "users_auth_subject_key" ON "users" ("auth_subject") `,
      `CREATE TABLE "user_addresses" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "user_id" uuid NOT NULL, "title" character varying(100) NOT NULL, "street" character varying(255) NOT NULL, "city" character varying(100) NOT NULL, "state" character varying(100) NOT NULL, "zip_code" character varying(20) NOT NULL, "country" character varying(100) NOT NULL DEFAULT 'US', "is_default" boolean NOT NULL DEFAULT false, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_8abbeb5e3239ff7877088ffc25b" PRIMARY KEY ("id"))`,
      `CREATE INDEX "user_addresses_user_id_idx" ON "user_addresses" ("user_id") `,
      `CREATE UNIQUE INDEX "user_addresses_one_default_idx" ON "user_addresses" ("user_id") WHERE "is_default"`,
      `CREATE TABLE "categories" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "name" character varying(100) NOT NULL, "description" text, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "UQ_8b0be371d28245da6e4f4b61878" UNIQUE ("name"), CONSTRAINT "PK_24dbc6126a28ff948da33e97d3b" PRIMARY KEY ("id"))`,
      `CREATE TABLE "products" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "name" character varying(200) NOT NULL, "description" text, "price" numeric(10,2) NOT NULL, "unit" character varying(40) NOT NULL, "category_id" uuid, "stock" integer NOT NULL DEFAULT '0', "image_url" text, "is_organic" boolean NOT NULL DEFAULT false, "is_gluten_free" boolean NOT NULL DEFAULT false, "sku" character varying(64) NOT NULL, "low_stock_threshold" integer NOT NULL DEFAULT '10', "is_active" boolean NOT NULL DEFAULT true, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "UQ_c44ac33a05b144dd0d9ddcf9327" UNIQUE ("sku"), CONSTRAINT "products_low_stock_threshold_check" CHECK ("low_stock_threshold" >= 0), CONSTRAINT "products_price_check" CHECK ("price" >= 0), CONSTRAINT "products_stock_check" CHECK ("stock" >= 0), CONSTRAINT "PK_0806c755e0aca124e67c0cf6d7d" PRIMARY KEY ("id"))`,
      `CREATE INDEX "products_category_id_idx" ON "products" ("category_id") `,
      `CREATE TABLE "order_items" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "order_id" uuid NOT NULL, "product_id" uuid NOT NULL, "quantity" integer NOT NULL, "price" numeric(10,2) NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "order_items_quantity_check" CHECK ("quantity" > 0), CONSTRAINT "PK_005269d8574e6fac0493715c308" PRIMARY KEY ("id"))`,
      `CREATE INDEX "order_items_order_id_idx" ON "order_items" ("order_id") `,
      `CREATE INDEX "order_items_product_id_idx" ON "order_items" ("product_id") `,
      `CREATE TABLE "orders" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "user_id" uuid NOT NULL, "status" character varying(20) NOT NULL DEFAULT 'pending', "payment_method" character varying(30) NOT NULL DEFAULT 'card', "payment_status" character varying(30) NOT NULL DEFAULT 'pending', "total" numeric(10,2) NOT NULL, "shipping_address" text NOT NULL, "estimated_delivery" TIMESTAMP WITH TIME ZONE, "notes" text, "card_holder_name" character varying(200), "card_last_four" character varying(4), "bank_account_number" character varying(64), "bank_name" character varying(200), "idempotency_key" character varying(200), "request_hash" character varying(64), "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "orders_user_idempotency_key" UNIQUE ("user_id", "idempotency_key"), CONSTRAINT "orders_total_check" CHECK ("total" >= 0), CONSTRAINT "orders_card_last_four_check" CHECK ("card_last_four" ~ '^[0-9]{4}$'), CONSTRAINT "orders_payment_method_check" CHECK ("payment_method" IN ('card','cash_on_delivery','bank_transfer')), CONSTRAINT "orders_status_check" CHECK ("status" IN ('pending','processing','shipped','delivered','cancelled')), CONSTRAINT "PK_710e2d4957aa5878dfe94e4ac2f" PRIMARY KEY ("id"))`,
      `CREATE INDEX "orders_created_at_idx" ON "orders" ("created_at") `,
      `CREATE INDEX "orders_status_created_at_idx" ON "orders" ("status", "created_at") `,
      `CREATE INDEX "orders_user_id_created_at_idx" ON "orders" ("user_id", "created_at") `,
      `CREATE TABLE "permissions" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "name" character varying(100) NOT NULL, "description" text, "resource" character varying(50) NOT NULL, "action" character varying(50) NOT NULL, "is_active" boolean NOT NULL DEFAULT true, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "UQ_48ce552495d14eae9b187bb6716" UNIQUE ("name"), CONSTRAINT "PK_920331560282b8bd21bb02290df" PRIMARY KEY ("id"))`,
      `CREATE TABLE "permission_groups" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "name" character varying(100) NOT NULL, "description" text, "is_active" boolean NOT NULL DEFAULT true, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "UQ_4d923def23302dc5da192374bfc" UNIQUE ("name"), CONSTRAINT "PK_e6d3b6dc86109f8149c4d6c5400" PRIMARY KEY ("id"))`,
      `CREATE TABLE "role_permission_groups" ("role_id" text NOT NULL, "permission_group_id" uuid NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_03b9ca6dc0625aed746f1f2c2e4" PRIMARY KEY ("role_id", "permission_group_id"))`,
      `CREATE INDEX "role_permission_groups_group_id_idx" ON "role_permission_groups" ("permission_group_id") `,
      `CREATE TABLE "permission_group_permissions" ("permission_group_id" uuid NOT NULL, "permission_id" uuid NOT NULL, CONSTRAINT "PK_8d6ddcccba916eaf00faf1d38a6" PRIMARY KEY ("permission_group_id", "permission_id"))`,
      `CREATE INDEX "permission_group_permissions_permission_id_idx" ON "permission_group_permissions" ("permission_id") `,
      `CREATE TABLE "role_permissions" ("role_id" text NOT NULL, "permission_id" uuid NOT NULL, "granted" boolean NOT NULL DEFAULT true, CONSTRAINT "PK_25d24010f53bb80b78e412c9656" PRIMARY KEY ("role_id", "permission_id"))`,
      `CREATE INDEX "role_permissions_permission_id_idx" ON "role_permissions" ("permission_id") `,
      `CREATE TABLE "sessions" ("sid" character varying(255) NOT NULL, "sess" json NOT NULL, "expire" TIMESTAMP(6) NOT NULL, CONSTRAINT "PK_e2d6172ca19b8ebef797c362b05" PRIMARY KEY ("sid"))`,
      `CREATE INDEX "sessions_expire_idx" ON "sessions" ("expire") `,
      `ALTER TABLE "users" ADD CONSTRAINT "FK_a2cecd1a3531c0b041e29ba46e1" FOREIGN KEY ("role_id") REFERENCES "roles"("id") ON DELETE SET NULL ON UPDATE NO ACTION`,
      `ALTER TABLE "user_addresses" ADD CONSTRAINT "FK_7a5100ce0548ef27a6f1533a5ce" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
      `ALTER TABLE "products" ADD CONSTRAINT "FK_9a5f6868c96e0069e699f33e124" FOREIGN KEY ("category_id") REFERENCES "categories"("id") ON DELETE SET NULL ON UPDATE NO ACTION`,
      `ALTER TABLE "order_items" ADD CONSTRAINT "FK_145532db85752b29c57d2b7b1f1" FOREIGN KEY ("order_id") REFERENCES "orders"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
      `ALTER TABLE "order_items" ADD CONSTRAINT "FK_9263386c35b6b242540f9493b00" FOREIGN KEY ("product_id") REFERENCES "products"("id") ON DELETE RESTRICT ON UPDATE NO ACTION`,
      `ALTER TABLE "orders" ADD CONSTRAINT "FK_a922b820eeef29ac1c6800e826a" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
      `ALTER TABLE "role_permission_groups" ADD CONSTRAINT "FK_83fd28a8aa421e2ab76acd62345" FOREIGN KEY ("role_id") REFERENCES "roles"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
      `ALTER TABLE "role_permission_groups" ADD CONSTRAINT "FK_200eba75a0fd9742731ef0359c3" FOREIGN KEY ("permission_group_id") REFERENCES "permission_groups"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
      `ALTER TABLE "permission_group_permissions" ADD CONSTRAINT "FK_45c4b5b3674affb7c2b98a4328d" FOREIGN KEY ("permission_group_id") REFERENCES "permission_groups"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
      `ALTER TABLE "permission_group_permissions" ADD CONSTRAINT "FK_bb38d22337359ba5d6ace09032a" FOREIGN KEY ("permission_id") REFERENCES "permissions"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
      `ALTER TABLE "role_permissions" ADD CONSTRAINT "FK_178199805b901ccd220ab7740ec" FOREIGN KEY ("role_id") REFERENCES "roles"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
      `ALTER TABLE "role_permissions" ADD CONSTRAINT "FK_17022daf3f885f7d35423e9971e" FOREIGN KEY ("permission_id") REFERENCES "permissions"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    ]) {
      await queryRunner.query(statement);
    }
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const statement of [
      `ALTER TABLE "role_permissions" DROP CONSTRAINT "FK_17022daf3f885f7d35423e9971e"`,
      `ALTER TABLE "role_permissions" DROP CONSTRAINT "FK_178199805b901ccd220ab7740ec"`,
      `ALTER TABLE "permission_group_permissions" DROP CONSTRAINT "FK_bb38d22337359ba5d6ace09032a"`,
      `ALTER TABLE "permission_group_permissions" DROP CONSTRAINT "FK_45c4b5b3674affb7c2b98a4328d"`,
      `ALTER TABLE "role_permission_groups" DROP CONSTRAINT "FK_200eba75a0fd9742731ef0359c3"`,
      `ALTER TABLE "role_permission_groups" DROP CONSTRAINT "FK_83fd28a8aa421e2ab76acd62345"`,
      `ALTER TABLE "orders" DROP CONSTRAINT "FK_a922b820eeef29ac1c6800e826a"`,
      `ALTER TABLE "order_items" DROP CONSTRAINT "FK_9263386c35b6b242540f9493b00"`,
      `ALTER TABLE "order_items" DROP CONSTRAINT "FK_145532db85752b29c57d2b7b1f1"`,
      `ALTER TABLE "products" DROP CONSTRAINT "FK_9a5f6868c96e0069e699f33e124"`,
      `ALTER TABLE "user_addresses" DROP CONSTRAINT "FK_7a5100ce0548ef27a6f1533a5ce"`,
      `ALTER TABLE "users" DROP CONSTRAINT "FK_a2cecd1a3531c0b041e29ba46e1"`,
      `DROP INDEX "public"."sessions_expire_idx"`,
      `DROP TABLE "sessions"`,
      `DROP INDEX "public"."role_permissions_permission_id_idx"`,
      `DROP TABLE "role_permissions"`,
      `DROP INDEX "public"."permission_group_permissions_permission_id_idx"`,
      `DROP TABLE "permission_group_permissions"`,
      `DROP INDEX "public"."role_permission_groups_group_id_idx"`,
      `DROP TABLE "role_permission_groups"`,
      `DROP TABLE "permission_groups"`,
      `DROP TABLE "permissions"`,
      `DROP INDEX "public"."orders_user_id_created_at_idx"`,
      `DROP INDEX "public"."orders_status_created_at_idx"`,
      `DROP INDEX "public"."orders_created_at_idx"`,
      `DROP TABLE "orders"`,
      `DROP INDEX "public"."order_items_product_id_idx"`,
      `DROP INDEX "public"."order_items_order_id_idx"`,
      `DROP TABLE "order_items"`,
      `DROP INDEX "public"."products_category_id_idx"`,
      `DROP TABLE "products"`,
      `DROP TABLE "categories"`,
      `DROP INDEX "public"."user_addresses_one_default_idx"`,
      `DROP INDEX "public"."user_addresses_user_id_idx"`,
      `DROP TABLE "user_addresses"`,
      `DROP INDEX "public"."users_auth_subject_key"`,
      `DROP INDEX "public"."users_email_key"`,
      `DROP TABLE "users"`,
      `DROP TABLE "roles"`,
    ]) {
      await queryRunner.query(statement);
    }
  }
}
