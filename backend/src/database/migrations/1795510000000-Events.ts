import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Events: event, event_template (the first holds the specifics), event_specific (one per date),
 * event_attendee (one answer per member and date), event_location (shared places), and
 * event_calendar_token (members' feed keys, hashed); notifications learn which event and date
 * they are about.
 *
 * Expression indexes (TypeORM does not load them, so they are no schema drift): one place per
 * lower-cased name and state, one per lower-cased address, suburb or city and state; and the GiST
 * index on the public point for nearby events: publicEarthSql('"latitude"', '"longitude"') as it
 * was when this migration was written (a query that builds another text does not use it).
 */
const PUBLIC_EARTH = `ll_to_earth(((floor(least("latitude", 89.999999) * 100) + 0.5) / 100), ((floor((least("longitude", 179.999999) + 180) * greatest(1, floor(36000 * cos(radians(((floor(least("latitude", 89.999999) * 100) + 0.5) / 100))))) / 360) + 0.5) * 360 / greatest(1, floor(36000 * cos(radians(((floor(least("latitude", 89.999999) * 100) + 0.5) / 100))))) - 180))`;

export class Events1795510000000 implements MigrationInterface {
  name = 'Events1795510000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "event_attendee" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "specific_id" uuid NOT NULL, "user_id" uuid NOT NULL, "status" text NOT NULL, "bring" text, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "event_attendee_answer_uq" UNIQUE ("specific_id", "user_id"), CONSTRAINT "event_attendee_bring_status_chk" CHECK (bring IS NULL OR status <> 'NOT_GOING'), CONSTRAINT "event_attendee_bring_chk" CHECK (char_length(bring) BETWEEN 1 AND 140), CONSTRAINT "event_attendee_status_chk" CHECK (status IN ('MAYBE', 'GOING', 'NOT_GOING')), CONSTRAINT "PK_74780f7235f1576b54f93d3dff3" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE INDEX "event_attendee_user_idx" ON "event_attendee" ("user_id", "status")`,
    );
    await queryRunner.query(
      `CREATE TABLE "event_calendar_token" ("user_id" uuid NOT NULL, "token_hash" text NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "UQ_f5bfc2384c218e1fa16366ea236" UNIQUE ("token_hash"), CONSTRAINT "PK_2a3dda81b97c41786b30bb323be" PRIMARY KEY ("user_id"))`,
    );
    await queryRunner.query(
      `CREATE TABLE "event_location" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "name" text, "address" text, "suburb_city" text, "state" text, "country" text, "latitude" double precision NOT NULL, "longitude" double precision NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "event_location_longitude_chk" CHECK (longitude BETWEEN -180 AND 180), CONSTRAINT "event_location_latitude_chk" CHECK (latitude BETWEEN -90 AND 90), CONSTRAINT "event_location_country_chk" CHECK (char_length(country) <= 120), CONSTRAINT "event_location_state_chk" CHECK (char_length(state) <= 120), CONSTRAINT "event_location_suburb_chk" CHECK (char_length(suburb_city) <= 120), CONSTRAINT "event_location_address_chk" CHECK (char_length(address) BETWEEN 1 AND 200), CONSTRAINT "event_location_name_chk" CHECK (char_length(name) BETWEEN 1 AND 120), CONSTRAINT "event_location_named_chk" CHECK (name IS NOT NULL OR address IS NOT NULL), CONSTRAINT "PK_ff5c43e186f7faf15a975004d76" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE TABLE "event_template" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "event_id" uuid NOT NULL, "position" smallint NOT NULL DEFAULT '0', "title" text NOT NULL, "description" text NOT NULL DEFAULT '', "image" text, "image_variants" text array NOT NULL DEFAULT '{}', "image_blurhash" text, "location_id" uuid, "time_zone" text NOT NULL, "start_date" date NOT NULL, "start_time" text NOT NULL, "end_time" text NOT NULL, "frequency" text NOT NULL DEFAULT 'once', "repeat_interval" smallint NOT NULL DEFAULT '1', "monthly_by" text NOT NULL DEFAULT 'date', "until" date, "repeat_count" smallint, "rrule" text NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "event_template_position_uq" UNIQUE ("event_id", "position"), CONSTRAINT "event_template_repeat_count_chk" CHECK (repeat_count BETWEEN 1 AND 100), CONSTRAINT "event_template_repeat_interval_chk" CHECK (repeat_interval BETWEEN 1 AND 12), CONSTRAINT "event_template_monthly_by_chk" CHECK (monthly_by IN ('date', 'weekday', 'last_weekday')), CONSTRAINT "event_template_frequency_chk" CHECK (frequency IN ('once', 'weekly', 'monthly')), CONSTRAINT "event_template_end_time_chk" CHECK (end_time ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'), CONSTRAINT "event_template_start_time_chk" CHECK (start_time ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'), CONSTRAINT "event_template_description_chk" CHECK (char_length(description) <= 4000), CONSTRAINT "event_template_title_chk" CHECK (char_length(title) BETWEEN 1 AND 120), CONSTRAINT "PK_a07c319fab15263c4e20cdcaa7f" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE TABLE "event_specific" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "event_id" uuid NOT NULL, "local_date" date NOT NULL, "starts_at" TIMESTAMP WITH TIME ZONE NOT NULL, "ends_at" TIMESTAMP WITH TIME ZONE NOT NULL, "title" text, "description" text, "location_id" uuid, "cancelled" boolean NOT NULL DEFAULT false, "from_rule" boolean NOT NULL DEFAULT true, "sequence" integer NOT NULL DEFAULT '0', "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "event_specific_date_uq" UNIQUE ("event_id", "local_date"), CONSTRAINT "event_specific_description_chk" CHECK (char_length(description) <= 4000), CONSTRAINT "event_specific_title_chk" CHECK (char_length(title) BETWEEN 1 AND 120), CONSTRAINT "event_specific_times_chk" CHECK (ends_at > starts_at), CONSTRAINT "PK_1ad7c9a9da4978ee678e52c9af2" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE INDEX "event_specific_starts_idx" ON "event_specific" ("starts_at")`,
    );
    await queryRunner.query(
      `CREATE INDEX "event_specific_event_idx" ON "event_specific" ("event_id", "starts_at")`,
    );
    await queryRunner.query(
      `CREATE TABLE "event" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "random_id" text NOT NULL, "creator_id" uuid NOT NULL, "page_id" uuid, "privacy" text NOT NULL DEFAULT 'public', "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "UQ_270ea2ce76cdf76603a4dd90b40" UNIQUE ("random_id"), CONSTRAINT "event_random_id_chk" CHECK (random_id ~ '^[0-9A-Za-z]{10}$'), CONSTRAINT "event_privacy_chk" CHECK (privacy IN ('public', 'members')), CONSTRAINT "PK_30c2f3bbaf6d34a55f8ae6e4614" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "event_page_idx" ON "event" ("page_id")`);
    await queryRunner.query(
      `CREATE INDEX "event_creator_idx" ON "event" ("creator_id", "created_at")`,
    );
    await queryRunner.query(`ALTER TABLE "notification" ADD "event_id" uuid`);
    await queryRunner.query(`ALTER TABLE "notification" ADD "event_specific_id" uuid`);
    await queryRunner.query(`ALTER TABLE "notification" ADD "subtype" text`);
    await queryRunner.query(
      `CREATE INDEX "notification_event_specific_idx" ON "notification" ("event_specific_id")`,
    );
    await queryRunner.query(`CREATE INDEX "notification_event_idx" ON "notification" ("event_id")`);
    await queryRunner.query(
      `ALTER TABLE "event_attendee" ADD CONSTRAINT "FK_acf8e22b50192ef6a0c915365b9" FOREIGN KEY ("specific_id") REFERENCES "event_specific"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "event_attendee" ADD CONSTRAINT "FK_9117fbe5fc16d65c6901e1b9a0f" FOREIGN KEY ("user_id") REFERENCES "user_account"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "event_calendar_token" ADD CONSTRAINT "FK_2a3dda81b97c41786b30bb323be" FOREIGN KEY ("user_id") REFERENCES "user_account"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "event_template" ADD CONSTRAINT "FK_0c0a125bff097663eb0705048e9" FOREIGN KEY ("event_id") REFERENCES "event"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "event_template" ADD CONSTRAINT "FK_50d6331ecd821f52b3d72e538d5" FOREIGN KEY ("location_id") REFERENCES "event_location"("id") ON DELETE SET NULL ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "event_specific" ADD CONSTRAINT "FK_a055802d5d93cb06c700815e2bf" FOREIGN KEY ("event_id") REFERENCES "event"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "event_specific" ADD CONSTRAINT "FK_7422709d690ff472fbb6dc00149" FOREIGN KEY ("location_id") REFERENCES "event_location"("id") ON DELETE SET NULL ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "event" ADD CONSTRAINT "FK_25cfbefb1f85a771e03c6cbf105" FOREIGN KEY ("creator_id") REFERENCES "user_account"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "event" ADD CONSTRAINT "FK_45c6b1412ca01ea49679862daf6" FOREIGN KEY ("page_id") REFERENCES "page"("id") ON DELETE SET NULL ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "notification" ADD CONSTRAINT "FK_122be1f0696e0255acf95f9e336" FOREIGN KEY ("event_id") REFERENCES "event"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "notification" ADD CONSTRAINT "FK_c767493107bc632e621e0b68082" FOREIGN KEY ("event_specific_id") REFERENCES "event_specific"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `CREATE UNIQUE INDEX "event_location_name_state_uq" ON "event_location" (lower("name"), lower(coalesce("state", ''))) WHERE "name" IS NOT NULL`,
    );
    await queryRunner.query(
      `CREATE UNIQUE INDEX "event_location_address_uq" ON "event_location" (lower("address"), lower(coalesce("suburb_city", '')), lower(coalesce("state", ''))) WHERE "address" IS NOT NULL`,
    );
    await queryRunner.query(
      `CREATE INDEX "event_location_public_point_gist_idx" ON "event_location" USING gist (${PUBLIC_EARTH})`,
    );
    await queryRunner.query(
      `CREATE INDEX "event_template_location_idx" ON "event_template" ("location_id") `,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "public"."event_template_location_idx"`);
    await queryRunner.query(`DROP INDEX "public"."event_location_public_point_gist_idx"`);
    await queryRunner.query(`DROP INDEX "public"."event_location_address_uq"`);
    await queryRunner.query(`DROP INDEX "public"."event_location_name_state_uq"`);
    await queryRunner.query(
      `ALTER TABLE "notification" DROP CONSTRAINT "FK_c767493107bc632e621e0b68082"`,
    );
    await queryRunner.query(
      `ALTER TABLE "notification" DROP CONSTRAINT "FK_122be1f0696e0255acf95f9e336"`,
    );
    await queryRunner.query(`ALTER TABLE "event" DROP CONSTRAINT "FK_45c6b1412ca01ea49679862daf6"`);
    await queryRunner.query(`ALTER TABLE "event" DROP CONSTRAINT "FK_25cfbefb1f85a771e03c6cbf105"`);
    await queryRunner.query(
      `ALTER TABLE "event_specific" DROP CONSTRAINT "FK_7422709d690ff472fbb6dc00149"`,
    );
    await queryRunner.query(
      `ALTER TABLE "event_specific" DROP CONSTRAINT "FK_a055802d5d93cb06c700815e2bf"`,
    );
    await queryRunner.query(
      `ALTER TABLE "event_template" DROP CONSTRAINT "FK_50d6331ecd821f52b3d72e538d5"`,
    );
    await queryRunner.query(
      `ALTER TABLE "event_template" DROP CONSTRAINT "FK_0c0a125bff097663eb0705048e9"`,
    );
    await queryRunner.query(
      `ALTER TABLE "event_calendar_token" DROP CONSTRAINT "FK_2a3dda81b97c41786b30bb323be"`,
    );
    await queryRunner.query(
      `ALTER TABLE "event_attendee" DROP CONSTRAINT "FK_9117fbe5fc16d65c6901e1b9a0f"`,
    );
    await queryRunner.query(
      `ALTER TABLE "event_attendee" DROP CONSTRAINT "FK_acf8e22b50192ef6a0c915365b9"`,
    );
    await queryRunner.query(`DROP INDEX "public"."notification_event_idx"`);
    await queryRunner.query(`DROP INDEX "public"."notification_event_specific_idx"`);
    await queryRunner.query(`ALTER TABLE "notification" DROP COLUMN "subtype"`);
    await queryRunner.query(`ALTER TABLE "notification" DROP COLUMN "event_specific_id"`);
    await queryRunner.query(`ALTER TABLE "notification" DROP COLUMN "event_id"`);
    await queryRunner.query(`DROP INDEX "public"."event_creator_idx"`);
    await queryRunner.query(`DROP INDEX "public"."event_page_idx"`);
    await queryRunner.query(`DROP TABLE "event"`);
    await queryRunner.query(`DROP INDEX "public"."event_specific_event_idx"`);
    await queryRunner.query(`DROP INDEX "public"."event_specific_starts_idx"`);
    await queryRunner.query(`DROP TABLE "event_specific"`);
    await queryRunner.query(`DROP TABLE "event_template"`);
    await queryRunner.query(`DROP TABLE "event_location"`);
    await queryRunner.query(`DROP TABLE "event_calendar_token"`);
    await queryRunner.query(`DROP INDEX "public"."event_attendee_user_idx"`);
    await queryRunner.query(`DROP TABLE "event_attendee"`);
  }
}
