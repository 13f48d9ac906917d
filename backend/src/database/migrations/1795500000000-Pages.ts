import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Pages: a group's or organisation's profile (`page`), its settings and tags, and the foreign key
 * of a post made as a page. Nearby pages measure to a page's public point, so the GiST index is on
 * publicEarthSql('"latitude"', '"longitude"') as written when this migration was (the same text
 * as user_account's, see NearbyPublicPoint1795467462328).
 */
const PUBLIC_EARTH = `ll_to_earth(((floor(least("latitude", 89.999999) * 100) + 0.5) / 100), ((floor((least("longitude", 179.999999) + 180) * greatest(1, floor(36000 * cos(radians(((floor(least("latitude", 89.999999) * 100) + 0.5) / 100))))) / 360) + 0.5) * 360 / greatest(1, floor(36000 * cos(radians(((floor(least("latitude", 89.999999) * 100) + 0.5) / 100))))) - 180))`;

export class Pages1795500000000 implements MigrationInterface {
  name = 'Pages1795500000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "page_settings" ("page_id" uuid NOT NULL, "allow_messages" boolean NOT NULL DEFAULT true, "show_upcoming_events" boolean NOT NULL DEFAULT true, "show_location" boolean NOT NULL DEFAULT true, "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_94d32ef8112e7055daac886b4fe" PRIMARY KEY ("page_id"))`,
    );
    await queryRunner.query(
      `CREATE TABLE "page_tag" ("page_id" uuid NOT NULL, "tag_id" integer NOT NULL, CONSTRAINT "PK_86de24565abdfcf007408569e12" PRIMARY KEY ("page_id", "tag_id"))`,
    );
    await queryRunner.query(`CREATE INDEX "page_tag_tag_idx" ON "page_tag" ("tag_id") `);
    await queryRunner.query(
      `CREATE TABLE "page" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "handle" text NOT NULL, "name" text NOT NULL, "about" text NOT NULL DEFAULT '', "owner_id" uuid NOT NULL, "avatar" text, "avatar_variants" text array NOT NULL DEFAULT '{}', "suburb_city" text, "state" text, "country" text, "latitude" double precision, "longitude" double precision, "admins_notified_at" TIMESTAMP WITH TIME ZONE, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "UQ_0eceed6ff608a8794d8ef211f61" UNIQUE ("handle"), CONSTRAINT "page_longitude_chk" CHECK (longitude BETWEEN -180 AND 180), CONSTRAINT "page_latitude_chk" CHECK (latitude BETWEEN -90 AND 90), CONSTRAINT "page_handle_chk" CHECK (handle ~ '^[a-z0-9_]{3,30}$'), CONSTRAINT "page_about_chk" CHECK (char_length(about) <= 2000), CONSTRAINT "page_name_chk" CHECK (char_length(name) BETWEEN 1 AND 80), CONSTRAINT "PK_742f4117e065c5b6ad21b37ba1f" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "page_list_idx" ON "page" ("created_at", "id") `);
    await queryRunner.query(`CREATE INDEX "page_owner_idx" ON "page" ("owner_id", "created_at") `);
    await queryRunner.query(
      `CREATE INDEX "post_page_feed_idx" ON "post" ("page_id", "bumped_at", "id") WHERE page_id IS NOT NULL`,
    );
    await queryRunner.query(
      `ALTER TABLE "post" ADD CONSTRAINT "FK_7fb64d55301e1bd23fe9c44a32f" FOREIGN KEY ("page_id") REFERENCES "page"("id") ON DELETE SET NULL ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "page_settings" ADD CONSTRAINT "FK_94d32ef8112e7055daac886b4fe" FOREIGN KEY ("page_id") REFERENCES "page"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "page_tag" ADD CONSTRAINT "FK_e1a37914b70dad5244ed653313e" FOREIGN KEY ("page_id") REFERENCES "page"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "page_tag" ADD CONSTRAINT "FK_c370514c7dd3b3668f616234e9f" FOREIGN KEY ("tag_id") REFERENCES "tag"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "page" ADD CONSTRAINT "FK_87f5e36afd08b5fe2fb6347c455" FOREIGN KEY ("owner_id") REFERENCES "user_account"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    // An expression index: TypeORM does not load it, so it is no schema drift.
    await queryRunner.query(
      `CREATE INDEX "page_public_point_gist_idx" ON "page" USING gist (${PUBLIC_EARTH})`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "public"."page_public_point_gist_idx"`);
    await queryRunner.query(`ALTER TABLE "page" DROP CONSTRAINT "FK_87f5e36afd08b5fe2fb6347c455"`);
    await queryRunner.query(
      `ALTER TABLE "page_tag" DROP CONSTRAINT "FK_c370514c7dd3b3668f616234e9f"`,
    );
    await queryRunner.query(
      `ALTER TABLE "page_tag" DROP CONSTRAINT "FK_e1a37914b70dad5244ed653313e"`,
    );
    await queryRunner.query(
      `ALTER TABLE "page_settings" DROP CONSTRAINT "FK_94d32ef8112e7055daac886b4fe"`,
    );
    await queryRunner.query(`ALTER TABLE "post" DROP CONSTRAINT "FK_7fb64d55301e1bd23fe9c44a32f"`);
    await queryRunner.query(`DROP INDEX "public"."post_page_feed_idx"`);
    await queryRunner.query(`DROP INDEX "public"."page_owner_idx"`);
    await queryRunner.query(`DROP INDEX "public"."page_list_idx"`);
    await queryRunner.query(`DROP TABLE "page"`);
    await queryRunner.query(`DROP INDEX "public"."page_tag_tag_idx"`);
    await queryRunner.query(`DROP TABLE "page_tag"`);
    await queryRunner.query(`DROP TABLE "page_settings"`);
  }
}
