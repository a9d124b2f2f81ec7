import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Email changes verified (issue 32; docs/security.md "Email changes verified"): a new profile email
 * waits here until the link sent to it is opened by the signed-in user. Only the SHA-256 of the
 * link's token is stored, never the token.
 */
export class EmailChanges1767100000000 implements MigrationInterface {
  name = 'EmailChanges1767100000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "email_changes" (
        "id" uuid NOT NULL DEFAULT gen_random_uuid(),
        "user_id" uuid NOT NULL,
        "new_email" character varying(320) NOT NULL,
        "token_hash" character(64) NOT NULL,
        "expires_at" TIMESTAMP WITH TIME ZONE NOT NULL,
        "confirmed_at" TIMESTAMP WITH TIME ZONE,
        "replaced_at" TIMESTAMP WITH TIME ZONE,
        "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        CONSTRAINT "UQ_783a2e0c1a8fafd72ed0684b5da" UNIQUE ("token_hash"),
        CONSTRAINT "PK_6626b2af49c359b24442c10bbb1" PRIMARY KEY ("id")
      )`,
    );
    await queryRunner.query(`CREATE INDEX "email_changes_user_id_idx" ON "email_changes" ("user_id")`);
    await queryRunner.query(
      `ALTER TABLE "email_changes" ADD CONSTRAINT "FK_38edd6558e3b8386e9297c2636e" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "email_changes"`);
  }
}
