import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Uploads that were attached to a post and then lost it are swept too.
 * - `post_photo_image_ref_idx`: what references an upload is found by its ref (the sweep's check,
 *   and the render job's update of the photos made of an upload).
 * - `uploaded_image.detached_at`: when the last post photo made of the upload went, however it
 *   went (an edit, the post's deletion, a cascade from its owner's). A statement-level trigger on
 *   `post_photo` sets it; the partial index lists what the `cleanup` sweep looks at. The uploads
 *   already detached are marked now.
 */
export class DetachedUploads1795700000000 implements MigrationInterface {
  name = 'DetachedUploads1795700000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE INDEX "post_photo_image_ref_idx" ON "post_photo" ("image_ref") `,
    );
    await queryRunner.query(
      `ALTER TABLE "uploaded_image" ADD "detached_at" TIMESTAMP WITH TIME ZONE`,
    );
    await queryRunner.query(
      `CREATE INDEX "uploaded_image_detached_idx" ON "uploaded_image" ("detached_at") WHERE detached_at IS NOT NULL`,
    );
    await queryRunner.query(
      `CREATE FUNCTION uploaded_image_mark_detached() RETURNS trigger LANGUAGE plpgsql AS $$
       BEGIN
         UPDATE uploaded_image u SET detached_at = now()
          WHERE u.ref IN (SELECT g.image_ref FROM gone_photos g)
            AND u.detached_at IS NULL
            AND NOT EXISTS (SELECT 1 FROM post_photo ph WHERE ph.image_ref = u.ref);
         RETURN NULL;
       END $$`,
    );
    await queryRunner.query(
      `CREATE TRIGGER post_photo_detach AFTER DELETE ON "post_photo" REFERENCING OLD TABLE AS gone_photos
       FOR EACH STATEMENT EXECUTE FUNCTION uploaded_image_mark_detached()`,
    );
    await queryRunner.query(
      `UPDATE uploaded_image u SET detached_at = now()
        WHERE u.attached_at IS NOT NULL
          AND NOT EXISTS (SELECT 1 FROM post_photo ph WHERE ph.image_ref = u.ref)`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TRIGGER post_photo_detach ON "post_photo"`);
    await queryRunner.query(`DROP FUNCTION uploaded_image_mark_detached()`);
    await queryRunner.query(`DROP INDEX "public"."uploaded_image_detached_idx"`);
    await queryRunner.query(`ALTER TABLE "uploaded_image" DROP COLUMN "detached_at"`);
    await queryRunner.query(`DROP INDEX "public"."post_photo_image_ref_idx"`);
  }
}
