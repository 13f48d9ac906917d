import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Nearby queries measure to a member's public point (the centre of their ~1 km grid cell, see
 * platform/geo/geo.ts), so the GiST index is on that expression; the index on the true point
 * served only the old query and goes. The expression is publicEarthSql('"latitude"',
 * '"longitude"') as it was when this migration was written: a query that builds another text
 * does not use this index.
 */
const PUBLIC_EARTH = `ll_to_earth(((floor(least("latitude", 89.999999) * 100) + 0.5) / 100), ((floor((least("longitude", 179.999999) + 180) * greatest(1, floor(36000 * cos(radians(((floor(least("latitude", 89.999999) * 100) + 0.5) / 100))))) / 360) + 0.5) * 360 / greatest(1, floor(36000 * cos(radians(((floor(least("latitude", 89.999999) * 100) + 0.5) / 100))))) - 180))`;

export class NearbyPublicPoint1795467462328 implements MigrationInterface {
  name = 'NearbyPublicPoint1795467462328';

  async up(queryRunner: QueryRunner): Promise<void> {
    // An expression index: TypeORM does not load it, so it is no schema drift.
    await queryRunner.query(
      `CREATE INDEX "user_account_public_point_gist_idx" ON "user_account" USING gist (${PUBLIC_EARTH})`,
    );
    await queryRunner.query(`DROP INDEX "public"."user_account_location_gist_idx"`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE INDEX "user_account_location_gist_idx" ON "user_account" USING gist (ll_to_earth("latitude", "longitude"))`,
    );
    await queryRunner.query(`DROP INDEX "public"."user_account_public_point_gist_idx"`);
  }
}
