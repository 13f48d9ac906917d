import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Messaging (issue 12): conversations between members and from members to pages, their
 * participants with each one's read state, and the messages.
 * - `conversation.pair_key` (unique): one conversation per pair, so two members starting at once
 *   meet in one row. A page's conversations go with the page; a member's with their account.
 * - `conversation_participant_list_idx`: a member's conversations, newest activity first.
 * - `conversation_participant_unread_idx`: the unread tally sums only a member's unread rows.
 * - `message_conversation_idx`: a conversation's messages by (created_at, id), the cursor.
 */
export class Messaging1795560000000 implements MigrationInterface {
  name = 'Messaging1795560000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "conversation_participant" ("conversation_id" uuid NOT NULL, "user_id" uuid NOT NULL, "role" text NOT NULL, "unread_count" integer NOT NULL DEFAULT '0', "last_read_at" TIMESTAMP WITH TIME ZONE, "last_activity_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "conversation_participant_unread_chk" CHECK (unread_count >= 0), CONSTRAINT "conversation_participant_role_chk" CHECK (role IN ('member', 'page')), CONSTRAINT "PK_e8317bf50da00fff74b97be3afa" PRIMARY KEY ("conversation_id", "user_id"))`,
    );
    await queryRunner.query(
      `CREATE INDEX "conversation_participant_unread_idx" ON "conversation_participant" ("user_id") WHERE unread_count > 0`,
    );
    await queryRunner.query(
      `CREATE INDEX "conversation_participant_list_idx" ON "conversation_participant" ("user_id", "last_activity_at", "conversation_id") `,
    );
    await queryRunner.query(
      `CREATE TABLE "conversation" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "conv_type" text NOT NULL, "pair_key" text NOT NULL, "starter_id" uuid NOT NULL, "page_id" uuid, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "last_message_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "conversation_page_chk" CHECK ((conv_type = 'u2u') = (page_id IS NULL)), CONSTRAINT "conversation_type_chk" CHECK (conv_type IN ('u2u', 'u2p', 'tomypage')), CONSTRAINT "PK_864528ec4274360a40f66c29845" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE INDEX "conversation_starter_idx" ON "conversation" ("starter_id") `,
    );
    await queryRunner.query(`CREATE INDEX "conversation_page_idx" ON "conversation" ("page_id") `);
    await queryRunner.query(
      `CREATE UNIQUE INDEX "conversation_pair_idx" ON "conversation" ("pair_key") `,
    );
    await queryRunner.query(
      `CREATE TABLE "message" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "conversation_id" uuid NOT NULL, "sender_id" uuid NOT NULL, "as_page" boolean NOT NULL DEFAULT false, "body" text NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "message_body_chk" CHECK (char_length(body) BETWEEN 1 AND 2000), CONSTRAINT "PK_ba01f0a3e0123651915008bc578" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "message_sender_idx" ON "message" ("sender_id") `);
    await queryRunner.query(
      `CREATE INDEX "message_conversation_idx" ON "message" ("conversation_id", "created_at", "id") `,
    );
    await queryRunner.query(
      `ALTER TABLE "conversation_participant" ADD CONSTRAINT "FK_f6f41e6c7af3a1ffaab8787c2b7" FOREIGN KEY ("conversation_id") REFERENCES "conversation"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "conversation_participant" ADD CONSTRAINT "FK_999e5e614e5eb74faf4fcdb8c0d" FOREIGN KEY ("user_id") REFERENCES "user_account"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "conversation" ADD CONSTRAINT "FK_6a1ea3815cb74a047c4f7457813" FOREIGN KEY ("starter_id") REFERENCES "user_account"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "conversation" ADD CONSTRAINT "FK_45980a6c0b61e0cfd94e8b9f583" FOREIGN KEY ("page_id") REFERENCES "page"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "message" ADD CONSTRAINT "FK_7fe3e887d78498d9c9813375ce2" FOREIGN KEY ("conversation_id") REFERENCES "conversation"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "message" ADD CONSTRAINT "FK_c0ab99d9dfc61172871277b52f6" FOREIGN KEY ("sender_id") REFERENCES "user_account"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE "message" DROP CONSTRAINT "FK_c0ab99d9dfc61172871277b52f6"`,
    );
    await queryRunner.query(
      `ALTER TABLE "message" DROP CONSTRAINT "FK_7fe3e887d78498d9c9813375ce2"`,
    );
    await queryRunner.query(
      `ALTER TABLE "conversation" DROP CONSTRAINT "FK_45980a6c0b61e0cfd94e8b9f583"`,
    );
    await queryRunner.query(
      `ALTER TABLE "conversation" DROP CONSTRAINT "FK_6a1ea3815cb74a047c4f7457813"`,
    );
    await queryRunner.query(
      `ALTER TABLE "conversation_participant" DROP CONSTRAINT "FK_999e5e614e5eb74faf4fcdb8c0d"`,
    );
    await queryRunner.query(
      `ALTER TABLE "conversation_participant" DROP CONSTRAINT "FK_f6f41e6c7af3a1ffaab8787c2b7"`,
    );
    await queryRunner.query(`DROP INDEX "public"."message_conversation_idx"`);
    await queryRunner.query(`DROP INDEX "public"."message_sender_idx"`);
    await queryRunner.query(`DROP TABLE "message"`);
    await queryRunner.query(`DROP INDEX "public"."conversation_pair_idx"`);
    await queryRunner.query(`DROP INDEX "public"."conversation_page_idx"`);
    await queryRunner.query(`DROP INDEX "public"."conversation_starter_idx"`);
    await queryRunner.query(`DROP TABLE "conversation"`);
    await queryRunner.query(`DROP INDEX "public"."conversation_participant_list_idx"`);
    await queryRunner.query(`DROP INDEX "public"."conversation_participant_unread_idx"`);
    await queryRunner.query(`DROP TABLE "conversation_participant"`);
  }
}
