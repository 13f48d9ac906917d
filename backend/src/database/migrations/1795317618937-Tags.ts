import type { MigrationInterface, QueryRunner } from 'typeorm';

export class Tags1795317618937 implements MigrationInterface {
  name = 'Tags1795317618937';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "tag_group" ("id" SERIAL NOT NULL, "name" text NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "UQ_4648b58740c41d8fddcece36e6c" UNIQUE ("name"), CONSTRAINT "PK_e981aec841941757b9f25ba384e" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE TABLE "tag" ("id" SERIAL NOT NULL, "name" text COLLATE "C" NOT NULL, "is_parent" boolean NOT NULL DEFAULT false, "parent_id" integer, "group_id" integer, "description" text, "follower_count" integer NOT NULL DEFAULT '0', "post_count" integer NOT NULL DEFAULT '0', "created_by" uuid, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "UQ_6a9775008add570dc3e5a0bab7b" UNIQUE ("name"), CONSTRAINT "tag_post_count_chk" CHECK (post_count >= 0), CONSTRAINT "tag_follower_count_chk" CHECK (follower_count >= 0), CONSTRAINT "tag_name_length_chk" CHECK (char_length(name) BETWEEN 2 AND 40), CONSTRAINT "PK_8e4052373c579afc1471f526760" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "tag_parent_idx" ON "tag" ("parent_id") `);
    await queryRunner.query(
      `CREATE TABLE "user_tag_interest" ("user_id" uuid NOT NULL, "tag_id" integer NOT NULL, "interest_type" text NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "user_tag_interest_type_chk" CHECK (interest_type IN ('follow', 'grow', 'want')), CONSTRAINT "PK_bee576decabd65735742c67f2f3" PRIMARY KEY ("user_id", "tag_id", "interest_type"))`,
    );
    await queryRunner.query(
      `CREATE INDEX "user_tag_interest_tag_idx" ON "user_tag_interest" ("tag_id") `,
    );
    await queryRunner.query(
      `ALTER TABLE "tag" ADD CONSTRAINT "FK_fdb4c6bd27ccc3d95a8027cd732" FOREIGN KEY ("parent_id") REFERENCES "tag"("id") ON DELETE SET NULL ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "tag" ADD CONSTRAINT "FK_e981aec841941757b9f25ba384e" FOREIGN KEY ("group_id") REFERENCES "tag_group"("id") ON DELETE SET NULL ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "tag" ADD CONSTRAINT "FK_7af95683f9d0d8d0a76349611ea" FOREIGN KEY ("created_by") REFERENCES "user_account"("id") ON DELETE SET NULL ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "user_tag_interest" ADD CONSTRAINT "FK_c9bc6e41099d25fb659afa1f30b" FOREIGN KEY ("user_id") REFERENCES "user_account"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "user_tag_interest" ADD CONSTRAINT "FK_a7bf0ae5bf893faa989100937c0" FOREIGN KEY ("tag_id") REFERENCES "tag"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE "user_tag_interest" DROP CONSTRAINT "FK_a7bf0ae5bf893faa989100937c0"`,
    );
    await queryRunner.query(
      `ALTER TABLE "user_tag_interest" DROP CONSTRAINT "FK_c9bc6e41099d25fb659afa1f30b"`,
    );
    await queryRunner.query(`ALTER TABLE "tag" DROP CONSTRAINT "FK_7af95683f9d0d8d0a76349611ea"`);
    await queryRunner.query(`ALTER TABLE "tag" DROP CONSTRAINT "FK_e981aec841941757b9f25ba384e"`);
    await queryRunner.query(`ALTER TABLE "tag" DROP CONSTRAINT "FK_fdb4c6bd27ccc3d95a8027cd732"`);
    await queryRunner.query(`DROP INDEX "public"."user_tag_interest_tag_idx"`);
    await queryRunner.query(`DROP TABLE "user_tag_interest"`);
    await queryRunner.query(`DROP INDEX "public"."tag_parent_idx"`);
    await queryRunner.query(`DROP TABLE "tag"`);
    await queryRunner.query(`DROP TABLE "tag_group"`);
  }
}
