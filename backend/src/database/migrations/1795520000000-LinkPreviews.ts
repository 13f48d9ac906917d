import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Living text (issue 10): link previews cached per URL (content's `link_preview`), tags a post has
 * only through a hashtag in its text (`post_tag.picked` false; every existing link was picked),
 * and the `mention` notification type.
 */
export class LinkPreviews1795520000000 implements MigrationInterface {
  name = 'LinkPreviews1795520000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "link_preview" ("url" text NOT NULL, "status" text NOT NULL, "title" text, "description" text, "site_name" text, "image_ref" text, "image_variants" jsonb NOT NULL DEFAULT '[]', "image_blurhash" text, "image_width" integer, "image_height" integer, "fetched_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "link_preview_status_chk" CHECK (status IN ('ok', 'failed')), CONSTRAINT "link_preview_url_chk" CHECK (char_length(url) <= 2048), CONSTRAINT "PK_link_preview_url" PRIMARY KEY ("url"))`,
    );
    await queryRunner.query(`ALTER TABLE "post_tag" ADD "picked" boolean NOT NULL DEFAULT true`);
    await queryRunner.query(`ALTER TABLE "notification" DROP CONSTRAINT "notification_type_chk"`);
    await queryRunner.query(
      `ALTER TABLE "notification" ADD CONSTRAINT "notification_type_chk" CHECK (type IN ('reaction', 'comment', 'event', 'immutable', 'mention'))`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DELETE FROM "notification" WHERE type = 'mention'`);
    await queryRunner.query(`ALTER TABLE "notification" DROP CONSTRAINT "notification_type_chk"`);
    await queryRunner.query(
      `ALTER TABLE "notification" ADD CONSTRAINT "notification_type_chk" CHECK (type IN ('reaction', 'comment', 'event', 'immutable'))`,
    );
    await queryRunner.query(`ALTER TABLE "post_tag" DROP COLUMN "picked"`);
    await queryRunner.query(`DROP TABLE "link_preview"`);
  }
}
