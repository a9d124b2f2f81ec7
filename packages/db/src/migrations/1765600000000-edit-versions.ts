import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The edit version of the rows staff edit while others may change them (issue 15): a staff form
 * sends back the version it loaded, and a write based on an older one is refused (409) instead of
 * silently undoing what was saved meanwhile. Existing rows start at 1.
 */
export class EditVersions1765600000000 implements MigrationInterface {
  name = 'EditVersions1765600000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "products" ADD "version" integer NOT NULL DEFAULT 1`);
    await queryRunner.query(`ALTER TABLE "users" ADD "version" integer NOT NULL DEFAULT 1`);
    await queryRunner.query(`ALTER TABLE "roles" ADD "version" integer NOT NULL DEFAULT 1`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "roles" DROP COLUMN "version"`);
    await queryRunner.query(`ALTER TABLE "users" DROP COLUMN "version"`);
    await queryRunner.query(`ALTER TABLE "products" DROP COLUMN "version"`);
  }
}
