import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A sign-in is the provider's issuer plus its subject (docs/architecture.md §3 "Who a sign-in is"):
 * a subject is only unique at its own issuer, so `auth_subject` alone could let a second provider's
 * user with the same `sub` into another person's account.
 *
 * Backfill: rows linked before this migration keep `auth_issuer` NULL. The shop has always had one
 * provider at a time, so their subject came from the provider configured then; the next sign-in by
 * that subject records its issuer (users-at-sign-in.service.ts). docs/deploy.md ("Signing in with
 * your provider") asks operators not to switch providers in the same upgrade.
 *
 * `down` restores the unique index on the subject alone, which fails while two issuers share one
 * subject.
 */
export class UserIdentityIssuer1765800000000 implements MigrationInterface {
  name = 'UserIdentityIssuer1765800000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "users" ADD "auth_issuer" character varying(2048)`);
    await queryRunner.query(`DROP INDEX "public"."users_auth_subject_key"`);
    await queryRunner.query(
      `CREATE UNIQUE INDEX "users_auth_identity_key" ON "users" ("auth_issuer", "auth_subject") `,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "public"."users_auth_identity_key"`);
    await queryRunner.query(`CREATE UNIQUE INDEX "users_auth_subject_key" ON "users" ("auth_subject") `);
    await queryRunner.query(`ALTER TABLE "users" DROP COLUMN "auth_issuer"`);
  }
}
