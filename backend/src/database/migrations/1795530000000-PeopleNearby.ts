import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The people directory (GET /api/users) pages registered, active members newest first on
 * (registered_at, id) and by name on username: a partial index each, over exactly the members the
 * directory lists, so a page reads its rows off the index and nothing else. Nearby people reuse
 * `user_account_public_point_gist_idx` (NearbyPublicPoint): no index of their own.
 */
const LISTED = 'registered_at IS NOT NULL AND suspended_at IS NULL';

export class PeopleNearby1795530000000 implements MigrationInterface {
  name = 'PeopleNearby1795530000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE INDEX "user_account_directory_newest_idx" ON "user_account" ("registered_at", "id") WHERE ${LISTED}`,
    );
    await queryRunner.query(
      `CREATE INDEX "user_account_directory_name_idx" ON "user_account" ("username") WHERE ${LISTED}`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "public"."user_account_directory_name_idx"`);
    await queryRunner.query(`DROP INDEX "public"."user_account_directory_newest_idx"`);
  }
}
