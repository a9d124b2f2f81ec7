import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Sessions keyed by the SHA-256 of their id, with their user and the time they were last used
 * (OWASP ASVS L2, sessions): a read of the table no longer hands out live sessions, "Sign out
 * everywhere" can find a user's sessions, and an idle session can be told from an active one.
 *
 * The existing rows are deleted, not rehashed: their ids are in the clear, so anyone who has read
 * them could still use them. Everyone signs in again once after this migration.
 */
export class HashedSessions1765900000000 implements MigrationInterface {
  name = 'HashedSessions1765900000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DELETE FROM "sessions"`);
    await queryRunner.query(`ALTER TABLE "sessions" ADD "user_id" uuid NOT NULL`);
    await queryRunner.query(`ALTER TABLE "sessions" ADD "last_seen_at" TIMESTAMP(6) NOT NULL`);
    await queryRunner.query(`CREATE INDEX "sessions_user_id_idx" ON "sessions" ("user_id")`);
    await queryRunner.query(
      `ALTER TABLE "sessions" ADD CONSTRAINT "FK_085d540d9f418cfbdc7bd55bb19" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    // The hashed rows cannot be turned back into ids: everyone signs in again.
    await queryRunner.query(`DELETE FROM "sessions"`);
    await queryRunner.query(`ALTER TABLE "sessions" DROP CONSTRAINT "FK_085d540d9f418cfbdc7bd55bb19"`);
    await queryRunner.query(`DROP INDEX "public"."sessions_user_id_idx"`);
    await queryRunner.query(`ALTER TABLE "sessions" DROP COLUMN "last_seen_at"`);
    await queryRunner.query(`ALTER TABLE "sessions" DROP COLUMN "user_id"`);
  }
}
