import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * E-mail preferences and digests (issue 12).
 * - `user_settings.email_messages` / `email_comments` (comments and reactions) / `email_events`:
 *   'off', 'immediately' or 'daily' (a digest), in place of the booleans `email_on_message` /
 *   `email_on_comment` / `email_on_event`, which the API still shows (true unless 'off'). A switch
 *   that was off becomes 'off'; one that was on becomes the kind's default (messages at once,
 *   comments and events in the daily digest).
 * - `email_item`: what a member is to be e-mailed about; `email_item_cause_idx` (unique) makes
 *   telling of a cause twice a no-op; `email_item_pending_digest_idx`: a member's unsent digest
 *   items, what the gathering and the digest read.
 * - `email_digest`: one per member and UTC day (the key), `sent_at` set when it went out.
 */
export class EmailPreferences1795570000000 implements MigrationInterface {
  name = 'EmailPreferences1795570000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "email_digest" ("user_id" uuid NOT NULL, "day" date NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "sent_at" TIMESTAMP WITH TIME ZONE, "item_count" integer NOT NULL DEFAULT '0', CONSTRAINT "PK_7c034b07ff80e8a5970844381ac" PRIMARY KEY ("user_id", "day"))`,
    );
    await queryRunner.query(
      `CREATE TABLE "email_item" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "user_id" uuid NOT NULL, "kind" text NOT NULL, "cause_key" text NOT NULL, "notification_id" uuid, "actor_id" uuid, "link" text, "via" text NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "sent_at" TIMESTAMP WITH TIME ZONE, CONSTRAINT "email_item_via_chk" CHECK (via IN ('immediately', 'daily')), CONSTRAINT "email_item_kind_chk" CHECK (kind IN ('messages', 'comments', 'events')), CONSTRAINT "PK_afc89070cfe1a4b5b87f986079d" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "email_item_actor_idx" ON "email_item" ("actor_id") `);
    await queryRunner.query(
      `CREATE INDEX "email_item_notification_idx" ON "email_item" ("notification_id") `,
    );
    await queryRunner.query(
      `CREATE INDEX "email_item_pending_digest_idx" ON "email_item" ("user_id", "created_at") WHERE sent_at IS NULL AND via = 'daily'`,
    );
    await queryRunner.query(
      `CREATE UNIQUE INDEX "email_item_cause_idx" ON "email_item" ("user_id", "cause_key") `,
    );
    await queryRunner.query(
      `ALTER TABLE "user_settings" ADD "email_messages" text NOT NULL DEFAULT 'immediately'`,
    );
    await queryRunner.query(
      `ALTER TABLE "user_settings" ADD "email_comments" text NOT NULL DEFAULT 'daily'`,
    );
    await queryRunner.query(
      `ALTER TABLE "user_settings" ADD "email_events" text NOT NULL DEFAULT 'daily'`,
    );
    await queryRunner.query(
      `UPDATE "user_settings" SET "email_messages" = CASE WHEN "email_on_message" THEN 'immediately' ELSE 'off' END, "email_comments" = CASE WHEN "email_on_comment" THEN 'daily' ELSE 'off' END, "email_events" = CASE WHEN "email_on_event" THEN 'daily' ELSE 'off' END WHERE NOT ("email_on_message" AND "email_on_comment" AND "email_on_event")`,
    );
    await queryRunner.query(`ALTER TABLE "user_settings" DROP COLUMN "email_on_message"`);
    await queryRunner.query(`ALTER TABLE "user_settings" DROP COLUMN "email_on_comment"`);
    await queryRunner.query(`ALTER TABLE "user_settings" DROP COLUMN "email_on_event"`);
    await queryRunner.query(
      `ALTER TABLE "user_settings" ADD CONSTRAINT "user_settings_email_events_chk" CHECK (email_events IN ('off', 'immediately', 'daily'))`,
    );
    await queryRunner.query(
      `ALTER TABLE "user_settings" ADD CONSTRAINT "user_settings_email_comments_chk" CHECK (email_comments IN ('off', 'immediately', 'daily'))`,
    );
    await queryRunner.query(
      `ALTER TABLE "user_settings" ADD CONSTRAINT "user_settings_email_messages_chk" CHECK (email_messages IN ('off', 'immediately', 'daily'))`,
    );
    await queryRunner.query(
      `ALTER TABLE "email_digest" ADD CONSTRAINT "FK_b5ed7e1c4bc9bab03e1a92ad4f9" FOREIGN KEY ("user_id") REFERENCES "user_account"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "email_item" ADD CONSTRAINT "FK_27ed1de9ed74cd64e069ae3b44a" FOREIGN KEY ("user_id") REFERENCES "user_account"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "email_item" ADD CONSTRAINT "FK_acedea46fe66d9f9846d19b88d3" FOREIGN KEY ("notification_id") REFERENCES "notification"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "email_item" ADD CONSTRAINT "FK_31a33a0562725601ee048f8325c" FOREIGN KEY ("actor_id") REFERENCES "user_account"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE "email_item" DROP CONSTRAINT "FK_31a33a0562725601ee048f8325c"`,
    );
    await queryRunner.query(
      `ALTER TABLE "email_item" DROP CONSTRAINT "FK_acedea46fe66d9f9846d19b88d3"`,
    );
    await queryRunner.query(
      `ALTER TABLE "email_item" DROP CONSTRAINT "FK_27ed1de9ed74cd64e069ae3b44a"`,
    );
    await queryRunner.query(
      `ALTER TABLE "email_digest" DROP CONSTRAINT "FK_b5ed7e1c4bc9bab03e1a92ad4f9"`,
    );
    await queryRunner.query(
      `ALTER TABLE "user_settings" DROP CONSTRAINT "user_settings_email_messages_chk"`,
    );
    await queryRunner.query(
      `ALTER TABLE "user_settings" DROP CONSTRAINT "user_settings_email_comments_chk"`,
    );
    await queryRunner.query(
      `ALTER TABLE "user_settings" DROP CONSTRAINT "user_settings_email_events_chk"`,
    );
    await queryRunner.query(
      `ALTER TABLE "user_settings" ADD "email_on_event" boolean NOT NULL DEFAULT true`,
    );
    await queryRunner.query(
      `ALTER TABLE "user_settings" ADD "email_on_comment" boolean NOT NULL DEFAULT true`,
    );
    await queryRunner.query(
      `ALTER TABLE "user_settings" ADD "email_on_message" boolean NOT NULL DEFAULT true`,
    );
    await queryRunner.query(
      `UPDATE "user_settings" SET "email_on_message" = "email_messages" <> 'off', "email_on_comment" = "email_comments" <> 'off', "email_on_event" = "email_events" <> 'off'`,
    );
    await queryRunner.query(`ALTER TABLE "user_settings" DROP COLUMN "email_events"`);
    await queryRunner.query(`ALTER TABLE "user_settings" DROP COLUMN "email_comments"`);
    await queryRunner.query(`ALTER TABLE "user_settings" DROP COLUMN "email_messages"`);
    await queryRunner.query(`DROP INDEX "public"."email_item_cause_idx"`);
    await queryRunner.query(`DROP INDEX "public"."email_item_pending_digest_idx"`);
    await queryRunner.query(`DROP INDEX "public"."email_item_notification_idx"`);
    await queryRunner.query(`DROP INDEX "public"."email_item_actor_idx"`);
    await queryRunner.query(`DROP TABLE "email_item"`);
    await queryRunner.query(`DROP TABLE "email_digest"`);
  }
}
