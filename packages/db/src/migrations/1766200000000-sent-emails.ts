import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * What the shop has emailed (issue 19, order emails): one row per message, with its content, so
 * staff can see it (Admin → Outbox) and so an order's email of one kind is sent once (unique order
 * and kind): a sender claims the row before sending (`claimed_at`) and marks it sent after
 * (`sent_at`). In the zero-configuration start, without SMTP_URL, the row is the delivery: the
 * built-in outbox.
 *
 * Also the schema of the email job queue (pg-boss, apps/api/src/modules/mail/order-mail-queue.ts),
 * created here, under the migrations' lock: pg-boss creates its tables in it itself, under its own
 * lock, but its CREATE SCHEMA races when several instances start at once.
 */
export class SentEmails1766200000000 implements MigrationInterface {
  name = 'SentEmails1766200000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "sent_emails" (
        "id" uuid NOT NULL DEFAULT gen_random_uuid(),
        "order_id" uuid REFERENCES "orders"("id") ON DELETE SET NULL,
        "kind" character varying(20) NOT NULL,
        "recipient" character varying(320) NOT NULL,
        "subject" character varying(300) NOT NULL,
        "html" text NOT NULL,
        "text" text NOT NULL,
        "transport" character varying(10) NOT NULL,
        "message_id" character varying(300),
        "claimed_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        "sent_at" TIMESTAMP WITH TIME ZONE,
        CONSTRAINT "sent_emails_transport_check" CHECK ("transport" IN ('smtp','outbox')),
        CONSTRAINT "sent_emails_order_kind" UNIQUE ("order_id", "kind"),
        CONSTRAINT "PK_sent_emails" PRIMARY KEY ("id")
      )`,
    );
    await queryRunner.query(`CREATE INDEX "sent_emails_claimed_at_idx" ON "sent_emails" ("claimed_at")`);
    await queryRunner.query(`CREATE SCHEMA IF NOT EXISTS "pgboss"`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP SCHEMA IF EXISTS "pgboss" CASCADE`);
    await queryRunner.query(`DROP TABLE "sent_emails"`);
  }
}
