import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Reading notifications (GET notifications/all, unread-tally, mark-as-seen) and site announcements
 * (POST notifications/new-immutable):
 * - `group_key`: what groups rows in the list ("Ana and 3 others liked your post"): the same type
 *   of thing done to the same object; null for rows shown alone (mentions, announcements). Written
 *   by the insert (notifications.queries.ts), back-filled here for the rows already there.
 * - `notification_group_idx`: the list's "is this the newest row of its group" probe and the
 *   group's members.
 * - `notification_unseen_idx`: the bounded unread tally reads only unseen rows.
 * - `announcement`: the text of a site announcement; its notifications go with it.
 */
export class NotificationReads1795550000000 implements MigrationInterface {
  name = 'NotificationReads1795550000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "announcement" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "body" text NOT NULL, "author_id" uuid, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_announcement_id" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `ALTER TABLE "announcement" ADD CONSTRAINT "FK_79ed3f4aefa455c934618cb61f0" FOREIGN KEY ("author_id") REFERENCES "user_account"("id") ON DELETE SET NULL ON UPDATE NO ACTION`,
    );
    await queryRunner.query(`ALTER TABLE "notification" ADD "group_key" text`);
    await queryRunner.query(`ALTER TABLE "notification" ADD "announcement_id" uuid`);
    await queryRunner.query(
      `ALTER TABLE "notification" ADD CONSTRAINT "FK_c5f3ce782317b1e84f65a2b8fc9" FOREIGN KEY ("announcement_id") REFERENCES "announcement"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `UPDATE "notification" SET "group_key" = CASE type
         WHEN 'reaction' THEN 'reaction:' || COALESCE(comment_id, post_id)::text
         WHEN 'comment' THEN 'comment:' || post_id::text
         WHEN 'event' THEN 'event:' || COALESCE(subtype, '') || ':' || COALESCE(event_specific_id, event_id)::text
         ELSE NULL END`,
    );
    await queryRunner.query(
      `CREATE INDEX "notification_group_idx" ON "notification" ("user_id", "group_key", "created_at", "id")`,
    );
    await queryRunner.query(
      `CREATE INDEX "notification_unseen_idx" ON "notification" ("user_id") WHERE NOT seen`,
    );
    await queryRunner.query(
      `CREATE INDEX "notification_announcement_idx" ON "notification" ("announcement_id")`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "public"."notification_announcement_idx"`);
    await queryRunner.query(`DROP INDEX "public"."notification_unseen_idx"`);
    await queryRunner.query(`DROP INDEX "public"."notification_group_idx"`);
    await queryRunner.query(
      `ALTER TABLE "notification" DROP CONSTRAINT "FK_c5f3ce782317b1e84f65a2b8fc9"`,
    );
    await queryRunner.query(`ALTER TABLE "notification" DROP COLUMN "announcement_id"`);
    await queryRunner.query(`ALTER TABLE "notification" DROP COLUMN "group_key"`);
    await queryRunner.query(`DROP TABLE "announcement"`);
  }
}
