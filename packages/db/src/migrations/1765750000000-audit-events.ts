import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The audit log (issue 17, item 10): `audit_events`, append-only. The api only ever inserts; the
 * trigger makes the database refuse UPDATE, DELETE and TRUNCATE too (PostgreSQL and PGlite alike), so
 * neither a bug nor a stray statement rewrites history. Retention is the operators' call: pruning
 * means disabling the trigger for that statement as the table's owner (docs/architecture.md §4).
 * No foreign keys: a row outlives what it names.
 */
export class AuditEvents1765750000000 implements MigrationInterface {
  name = 'AuditEvents1765750000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "audit_events" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "occurred_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT clock_timestamp(), "actor_id" uuid, "actor_email" character varying(320), "action" character varying(64) NOT NULL, "target_type" character varying(32), "target_id" character varying(255), "target_label" character varying(320), "ip" character varying(64), "user_agent" character varying(256), "details" jsonb NOT NULL, CONSTRAINT "PK_audit_events_id" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "audit_events_occurred_at_idx" ON "audit_events" ("occurred_at")`);
    await queryRunner.query(
      `CREATE INDEX "audit_events_action_occurred_at_idx" ON "audit_events" ("action", "occurred_at")`,
    );
    await queryRunner.query(
      `CREATE INDEX "audit_events_actor_id_occurred_at_idx" ON "audit_events" ("actor_id", "occurred_at")`,
    );
    await queryRunner.query(
      `CREATE INDEX "audit_events_target_idx" ON "audit_events" ("target_type", "target_id")`,
    );
    await queryRunner.query(
      `CREATE FUNCTION "audit_events_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
       BEGIN
         RAISE EXCEPTION 'audit_events is append-only: % is not allowed', TG_OP
           USING ERRCODE = 'insufficient_privilege';
       END
       $$`,
    );
    await queryRunner.query(
      `CREATE TRIGGER "audit_events_no_update_or_delete" BEFORE UPDATE OR DELETE ON "audit_events"
       FOR EACH ROW EXECUTE FUNCTION "audit_events_append_only"()`,
    );
    await queryRunner.query(
      `CREATE TRIGGER "audit_events_no_truncate" BEFORE TRUNCATE ON "audit_events"
       FOR EACH STATEMENT EXECUTE FUNCTION "audit_events_append_only"()`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "audit_events"`);
    await queryRunner.query(`DROP FUNCTION "audit_events_append_only"()`);
  }
}
