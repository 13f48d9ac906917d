import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Invites and form entries (issue 13).
 * - `invite`: to the site, a page or an event (`target_id`, null for the site); `is_valid` switched
 *   by its inviter or an admin; `expires_at`; `use_count`, at most 1 for a site invite
 *   (`invite_site_single_use_chk`: single use holds even if a conditional update were wrong);
 *   `invite_inviter_idx` for a member's sent list, `invite_expires_idx` for the cleanup purge.
 * - `invite_acceptance`: who accepted a page or event invite, once each (the key).
 * - `form_entry`: contact and feedback entries, listed for admins newest first
 *   (`form_entry_created_idx`); `handled_at`/`handled_by` once an admin dealt with one.
 */
export class InvitesAndForms1795610000000 implements MigrationInterface {
  name = 'InvitesAndForms1795610000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "form_entry" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "kind" text NOT NULL, "subject" text NOT NULL, "text" text NOT NULL, "reply_email" text, "user_id" uuid, "handled_at" TIMESTAMP WITH TIME ZONE, "handled_by" uuid, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "form_entry_reply_email_chk" CHECK (reply_email IS NULL OR char_length(reply_email) <= 254), CONSTRAINT "form_entry_text_chk" CHECK (char_length(text) BETWEEN 1 AND 5000), CONSTRAINT "form_entry_subject_chk" CHECK (char_length(subject) BETWEEN 1 AND 150), CONSTRAINT "form_entry_kind_chk" CHECK (kind IN ('contact', 'feedback')), CONSTRAINT "PK_a31dd720c9b6056439fd88f508a" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE INDEX "form_entry_created_idx" ON "form_entry" ("created_at", "id")`,
    );
    await queryRunner.query(
      `CREATE TABLE "invite_acceptance" ("invite_id" uuid NOT NULL, "user_id" uuid NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_0b00b452a2a825b15266ee7ea01" PRIMARY KEY ("invite_id", "user_id"))`,
    );
    await queryRunner.query(
      `CREATE INDEX "invite_acceptance_user_idx" ON "invite_acceptance" ("user_id")`,
    );
    await queryRunner.query(
      `CREATE TABLE "invite" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "inviter_id" uuid NOT NULL, "invite_type" text NOT NULL, "target_id" uuid, "note_text" text NOT NULL DEFAULT '', "is_valid" boolean NOT NULL DEFAULT true, "expires_at" TIMESTAMP WITH TIME ZONE NOT NULL, "use_count" integer NOT NULL DEFAULT '0', "used_at" TIMESTAMP WITH TIME ZONE, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "invite_use_count_chk" CHECK (use_count >= 0), CONSTRAINT "invite_site_single_use_chk" CHECK (invite_type <> 'site' OR use_count <= 1), CONSTRAINT "invite_note_chk" CHECK (char_length(note_text) <= 500), CONSTRAINT "invite_target_chk" CHECK ((invite_type = 'site') = (target_id IS NULL)), CONSTRAINT "invite_type_chk" CHECK (invite_type IN ('site', 'page', 'event')), CONSTRAINT "PK_fc9fa190e5a3c5d80604a4f63e1" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "invite_expires_idx" ON "invite" ("expires_at")`);
    await queryRunner.query(
      `CREATE INDEX "invite_inviter_idx" ON "invite" ("inviter_id", "created_at", "id")`,
    );
    await queryRunner.query(
      `ALTER TABLE "form_entry" ADD CONSTRAINT "FK_48ff4dbc11bf34cff0d654294d8" FOREIGN KEY ("user_id") REFERENCES "user_account"("id") ON DELETE SET NULL ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "form_entry" ADD CONSTRAINT "FK_d0b52333ca84c8b198def45fb9c" FOREIGN KEY ("handled_by") REFERENCES "user_account"("id") ON DELETE SET NULL ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "invite_acceptance" ADD CONSTRAINT "FK_aac3b5a5a7ae3446faf9f49887c" FOREIGN KEY ("invite_id") REFERENCES "invite"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "invite_acceptance" ADD CONSTRAINT "FK_bef912f9f9911178baff9685488" FOREIGN KEY ("user_id") REFERENCES "user_account"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "invite" ADD CONSTRAINT "FK_b77ff52a0476267fc1d45c0d16b" FOREIGN KEY ("inviter_id") REFERENCES "user_account"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE "invite" DROP CONSTRAINT "FK_b77ff52a0476267fc1d45c0d16b"`,
    );
    await queryRunner.query(
      `ALTER TABLE "invite_acceptance" DROP CONSTRAINT "FK_bef912f9f9911178baff9685488"`,
    );
    await queryRunner.query(
      `ALTER TABLE "invite_acceptance" DROP CONSTRAINT "FK_aac3b5a5a7ae3446faf9f49887c"`,
    );
    await queryRunner.query(
      `ALTER TABLE "form_entry" DROP CONSTRAINT "FK_d0b52333ca84c8b198def45fb9c"`,
    );
    await queryRunner.query(
      `ALTER TABLE "form_entry" DROP CONSTRAINT "FK_48ff4dbc11bf34cff0d654294d8"`,
    );
    await queryRunner.query(`DROP INDEX "public"."invite_inviter_idx"`);
    await queryRunner.query(`DROP INDEX "public"."invite_expires_idx"`);
    await queryRunner.query(`DROP TABLE "invite"`);
    await queryRunner.query(`DROP INDEX "public"."invite_acceptance_user_idx"`);
    await queryRunner.query(`DROP TABLE "invite_acceptance"`);
    await queryRunner.query(`DROP INDEX "public"."form_entry_created_idx"`);
    await queryRunner.query(`DROP TABLE "form_entry"`);
  }
}
