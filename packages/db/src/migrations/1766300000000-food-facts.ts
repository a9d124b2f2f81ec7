import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Food facts of a product (issue 20): allergens it contains and may contain (two lists, the 14 of
 * EU Regulation 1169/2011 Annex II plus the US's wheat), dietary labels, ingredients, nutrition per
 * 100 g or 100 ml (jsonb: one declaration read and written whole), origin and storage.
 *
 * The booleans is_organic and is_gluten_free become the labels 'organic' and 'gluten-free' (one
 * place for a label; the api still answers isOrganic/isGlutenFree, derived from the labels).
 *
 * Indexes: the storefront filters "carries every label" (`dietary_labels @> …`, GIN) and "free
 * from" (`NOT (allergens || may_contain) && …`). A negated overlap cannot use an index, so the
 * free-from filter reads the active products of the other filters; at 10,000 products that is a
 * fraction of a millisecond per thousand rows (docs/food-facts.md "Indexes and speed"). The GIN index on
 * both allergen lists together serves the staff's and scripts' "contains …" questions.
 */
export class FoodFacts1766300000000 implements MigrationInterface {
  name = 'FoodFacts1766300000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE "products"
         ADD "allergens" text array NOT NULL DEFAULT '{}',
         ADD "may_contain" text array NOT NULL DEFAULT '{}',
         ADD "dietary_labels" text array NOT NULL DEFAULT '{}',
         ADD "ingredients" text,
         ADD "nutrition" jsonb,
         ADD "origin" character varying(100),
         ADD "storage" text`,
    );
    await queryRunner.query(
      `UPDATE "products" SET "dietary_labels" =
         (CASE WHEN "is_organic" THEN ARRAY['organic'] ELSE '{}' END)
         || (CASE WHEN "is_gluten_free" THEN ARRAY['gluten-free'] ELSE '{}' END)
       WHERE "is_organic" OR "is_gluten_free"`,
    );
    await queryRunner.query(`ALTER TABLE "products" DROP COLUMN "is_organic", DROP COLUMN "is_gluten_free"`);
    await queryRunner.query(
      `CREATE INDEX "products_dietary_labels_idx" ON "products" USING gin ("dietary_labels")`,
    );
    await queryRunner.query(
      `CREATE INDEX "products_allergens_idx" ON "products" USING gin (("allergens" || "may_contain"))`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "public"."products_allergens_idx"`);
    await queryRunner.query(`DROP INDEX "public"."products_dietary_labels_idx"`);
    await queryRunner.query(
      `ALTER TABLE "products" ADD "is_organic" boolean NOT NULL DEFAULT false,
                              ADD "is_gluten_free" boolean NOT NULL DEFAULT false`,
    );
    await queryRunner.query(
      `UPDATE "products" SET "is_organic" = 'organic' = ANY("dietary_labels"),
                             "is_gluten_free" = 'gluten-free' = ANY("dietary_labels")`,
    );
    await queryRunner.query(
      `ALTER TABLE "products" DROP COLUMN "storage", DROP COLUMN "origin", DROP COLUMN "nutrition",
         DROP COLUMN "ingredients", DROP COLUMN "dietary_labels", DROP COLUMN "may_contain",
         DROP COLUMN "allergens"`,
    );
  }
}
