import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * API token scopes and a required expiry (ASVS L2, docs/architecture.md §3 "API tokens"): each token
 * is read-only or read-write, optionally limited to a permission subset, and expires within a year.
 * Tokens that exist already keep working as they did (read-write, no subset; users and roles
 * administration now needs a new token naming it), and get an expiry one year from this migration
 * at the latest: one with none, or a later one, expires then (docs/deploy.md "Upgrades"). The
 * scope's default `write` is for the previous release during a rolling upgrade: the api always sets it.
 */
export class ApiTokenScopes1765850000000 implements MigrationInterface {
  name = 'ApiTokenScopes1765850000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE "api_tokens" ADD "scope" character varying(5) NOT NULL DEFAULT 'write'`,
    );
    await queryRunner.query(
      `ALTER TABLE "api_tokens" ADD CONSTRAINT "api_tokens_scope_check" CHECK ("scope" IN ('read', 'write'))`,
    );
    await queryRunner.query(`ALTER TABLE "api_tokens" ADD "permissions" text array`);
    await queryRunner.query(
      `UPDATE "api_tokens" SET "expires_at" = LEAST(COALESCE("expires_at", 'infinity'), now() + interval '365 days')`,
    );
    await queryRunner.query(`ALTER TABLE "api_tokens" ALTER COLUMN "expires_at" SET NOT NULL`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "api_tokens" ALTER COLUMN "expires_at" DROP NOT NULL`);
    await queryRunner.query(`ALTER TABLE "api_tokens" DROP COLUMN "permissions"`);
    await queryRunner.query(`ALTER TABLE "api_tokens" DROP CONSTRAINT "api_tokens_scope_check"`);
    await queryRunner.query(`ALTER TABLE "api_tokens" DROP COLUMN "scope"`);
  }
}
