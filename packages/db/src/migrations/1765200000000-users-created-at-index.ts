import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The user management screen pages newest accounts first (`users.page`): with 2,000 customers a page
 * of 50 was a sequential scan and a sort of every user; this index serves it (EXPLAIN: index scan
 * backward, incremental sort of the ties on email).
 */
export class UsersCreatedAtIndex1765200000000 implements MigrationInterface {
  name = 'UsersCreatedAtIndex1765200000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE INDEX "users_created_at_idx" ON "users" ("created_at")`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "public"."users_created_at_idx"`);
  }
}
