import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The admins' member lists (GET /api/iam/users/all/{x}): keyset paging, newest first, over the
 * registered members and over those who have not finished registering (a partial index each), and
 * a contains-search on username, display name and e-mail served by a trigram index. The trigram
 * index is on the expression members.queries.ts searches (ADMIN_SEARCH_TEXT); an expression index
 * is not loaded by TypeORM, so it is no schema drift.
 */
const ADMIN_SEARCH_TEXT = `lower(coalesce(username, '') || ' ' || coalesce(display_name, '') || ' ' || email)`;

export class AdminUserSearch1795540000000 implements MigrationInterface {
  name = 'AdminUserSearch1795540000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE EXTENSION IF NOT EXISTS pg_trgm`);
    await queryRunner.query(
      `CREATE INDEX "user_account_registered_list_idx" ON "user_account" ("created_at", "id") WHERE registered_at IS NOT NULL`,
    );
    await queryRunner.query(
      `CREATE INDEX "user_account_incomplete_list_idx" ON "user_account" ("created_at", "id") WHERE registered_at IS NULL`,
    );
    await queryRunner.query(
      `CREATE INDEX "user_account_admin_search_trgm_idx" ON "user_account" USING gin ((${ADMIN_SEARCH_TEXT}) gin_trgm_ops)`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "public"."user_account_admin_search_trgm_idx"`);
    await queryRunner.query(`DROP INDEX "public"."user_account_incomplete_list_idx"`);
    await queryRunner.query(`DROP INDEX "public"."user_account_registered_list_idx"`);
  }
}
