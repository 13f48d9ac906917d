import type { MigrationInterface, QueryRunner } from 'typeorm';

export class Content1795317740979 implements MigrationInterface {
  name = 'Content1795317740979';

  async up(queryRunner: QueryRunner): Promise<void> {
    // Nearby queries (plants now, pages and events later): cube + earthdistance with a GiST index.
    await queryRunner.query(`CREATE EXTENSION IF NOT EXISTS cube`);
    await queryRunner.query(`CREATE EXTENSION IF NOT EXISTS earthdistance`);
    await queryRunner.query(
      `CREATE TABLE "post" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "random_id" text NOT NULL, "type" text NOT NULL, "user_id" uuid NOT NULL, "page_id" uuid, "text" text NOT NULL DEFAULT '', "privacy" text NOT NULL, "reaction_count" integer NOT NULL DEFAULT '0', "comment_count" integer NOT NULL DEFAULT '0', "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "bumped_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "UQ_dd28b2b85508af061fc1fb94502" UNIQUE ("random_id"), CONSTRAINT "post_comment_count_chk" CHECK (comment_count >= 0), CONSTRAINT "post_reaction_count_chk" CHECK (reaction_count >= 0), CONSTRAINT "post_random_id_chk" CHECK (random_id ~ '^[0-9A-Za-z]{10}$'), CONSTRAINT "post_text_length_chk" CHECK (char_length(text) <= 5000), CONSTRAINT "post_privacy_chk" CHECK (privacy IN ('public', 'members', 'private')), CONSTRAINT "post_type_chk" CHECK (type IN ('text/image', 'plant/image')), CONSTRAINT "PK_be5fda3aac270b134ff9c21cdee" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE INDEX "post_user_feed_idx" ON "post" ("user_id", "bumped_at", "id") `,
    );
    await queryRunner.query(
      `CREATE INDEX "post_plant_feed_idx" ON "post" ("bumped_at", "id") WHERE type = 'plant/image'`,
    );
    await queryRunner.query(
      `CREATE INDEX "post_public_feed_idx" ON "post" ("bumped_at", "id") WHERE privacy = 'public'`,
    );
    await queryRunner.query(`CREATE INDEX "post_feed_idx" ON "post" ("bumped_at", "id") `);
    await queryRunner.query(
      `CREATE TABLE "comment" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "post_id" uuid NOT NULL, "user_id" uuid NOT NULL, "parent_id" uuid, "level" smallint NOT NULL DEFAULT '0', "content" text NOT NULL, "reaction_count" integer NOT NULL DEFAULT '0', "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "comment_reaction_count_chk" CHECK (reaction_count >= 0), CONSTRAINT "comment_content_chk" CHECK (char_length(content) BETWEEN 1 AND 2000), CONSTRAINT "comment_level_chk" CHECK (level BETWEEN 0 AND 6), CONSTRAINT "PK_0b0e4bbc8415ec426f87f3a88e2" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "comment_user_idx" ON "comment" ("user_id") `);
    await queryRunner.query(`CREATE INDEX "comment_parent_idx" ON "comment" ("parent_id") `);
    await queryRunner.query(
      `CREATE INDEX "comment_post_idx" ON "comment" ("post_id", "created_at", "id") `,
    );
    await queryRunner.query(
      `CREATE TABLE "post_photo" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "post_id" uuid NOT NULL, "position" smallint NOT NULL, "image_ref" text NOT NULL, "variants" jsonb NOT NULL DEFAULT '[]', "blurhash" text NOT NULL, "width" integer NOT NULL, "height" integer NOT NULL, "alt_text" text, "description" text, CONSTRAINT "post_photo_position_uq" UNIQUE ("post_id", "position"), CONSTRAINT "post_photo_description_chk" CHECK (char_length(description) <= 1000), CONSTRAINT "post_photo_alt_text_chk" CHECK (char_length(alt_text) <= 300), CONSTRAINT "post_photo_position_chk" CHECK (position BETWEEN 0 AND 9), CONSTRAINT "PK_00a3d83cbd99258418395b365cb" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE TABLE "post_tag" ("post_id" uuid NOT NULL, "tag_id" integer NOT NULL, CONSTRAINT "PK_c6d49aa86322a6f58c39ea25a5d" PRIMARY KEY ("post_id", "tag_id"))`,
    );
    await queryRunner.query(`CREATE INDEX "post_tag_tag_idx" ON "post_tag" ("tag_id", "post_id") `);
    await queryRunner.query(
      `CREATE TABLE "reaction" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "user_id" uuid NOT NULL, "post_id" uuid, "comment_id" uuid, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "reaction_user_comment_uq" UNIQUE ("user_id", "comment_id"), CONSTRAINT "reaction_user_post_uq" UNIQUE ("user_id", "post_id"), CONSTRAINT "reaction_one_target_chk" CHECK (num_nonnulls(post_id, comment_id) = 1), CONSTRAINT "PK_41fbb346da22da4df129f14b11e" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "reaction_comment_idx" ON "reaction" ("comment_id") `);
    await queryRunner.query(`CREATE INDEX "reaction_post_idx" ON "reaction" ("post_id") `);
    await queryRunner.query(
      `CREATE TABLE "uploaded_image" ("ref" text NOT NULL, "user_id" uuid NOT NULL, "folder" text NOT NULL, "variants" jsonb NOT NULL DEFAULT '[]', "blurhash" text NOT NULL, "width" integer NOT NULL, "height" integer NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "attached_at" TIMESTAMP WITH TIME ZONE, CONSTRAINT "PK_f28f24323c6b04ef65c590f2156" PRIMARY KEY ("ref"))`,
    );
    await queryRunner.query(
      `CREATE INDEX "uploaded_image_unattached_idx" ON "uploaded_image" ("created_at") WHERE attached_at IS NULL`,
    );
    await queryRunner.query(
      `CREATE INDEX "uploaded_image_user_idx" ON "uploaded_image" ("user_id") `,
    );
    await queryRunner.query(
      `CREATE TABLE "notification" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "user_id" uuid NOT NULL, "type" text NOT NULL, "actor_id" uuid, "post_id" uuid, "comment_id" uuid, "seen" boolean NOT NULL DEFAULT false, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "dedupe_key" text, CONSTRAINT "UQ_b390c6bcca8179ba55a6eb95fac" UNIQUE ("dedupe_key"), CONSTRAINT "notification_type_chk" CHECK (type IN ('reaction', 'comment', 'event', 'immutable')), CONSTRAINT "PK_705b6c7cdf9b2c2ff7ac7872cb7" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE INDEX "notification_comment_idx" ON "notification" ("comment_id") `,
    );
    await queryRunner.query(`CREATE INDEX "notification_post_idx" ON "notification" ("post_id") `);
    await queryRunner.query(
      `CREATE INDEX "notification_actor_idx" ON "notification" ("actor_id") `,
    );
    await queryRunner.query(
      `CREATE INDEX "notification_user_idx" ON "notification" ("user_id", "created_at") `,
    );
    await queryRunner.query(
      `CREATE TABLE "plant" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "post_id" uuid NOT NULL, "user_id" uuid NOT NULL, "name" text NOT NULL, "species" text, "available" boolean NOT NULL DEFAULT true, "quantity" integer, "swap_terms" text, "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "UQ_874f86a4fb392f978d6bfd760cb" UNIQUE ("post_id"), CONSTRAINT "REL_874f86a4fb392f978d6bfd760c" UNIQUE ("post_id"), CONSTRAINT "plant_quantity_chk" CHECK (quantity BETWEEN 1 AND 999), CONSTRAINT "plant_swap_terms_chk" CHECK (char_length(swap_terms) <= 300), CONSTRAINT "plant_species_chk" CHECK (char_length(species) <= 120), CONSTRAINT "plant_name_chk" CHECK (char_length(name) BETWEEN 1 AND 80), CONSTRAINT "PK_97e1eb0d045aadea59401ece5ba" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "plant_user_idx" ON "plant" ("user_id", "available") `);
    await queryRunner.query(
      `ALTER TABLE "post" ADD CONSTRAINT "FK_52378a74ae3724bcab44036645b" FOREIGN KEY ("user_id") REFERENCES "user_account"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "comment" ADD CONSTRAINT "FK_8aa21186314ce53c5b61a0e8c93" FOREIGN KEY ("post_id") REFERENCES "post"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "comment" ADD CONSTRAINT "FK_bbfe153fa60aa06483ed35ff4a7" FOREIGN KEY ("user_id") REFERENCES "user_account"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "comment" ADD CONSTRAINT "FK_8bd8d0985c0d077c8129fb4a209" FOREIGN KEY ("parent_id") REFERENCES "comment"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "post_photo" ADD CONSTRAINT "FK_043bb23f9d39bc93f7c4e8c5fe3" FOREIGN KEY ("post_id") REFERENCES "post"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "post_tag" ADD CONSTRAINT "FK_b5ec92f15aaa1e371f2662f6812" FOREIGN KEY ("post_id") REFERENCES "post"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "post_tag" ADD CONSTRAINT "FK_d2fd5340bb68556fe93650fedc1" FOREIGN KEY ("tag_id") REFERENCES "tag"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "reaction" ADD CONSTRAINT "FK_978c984f412d09b43304e41ae9a" FOREIGN KEY ("user_id") REFERENCES "user_account"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "reaction" ADD CONSTRAINT "FK_4af0a7b3bc874c64e408aaa9853" FOREIGN KEY ("post_id") REFERENCES "post"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "reaction" ADD CONSTRAINT "FK_6fd99c10f1554569541de163428" FOREIGN KEY ("comment_id") REFERENCES "comment"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "uploaded_image" ADD CONSTRAINT "FK_9630d10d2c1a248565ecc7e504c" FOREIGN KEY ("user_id") REFERENCES "user_account"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "notification" ADD CONSTRAINT "FK_928b7aa1754e08e1ed7052cb9d8" FOREIGN KEY ("user_id") REFERENCES "user_account"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "notification" ADD CONSTRAINT "FK_16addcdc44128a517daeddd4491" FOREIGN KEY ("actor_id") REFERENCES "user_account"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "notification" ADD CONSTRAINT "FK_3ee113bf568b5efdc29cd95a360" FOREIGN KEY ("post_id") REFERENCES "post"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "notification" ADD CONSTRAINT "FK_8c115126cd4fdf58819e97a9716" FOREIGN KEY ("comment_id") REFERENCES "comment"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "plant" ADD CONSTRAINT "FK_874f86a4fb392f978d6bfd760cb" FOREIGN KEY ("post_id") REFERENCES "post"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "plant" ADD CONSTRAINT "FK_6945d38251ae2328a38e113f12a" FOREIGN KEY ("user_id") REFERENCES "user_account"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    // An expression index: TypeORM does not load it, so it is no schema drift.
    await queryRunner.query(
      `CREATE INDEX "user_account_location_gist_idx" ON "user_account" USING gist (ll_to_earth("latitude", "longitude"))`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "public"."user_account_location_gist_idx"`);
    await queryRunner.query(`ALTER TABLE "plant" DROP CONSTRAINT "FK_6945d38251ae2328a38e113f12a"`);
    await queryRunner.query(`ALTER TABLE "plant" DROP CONSTRAINT "FK_874f86a4fb392f978d6bfd760cb"`);
    await queryRunner.query(
      `ALTER TABLE "notification" DROP CONSTRAINT "FK_8c115126cd4fdf58819e97a9716"`,
    );
    await queryRunner.query(
      `ALTER TABLE "notification" DROP CONSTRAINT "FK_3ee113bf568b5efdc29cd95a360"`,
    );
    await queryRunner.query(
      `ALTER TABLE "notification" DROP CONSTRAINT "FK_16addcdc44128a517daeddd4491"`,
    );
    await queryRunner.query(
      `ALTER TABLE "notification" DROP CONSTRAINT "FK_928b7aa1754e08e1ed7052cb9d8"`,
    );
    await queryRunner.query(
      `ALTER TABLE "uploaded_image" DROP CONSTRAINT "FK_9630d10d2c1a248565ecc7e504c"`,
    );
    await queryRunner.query(
      `ALTER TABLE "reaction" DROP CONSTRAINT "FK_6fd99c10f1554569541de163428"`,
    );
    await queryRunner.query(
      `ALTER TABLE "reaction" DROP CONSTRAINT "FK_4af0a7b3bc874c64e408aaa9853"`,
    );
    await queryRunner.query(
      `ALTER TABLE "reaction" DROP CONSTRAINT "FK_978c984f412d09b43304e41ae9a"`,
    );
    await queryRunner.query(
      `ALTER TABLE "post_tag" DROP CONSTRAINT "FK_d2fd5340bb68556fe93650fedc1"`,
    );
    await queryRunner.query(
      `ALTER TABLE "post_tag" DROP CONSTRAINT "FK_b5ec92f15aaa1e371f2662f6812"`,
    );
    await queryRunner.query(
      `ALTER TABLE "post_photo" DROP CONSTRAINT "FK_043bb23f9d39bc93f7c4e8c5fe3"`,
    );
    await queryRunner.query(
      `ALTER TABLE "comment" DROP CONSTRAINT "FK_8bd8d0985c0d077c8129fb4a209"`,
    );
    await queryRunner.query(
      `ALTER TABLE "comment" DROP CONSTRAINT "FK_bbfe153fa60aa06483ed35ff4a7"`,
    );
    await queryRunner.query(
      `ALTER TABLE "comment" DROP CONSTRAINT "FK_8aa21186314ce53c5b61a0e8c93"`,
    );
    await queryRunner.query(`ALTER TABLE "post" DROP CONSTRAINT "FK_52378a74ae3724bcab44036645b"`);
    await queryRunner.query(`DROP INDEX "public"."plant_user_idx"`);
    await queryRunner.query(`DROP TABLE "plant"`);
    await queryRunner.query(`DROP INDEX "public"."notification_user_idx"`);
    await queryRunner.query(`DROP INDEX "public"."notification_actor_idx"`);
    await queryRunner.query(`DROP INDEX "public"."notification_post_idx"`);
    await queryRunner.query(`DROP INDEX "public"."notification_comment_idx"`);
    await queryRunner.query(`DROP TABLE "notification"`);
    await queryRunner.query(`DROP INDEX "public"."uploaded_image_user_idx"`);
    await queryRunner.query(`DROP INDEX "public"."uploaded_image_unattached_idx"`);
    await queryRunner.query(`DROP TABLE "uploaded_image"`);
    await queryRunner.query(`DROP INDEX "public"."reaction_post_idx"`);
    await queryRunner.query(`DROP INDEX "public"."reaction_comment_idx"`);
    await queryRunner.query(`DROP TABLE "reaction"`);
    await queryRunner.query(`DROP INDEX "public"."post_tag_tag_idx"`);
    await queryRunner.query(`DROP TABLE "post_tag"`);
    await queryRunner.query(`DROP TABLE "post_photo"`);
    await queryRunner.query(`DROP INDEX "public"."comment_post_idx"`);
    await queryRunner.query(`DROP INDEX "public"."comment_parent_idx"`);
    await queryRunner.query(`DROP INDEX "public"."comment_user_idx"`);
    await queryRunner.query(`DROP TABLE "comment"`);
    await queryRunner.query(`DROP INDEX "public"."post_feed_idx"`);
    await queryRunner.query(`DROP INDEX "public"."post_public_feed_idx"`);
    await queryRunner.query(`DROP INDEX "public"."post_plant_feed_idx"`);
    await queryRunner.query(`DROP INDEX "public"."post_user_feed_idx"`);
    await queryRunner.query(`DROP TABLE "post"`);
    await queryRunner.query(`DROP EXTENSION IF EXISTS earthdistance`);
    await queryRunner.query(`DROP EXTENSION IF EXISTS cube`);
  }
}
