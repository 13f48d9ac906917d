import type { MigrationInterface, QueryRunner } from 'typeorm';

export class UploadRenderQueue1795477623017 implements MigrationInterface {
  name = 'UploadRenderQueue1795477623017';

  async up(queryRunner: QueryRunner): Promise<void> {
    // Uploads made before this were rendered in their request: they are ready. New rows default
    // to pending (no table rewrite either way).
    await queryRunner.query(
      `ALTER TABLE "uploaded_image" ADD "status" text NOT NULL DEFAULT 'ready'`,
    );
    await queryRunner.query(
      `ALTER TABLE "uploaded_image" ALTER COLUMN "status" SET DEFAULT 'pending'`,
    );
    await queryRunner.query(`ALTER TABLE "uploaded_image" ADD "original_ref" text`);
    await queryRunner.query(
      `ALTER TABLE "uploaded_image" ADD CONSTRAINT "uploaded_image_status_chk" CHECK (status IN ('pending', 'ready', 'failed'))`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE "uploaded_image" DROP CONSTRAINT "uploaded_image_status_chk"`,
    );
    await queryRunner.query(`ALTER TABLE "uploaded_image" DROP COLUMN "original_ref"`);
    await queryRunner.query(`ALTER TABLE "uploaded_image" DROP COLUMN "status"`);
  }
}
