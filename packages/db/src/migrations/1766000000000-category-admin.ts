import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Categories managed in the admin (issue 19 item 1): a picture, a place on the storefront
 * (`position`, then name), an active flag (inactive categories are hidden from shoppers), the time
 * of the last edit and the edit version (edit-version.ts: a stale edit is refused). Existing rows
 * keep position 0, so the storefront's order stays by name until staff order them.
 * The storefront's category list reads the active ones in (position, name) order from one index.
 */
export class CategoryAdmin1766000000000 implements MigrationInterface {
  name = 'CategoryAdmin1766000000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "categories" ADD "image_url" text`);
    await queryRunner.query(`ALTER TABLE "categories" ADD "position" integer NOT NULL DEFAULT 0`);
    await queryRunner.query(`ALTER TABLE "categories" ADD "is_active" boolean NOT NULL DEFAULT true`);
    await queryRunner.query(
      `ALTER TABLE "categories" ADD "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now()`,
    );
    await queryRunner.query(`ALTER TABLE "categories" ADD "version" integer NOT NULL DEFAULT 1`);
    await queryRunner.query(
      `CREATE INDEX "categories_position_name_idx" ON "categories" ("position", "name")`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "public"."categories_position_name_idx"`);
    await queryRunner.query(`ALTER TABLE "categories" DROP COLUMN "version"`);
    await queryRunner.query(`ALTER TABLE "categories" DROP COLUMN "updated_at"`);
    await queryRunner.query(`ALTER TABLE "categories" DROP COLUMN "is_active"`);
    await queryRunner.query(`ALTER TABLE "categories" DROP COLUMN "position"`);
    await queryRunner.query(`ALTER TABLE "categories" DROP COLUMN "image_url"`);
  }
}
