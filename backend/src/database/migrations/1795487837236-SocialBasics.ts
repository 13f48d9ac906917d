import type { MigrationInterface, QueryRunner } from 'typeorm';

export class SocialBasics1795487837236 implements MigrationInterface {
  name = 'SocialBasics1795487837236';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "public"."reaction_comment_idx"`);
    await queryRunner.query(`DROP INDEX "public"."reaction_post_idx"`);
    await queryRunner.query(`ALTER TABLE "post" ADD "edited_at" TIMESTAMP WITH TIME ZONE`);
    await queryRunner.query(`ALTER TABLE "comment" ADD "edited_at" TIMESTAMP WITH TIME ZONE`);
    await queryRunner.query(`ALTER TABLE "user_account" ADD "display_name" text`);
    await queryRunner.query(`ALTER TABLE "user_account" ADD "bio" text`);
    await queryRunner.query(
      `CREATE INDEX "reaction_comment_idx" ON "reaction" ("comment_id", "created_at", "id") `,
    );
    await queryRunner.query(
      `CREATE INDEX "reaction_post_idx" ON "reaction" ("post_id", "created_at", "id") `,
    );
    await queryRunner.query(
      `ALTER TABLE "user_account" ADD CONSTRAINT "user_account_bio_chk" CHECK (char_length(bio) BETWEEN 1 AND 300)`,
    );
    await queryRunner.query(
      `ALTER TABLE "user_account" ADD CONSTRAINT "user_account_display_name_chk" CHECK (char_length(display_name) BETWEEN 1 AND 50)`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE "user_account" DROP CONSTRAINT "user_account_display_name_chk"`,
    );
    await queryRunner.query(`ALTER TABLE "user_account" DROP CONSTRAINT "user_account_bio_chk"`);
    await queryRunner.query(`DROP INDEX "public"."reaction_post_idx"`);
    await queryRunner.query(`DROP INDEX "public"."reaction_comment_idx"`);
    await queryRunner.query(`ALTER TABLE "user_account" DROP COLUMN "bio"`);
    await queryRunner.query(`ALTER TABLE "user_account" DROP COLUMN "display_name"`);
    await queryRunner.query(`ALTER TABLE "comment" DROP COLUMN "edited_at"`);
    await queryRunner.query(`ALTER TABLE "post" DROP COLUMN "edited_at"`);
    await queryRunner.query(`CREATE INDEX "reaction_post_idx" ON "reaction" ("post_id") `);
    await queryRunner.query(`CREATE INDEX "reaction_comment_idx" ON "reaction" ("comment_id") `);
  }
}
