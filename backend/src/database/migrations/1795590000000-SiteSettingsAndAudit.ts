import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Site settings and the audit log (issue 13).
 * - `site_setting`: one row per setting an admin has changed (name is the key of the registry in
 *   platform/site-settings/site-setting-definitions.ts); a setting without a row has its default,
 *   so adding a setting to the registry needs no migration. `value` is jsonb, checked by the
 *   registry before it is written; `data_type` records what the admin said it was.
 * - `audit_log`: who did what to which target, with the state before and after, newest first by
 *   `(created_at DESC, id DESC)` (the keyset order of the admin list). `actor_id` keeps no foreign
 *   key: an entry outlives the admin who made it (deleting an account must not erase the record
 *   of what that account did).
 */
export class SiteSettingsAndAudit1795590000000 implements MigrationInterface {
  name = 'SiteSettingsAndAudit1795590000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "site_setting" (
        "name" character varying(64) NOT NULL,
        "value" jsonb NOT NULL,
        "data_type" character varying(16) NOT NULL,
        "is_public" boolean NOT NULL,
        "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        "updated_by" uuid,
        CONSTRAINT "PK_site_setting" PRIMARY KEY ("name")
      )`,
    );
    await queryRunner.query(
      `CREATE TABLE "audit_log" (
        "id" uuid NOT NULL DEFAULT gen_random_uuid(),
        "actor_id" uuid,
        "action" character varying(64) NOT NULL,
        "target_type" character varying(32) NOT NULL,
        "target_id" character varying(200),
        "before" jsonb,
        "after" jsonb,
        "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT clock_timestamp(),
        CONSTRAINT "PK_audit_log" PRIMARY KEY ("id")
      )`,
    );
    await queryRunner.query(
      `CREATE INDEX "audit_log_recent_idx" ON "audit_log" ("created_at" DESC, "id" DESC)`,
    );
    await queryRunner.query(
      `CREATE INDEX "audit_log_action_recent_idx" ON "audit_log" ("action", "created_at" DESC, "id" DESC)`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "audit_log"`);
    await queryRunner.query(`DROP TABLE "site_setting"`);
  }
}
