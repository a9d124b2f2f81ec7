import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The storefront's "free from" filter and its counts as bit tests (issue 20, docs/food-facts.md
 * "Indexes and speed").
 *
 * `allergen_bits` has bit i set when the product contains or may contain ALLERGENS[i], and
 * `label_bits` bit i when it carries DIETARY_LABELS[i] (packages/schema/src/food-facts-terms.ts;
 * the lists below are those lists as they stand today, and a test in
 * apps/api/src/modules/catalogue/food-facts.test.ts fails when they part). A trigger keeps both
 * in step with the arrays on every insert and update, whatever writes them (the form, the CSV
 * import's bulk upsert, the seeds).
 *
 * Why: the counts were 22 array searches per product (`'milk' = ANY(allergens || may_contain)`,
 * the arrays unpacked for each): 17 ms over the 10,000 products of the large data set; as integer
 * tests 4 ms, and a two-facet filter 3.7 → 1.7 ms.
 *
 * Changing ALLERGENS or DIETARY_LABELS (a new value, another order) needs a migration that
 * replaces `products_food_bits()` with the new lists and recomputes the columns.
 */
const ALLERGENS = `'{celery,gluten,wheat,crustaceans,eggs,fish,lupin,milk,molluscs,mustard,tree-nuts,peanuts,sesame,soybeans,sulphites}'::text[]`;
const DIETARY_LABELS = `'{vegan,vegetarian,gluten-free,lactose-free,organic,halal,kosher}'::text[]`;

export class FoodFactsBits1766800000000 implements MigrationInterface {
  name = 'FoodFactsBits1766800000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE FUNCTION food_term_bits(list text[], terms text[]) RETURNS integer
         LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
           SELECT coalesce(sum(1 << (t.i - 1)::int), 0)::int
             FROM unnest(terms) WITH ORDINALITY AS t(term, i)
            WHERE t.term = ANY(list)
         $$`,
    );
    await queryRunner.query(
      `CREATE FUNCTION products_food_bits() RETURNS trigger LANGUAGE plpgsql AS $$
         BEGIN
           NEW.allergen_bits := food_term_bits(NEW.allergens || NEW.may_contain, ${ALLERGENS});
           NEW.label_bits := food_term_bits(NEW.dietary_labels, ${DIETARY_LABELS});
           RETURN NEW;
         END
       $$`,
    );
    await queryRunner.query(
      `ALTER TABLE "products"
         ADD "allergen_bits" integer NOT NULL DEFAULT 0,
         ADD "label_bits" integer NOT NULL DEFAULT 0`,
    );
    await queryRunner.query(
      `UPDATE "products" SET
         "allergen_bits" = food_term_bits("allergens" || "may_contain", ${ALLERGENS}),
         "label_bits" = food_term_bits("dietary_labels", ${DIETARY_LABELS})`,
    );
    await queryRunner.query(
      `CREATE TRIGGER "products_food_bits"
         BEFORE INSERT OR UPDATE OF "allergens", "may_contain", "dietary_labels" ON "products"
         FOR EACH ROW EXECUTE FUNCTION products_food_bits()`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TRIGGER "products_food_bits" ON "products"`);
    await queryRunner.query(`ALTER TABLE "products" DROP COLUMN "label_bits", DROP COLUMN "allergen_bits"`);
    await queryRunner.query(`DROP FUNCTION products_food_bits()`);
    await queryRunner.query(`DROP FUNCTION food_term_bits(text[], text[])`);
  }
}
