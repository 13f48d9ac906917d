import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A tag not in public use is listed to every member who named it (made it, or put it on a post),
 * not only to its first maker; and tag ids are drawn at random, so an id says nothing of when its
 * tag was made (see tags/tag-visibility.ts). Hand-trimmed from the generated diff, which also
 * dropped and re-created the foreign keys on tag.id for no change.
 */
export class TagNamers1795467720555 implements MigrationInterface {
  name = 'TagNamers1795467720555';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "tag_namer" ("tag_id" integer NOT NULL, "user_id" uuid NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_5ca20c47ead83e5911dcdf6518f" PRIMARY KEY ("tag_id", "user_id"))`,
    );
    await queryRunner.query(`CREATE INDEX "tag_namer_user_idx" ON "tag_namer" ("user_id") `);
    await queryRunner.query(
      `ALTER TABLE "tag_namer" ADD CONSTRAINT "FK_3275bd9cb21e0e4a85bb38f5b9b" FOREIGN KEY ("tag_id") REFERENCES "tag"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "tag_namer" ADD CONSTRAINT "FK_02f5ec832132a9578887b685303" FOREIGN KEY ("user_id") REFERENCES "user_account"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    // Who named each tag so far: its maker, and the authors of the posts that carry it.
    await queryRunner.query(
      `INSERT INTO "tag_namer" ("tag_id", "user_id")
       SELECT "id", "created_by" FROM "tag" WHERE "created_by" IS NOT NULL
       UNION
       SELECT pt."tag_id", p."user_id" FROM "post_tag" pt JOIN "post" p ON p."id" = pt."post_id"
       ON CONFLICT DO NOTHING`,
    );
    await queryRunner.query(`ALTER TABLE "tag" ALTER COLUMN "id" DROP DEFAULT`);
    await queryRunner.query(`DROP SEQUENCE "tag_id_seq"`);
    await queryRunner.query(
      `ALTER TABLE "tag" ALTER COLUMN "id" SET DEFAULT floor(random() * 2147483646) + 1`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "tag" ALTER COLUMN "id" DROP DEFAULT`);
    await queryRunner.query(`CREATE SEQUENCE IF NOT EXISTS "tag_id_seq" OWNED BY "tag"."id"`);
    await queryRunner.query(
      `SELECT setval('"tag_id_seq"', GREATEST((SELECT max("id") FROM "tag"), 1))`,
    );
    await queryRunner.query(
      `ALTER TABLE "tag" ALTER COLUMN "id" SET DEFAULT nextval('"tag_id_seq"')`,
    );
    await queryRunner.query(
      `ALTER TABLE "tag_namer" DROP CONSTRAINT "FK_02f5ec832132a9578887b685303"`,
    );
    await queryRunner.query(
      `ALTER TABLE "tag_namer" DROP CONSTRAINT "FK_3275bd9cb21e0e4a85bb38f5b9b"`,
    );
    await queryRunner.query(`DROP INDEX "public"."tag_namer_user_idx"`);
    await queryRunner.query(`DROP TABLE "tag_namer"`);
  }
}
