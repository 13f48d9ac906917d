import type { MigrationInterface, QueryRunner } from 'typeorm';

export class Outbox1795308713069 implements MigrationInterface {
  name = 'Outbox1795308713069';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "outbox_message" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "queue" text NOT NULL, "job_name" text NOT NULL, "payload" jsonb NOT NULL, "job_id" text, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "dispatched_at" TIMESTAMP WITH TIME ZONE, CONSTRAINT "PK_2f36ee5236f2793f3e7bd554589" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE INDEX "outbox_message_pending_idx" ON "outbox_message" ("created_at") WHERE dispatched_at IS NULL`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "public"."outbox_message_pending_idx"`);
    await queryRunner.query(`DROP TABLE "outbox_message"`);
  }
}
