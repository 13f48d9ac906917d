import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Cleanup jobs and the ops role (issue 13):
 * - `user_account.is_ops`: the operators' read-only permission (queue dashboard, metrics), which
 *   admits to no admin call and so to no member's data.
 * - `user_account_without_location_idx`: the admins' list of members without a location, newest
 *   first, read by keyset without scanning the members who have one.
 * - `event_specific_location_idx`: the location cleanups look up a place's dates by it (repointing
 *   duplicates, proving a place orphaned); templates already have theirs.
 */
export class CleanupAndOps1795620000000 implements MigrationInterface {
  name = 'CleanupAndOps1795620000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE "user_account" ADD "is_ops" boolean NOT NULL DEFAULT false`,
    );
    await queryRunner.query(
      `CREATE INDEX "user_account_without_location_idx" ON "user_account" ("created_at", "id") WHERE latitude IS NULL`,
    );
    await queryRunner.query(
      `CREATE INDEX "event_specific_location_idx" ON "event_specific" ("location_id") WHERE location_id IS NOT NULL`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "public"."event_specific_location_idx"`);
    await queryRunner.query(`DROP INDEX "public"."user_account_without_location_idx"`);
    await queryRunner.query(`ALTER TABLE "user_account" DROP COLUMN "is_ops"`);
  }
}
