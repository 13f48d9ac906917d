import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Two read paths that no longer grow with the table (issue 9):
 *
 * - `post_tally`: the number of posts per type and privacy, kept by triggers on `post` in the
 *   writing transaction, so the site's counts on the guests' feed read a few rows instead of
 *   counting `post`. Inserts and deletes are counted per statement (transition tables: a bulk
 *   insert or a cascade moves each tally once); a change of type or privacy per row, and only
 *   when one of them changed (an update of the counters never fires it). A writer adds to the
 *   slot of its backend (pg_backend_pid() % 16), so parallel writers seldom share a tally row.
 * - `post_tag.bumped_at`: the post's bumped_at, copied, so a tag's feed walks post_tag_feed_idx
 *   (tag_id, bumped_at, post_id) down from the tag's newest post, whatever its age, instead of
 *   walking every public post and probing post_tag. Filled on insert when not given, and moved
 *   with each bump of the post.
 *
 * Triggers and functions are not entities' business: TypeORM does not see them (no drift).
 */
export class PostTallyAndTagFeed1795477157518 implements MigrationInterface {
  name = 'PostTallyAndTagFeed1795477157518';

  async up(queryRunner: QueryRunner): Promise<void> {
    // No post is written while the tallies and copies are filled and the triggers go in.
    await queryRunner.query(`LOCK TABLE "post", "post_tag" IN SHARE ROW EXCLUSIVE MODE`);

    await queryRunner.query(
      `CREATE TABLE "post_tally" ("type" text NOT NULL, "privacy" text NOT NULL, "slot" smallint NOT NULL, "posts" bigint NOT NULL DEFAULT '0', CONSTRAINT "post_tally_pkey" PRIMARY KEY ("type", "privacy", "slot"))`,
    );
    await queryRunner.query(
      `INSERT INTO "post_tally" ("type", "privacy", "slot", "posts")
       SELECT "type", "privacy", 0, count(*) FROM "post" GROUP BY "type", "privacy"`,
    );
    await queryRunner.query(`
      CREATE FUNCTION post_tally_count_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        INSERT INTO post_tally AS t (type, privacy, slot, posts)
        SELECT type, privacy, pg_backend_pid() % 16, count(*) FROM inserted_posts
         GROUP BY type, privacy ORDER BY type, privacy
        ON CONFLICT (type, privacy, slot) DO UPDATE SET posts = t.posts + EXCLUDED.posts;
        RETURN NULL;
      END $$`);
    await queryRunner.query(`
      CREATE FUNCTION post_tally_count_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        INSERT INTO post_tally AS t (type, privacy, slot, posts)
        SELECT type, privacy, pg_backend_pid() % 16, -count(*) FROM deleted_posts
         GROUP BY type, privacy ORDER BY type, privacy
        ON CONFLICT (type, privacy, slot) DO UPDATE SET posts = t.posts + EXCLUDED.posts;
        RETURN NULL;
      END $$`);
    await queryRunner.query(`
      CREATE FUNCTION post_tally_move() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        INSERT INTO post_tally AS t (type, privacy, slot, posts)
        SELECT moved.type, moved.privacy, pg_backend_pid() % 16, moved.posts
          FROM (VALUES (OLD.type, OLD.privacy, -1), (NEW.type, NEW.privacy, 1))
            AS moved(type, privacy, posts)
         ORDER BY moved.type, moved.privacy
        ON CONFLICT (type, privacy, slot) DO UPDATE SET posts = t.posts + EXCLUDED.posts;
        RETURN NULL;
      END $$`);
    await queryRunner.query(
      `CREATE TRIGGER post_tally_insert AFTER INSERT ON "post" REFERENCING NEW TABLE AS inserted_posts
       FOR EACH STATEMENT EXECUTE FUNCTION post_tally_count_inserted()`,
    );
    await queryRunner.query(
      `CREATE TRIGGER post_tally_delete AFTER DELETE ON "post" REFERENCING OLD TABLE AS deleted_posts
       FOR EACH STATEMENT EXECUTE FUNCTION post_tally_count_deleted()`,
    );
    await queryRunner.query(
      `CREATE TRIGGER post_tally_move AFTER UPDATE OF "type", "privacy" ON "post" FOR EACH ROW
       WHEN (OLD.type IS DISTINCT FROM NEW.type OR OLD.privacy IS DISTINCT FROM NEW.privacy)
       EXECUTE FUNCTION post_tally_move()`,
    );

    await queryRunner.query(`ALTER TABLE "post_tag" ADD "bumped_at" TIMESTAMP WITH TIME ZONE`);
    await queryRunner.query(
      `UPDATE "post_tag" pt SET "bumped_at" = p."bumped_at" FROM "post" p WHERE p."id" = pt."post_id"`,
    );
    await queryRunner.query(`ALTER TABLE "post_tag" ALTER COLUMN "bumped_at" SET NOT NULL`);
    await queryRunner.query(`DROP INDEX "public"."post_tag_tag_idx"`);
    await queryRunner.query(
      `CREATE INDEX "post_tag_feed_idx" ON "post_tag" ("tag_id", "bumped_at", "post_id") `,
    );
    // A link to a post that is not there gets -infinity, so the foreign key (not NOT NULL) refuses it.
    await queryRunner.query(`
      CREATE FUNCTION post_tag_fill_bumped_at() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        NEW.bumped_at := COALESCE(
          (SELECT bumped_at FROM post WHERE id = NEW.post_id), '-infinity'::timestamptz);
        RETURN NEW;
      END $$`);
    await queryRunner.query(`
      CREATE FUNCTION post_tag_follow_bump() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        UPDATE post_tag SET bumped_at = NEW.bumped_at WHERE post_id = NEW.id;
        RETURN NULL;
      END $$`);
    await queryRunner.query(
      `CREATE TRIGGER post_tag_fill_bumped_at BEFORE INSERT ON "post_tag" FOR EACH ROW
       WHEN (NEW.bumped_at IS NULL) EXECUTE FUNCTION post_tag_fill_bumped_at()`,
    );
    await queryRunner.query(
      `CREATE TRIGGER post_tag_follow_bump AFTER UPDATE OF "bumped_at" ON "post" FOR EACH ROW
       WHEN (OLD.bumped_at IS DISTINCT FROM NEW.bumped_at) EXECUTE FUNCTION post_tag_follow_bump()`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TRIGGER post_tag_follow_bump ON "post"`);
    await queryRunner.query(`DROP TRIGGER post_tag_fill_bumped_at ON "post_tag"`);
    await queryRunner.query(`DROP FUNCTION post_tag_follow_bump()`);
    await queryRunner.query(`DROP FUNCTION post_tag_fill_bumped_at()`);
    await queryRunner.query(`DROP INDEX "public"."post_tag_feed_idx"`);
    await queryRunner.query(`CREATE INDEX "post_tag_tag_idx" ON "post_tag" ("tag_id", "post_id") `);
    await queryRunner.query(`ALTER TABLE "post_tag" DROP COLUMN "bumped_at"`);
    await queryRunner.query(`DROP TRIGGER post_tally_move ON "post"`);
    await queryRunner.query(`DROP TRIGGER post_tally_delete ON "post"`);
    await queryRunner.query(`DROP TRIGGER post_tally_insert ON "post"`);
    await queryRunner.query(`DROP FUNCTION post_tally_move()`);
    await queryRunner.query(`DROP FUNCTION post_tally_count_deleted()`);
    await queryRunner.query(`DROP FUNCTION post_tally_count_inserted()`);
    await queryRunner.query(`DROP TABLE "post_tally"`);
  }
}
