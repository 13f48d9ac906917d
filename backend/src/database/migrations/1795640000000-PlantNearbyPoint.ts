import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Available listings nearby are read from their own GiST index instead of through the nearest
 * members (up to 5,000 of them, then their listings): each listing carries its owner's public
 * point (the centre of their ~1 km grid cell, platform/geo, never the home itself), null while the
 * owner has no place or is suspended, kept by plants through identity's MemberPlaces in the
 * transaction that moves or suspends the owner. The index is on publicEarthSql('"owner_latitude"',
 * '"owner_longitude"') as it was when this migration was written (a cell's centre rounds to
 * itself, so the distance is the one measured to the owner), over available listings only.
 */
const PUBLIC_EARTH = `ll_to_earth(((floor(least("owner_latitude", 89.999999) * 100) + 0.5) / 100), ((floor((least("owner_longitude", 179.999999) + 180) * greatest(1, floor(36000 * cos(radians(((floor(least("owner_latitude", 89.999999) * 100) + 0.5) / 100))))) / 360) + 0.5) * 360 / greatest(1, floor(36000 * cos(radians(((floor(least("owner_latitude", 89.999999) * 100) + 0.5) / 100))))) - 180))`;
/** publicLatitudeSql and publicLongitudeSql of the owner's point, as they were then. */
const PUBLIC_LATITUDE = `((floor(least(u."latitude", 89.999999) * 100) + 0.5) / 100)`;
const PUBLIC_LONGITUDE = `((floor((least(u."longitude", 179.999999) + 180) * greatest(1, floor(36000 * cos(radians(((floor(least(u."latitude", 89.999999) * 100) + 0.5) / 100))))) / 360) + 0.5) * 360 / greatest(1, floor(36000 * cos(radians(((floor(least(u."latitude", 89.999999) * 100) + 0.5) / 100))))) - 180)`;

export class PlantNearbyPoint1795640000000 implements MigrationInterface {
  name = 'PlantNearbyPoint1795640000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE "plant" ADD "owner_latitude" double precision, ADD "owner_longitude" double precision`,
    );
    await queryRunner.query(
      `UPDATE "plant" SET "owner_latitude" = ${PUBLIC_LATITUDE}, "owner_longitude" = ${PUBLIC_LONGITUDE}
         FROM "user_account" u
        WHERE u."id" = "plant"."user_id" AND u."registered_at" IS NOT NULL
          AND u."suspended_at" IS NULL AND u."latitude" IS NOT NULL AND u."longitude" IS NOT NULL`,
    );
    // An expression index: TypeORM does not load it, so it is no schema drift.
    await queryRunner.query(
      `CREATE INDEX "plant_available_point_gist_idx" ON "plant" USING gist (${PUBLIC_EARTH})
        WHERE "available" AND "owner_latitude" IS NOT NULL AND "owner_longitude" IS NOT NULL`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "public"."plant_available_point_gist_idx"`);
    await queryRunner.query(
      `ALTER TABLE "plant" DROP COLUMN "owner_longitude", DROP COLUMN "owner_latitude"`,
    );
  }
}
