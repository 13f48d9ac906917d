import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Site announcements fanned out as narrow receipts instead of notification rows (issue 12: a
 * notice to 10,000 members at ≥ 100,000 rows/s). A notification row carries eleven indexes and
 * up to seven foreign keys; a receipt (announcement, member, seen, when) two indexes and none:
 * - the key (announcement_id, user_id): a batch of members in id order appends to it, and a
 *   repeated run adds nothing (ON CONFLICT);
 * - `announcement_receipt_user_idx`: a member's list, tally and mark-as-seen.
 * Foreign keys are left out on purpose (their per-row checks cost as much as the rows); the two
 * statement-level triggers do what ON DELETE CASCADE did: a member's receipts go with their
 * account, an announcement's with it. The announcements' notification rows move over.
 */
export class AnnouncementReceipts1795650000000 implements MigrationInterface {
  name = 'AnnouncementReceipts1795650000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "announcement_receipt" ("announcement_id" uuid NOT NULL, "user_id" uuid NOT NULL, "seen" boolean NOT NULL DEFAULT false, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_announcement_receipt" PRIMARY KEY ("announcement_id", "user_id"))`,
    );
    await queryRunner.query(
      `CREATE INDEX "announcement_receipt_user_idx" ON "announcement_receipt" ("user_id")`,
    );
    await queryRunner.query(
      `INSERT INTO "announcement_receipt" (announcement_id, user_id, seen, created_at)
       SELECT announcement_id, user_id, seen, created_at FROM "notification"
        WHERE type = 'immutable' AND announcement_id IS NOT NULL
       ON CONFLICT DO NOTHING`,
    );
    await queryRunner.query(`DELETE FROM "notification" WHERE type = 'immutable'`);
    await queryRunner.query(
      `CREATE FUNCTION announcement_receipt_drop_announced() RETURNS trigger LANGUAGE plpgsql AS $$
       BEGIN
         DELETE FROM announcement_receipt r USING gone_announcements g WHERE r.announcement_id = g.id;
         RETURN NULL;
       END $$`,
    );
    await queryRunner.query(
      `CREATE TRIGGER announcement_receipt_drop_announced AFTER DELETE ON "announcement"
       REFERENCING OLD TABLE AS gone_announcements FOR EACH STATEMENT
       EXECUTE FUNCTION announcement_receipt_drop_announced()`,
    );
    await queryRunner.query(
      `CREATE FUNCTION announcement_receipt_drop_members() RETURNS trigger LANGUAGE plpgsql AS $$
       BEGIN
         DELETE FROM announcement_receipt r USING gone_members g WHERE r.user_id = g.id;
         RETURN NULL;
       END $$`,
    );
    await queryRunner.query(
      `CREATE TRIGGER announcement_receipt_drop_members AFTER DELETE ON "user_account"
       REFERENCING OLD TABLE AS gone_members FOR EACH STATEMENT
       EXECUTE FUNCTION announcement_receipt_drop_members()`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TRIGGER announcement_receipt_drop_members ON "user_account"`);
    await queryRunner.query(`DROP FUNCTION announcement_receipt_drop_members()`);
    await queryRunner.query(`DROP TRIGGER announcement_receipt_drop_announced ON "announcement"`);
    await queryRunner.query(`DROP FUNCTION announcement_receipt_drop_announced()`);
    await queryRunner.query(
      `INSERT INTO "notification" (user_id, type, announcement_id, seen, created_at, dedupe_key)
       SELECT user_id, 'immutable', announcement_id, seen, created_at,
              'immutable:' || announcement_id::text || ':' || user_id::text
         FROM "announcement_receipt"
       ON CONFLICT (dedupe_key) DO NOTHING`,
    );
    await queryRunner.query(`DROP INDEX "public"."announcement_receipt_user_idx"`);
    await queryRunner.query(`DROP TABLE "announcement_receipt"`);
  }
}
