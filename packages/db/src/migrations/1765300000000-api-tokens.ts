import type { MigrationInterface, QueryRunner } from 'typeorm';

/** API tokens for scripts (issue 9): hashed secrets, optional expiry, last use, revocation. */
export class ApiTokens1765300000000 implements MigrationInterface {
  name = 'ApiTokens1765300000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "api_tokens" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "user_id" uuid NOT NULL, "name" character varying(100) NOT NULL, "token_hash" character(64) NOT NULL, "prefix" character varying(16) NOT NULL, "created_by_id" uuid, "expires_at" TIMESTAMP WITH TIME ZONE, "last_used_at" TIMESTAMP WITH TIME ZONE, "revoked_at" TIMESTAMP WITH TIME ZONE, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "UQ_bbd687a104e1921e6702c6e3aad" UNIQUE ("token_hash"), CONSTRAINT "PK_c587455266b5fa8dace7194caac" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "api_tokens_user_id_idx" ON "api_tokens" ("user_id")`);
    await queryRunner.query(
      `ALTER TABLE "api_tokens" ADD CONSTRAINT "FK_b74883f5884a42fd8496d389b25" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "api_tokens" ADD CONSTRAINT "FK_a17eb380a7c7622315c02725aff" FOREIGN KEY ("created_by_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE NO ACTION`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "api_tokens"`);
  }
}
