import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Digests at 07:00 in each member's own time zone; the announcements' old column goes.
 * - `user_settings.time_zone`: the member's IANA zone (checked with Intl by the API; set from the
 *   browser when still unset); null: not set yet, digests go at 07:00 UTC. An `email_digest`'s
 *   `day` is now the member's local date of it (still one per member and day: the key).
 * - `notification.announcement_id`, its index and foreign key: announcements reach members as
 *   `announcement_receipt` rows (1795650000000), nothing reads or writes the column any more.
 */
export class MemberTimeZones1795680000000 implements MigrationInterface {
  name = 'MemberTimeZones1795680000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "user_settings" ADD "time_zone" text`);
    await queryRunner.query(
      `ALTER TABLE "user_settings" ADD CONSTRAINT "user_settings_time_zone_chk" CHECK (time_zone IS NULL OR char_length(time_zone) BETWEEN 1 AND 64)`,
    );
    await queryRunner.query(
      `ALTER TABLE "notification" DROP CONSTRAINT "FK_c5f3ce782317b1e84f65a2b8fc9"`,
    );
    await queryRunner.query(`DROP INDEX "public"."notification_announcement_idx"`);
    await queryRunner.query(`ALTER TABLE "notification" DROP COLUMN "announcement_id"`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "notification" ADD "announcement_id" uuid`);
    await queryRunner.query(
      `CREATE INDEX "notification_announcement_idx" ON "notification" ("announcement_id")`,
    );
    await queryRunner.query(
      `ALTER TABLE "notification" ADD CONSTRAINT "FK_c5f3ce782317b1e84f65a2b8fc9" FOREIGN KEY ("announcement_id") REFERENCES "announcement"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "user_settings" DROP CONSTRAINT "user_settings_time_zone_chk"`,
    );
    await queryRunner.query(`ALTER TABLE "user_settings" DROP COLUMN "time_zone"`);
  }
}
