import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A post's search document on the post row alone (platform/search): its text, and for a post of a
 * kind with a search group (plants) the kind's fields — the plant's name weighted A, its species
 * and swap terms — and its photos' descriptions. Before, a listing matched across two vectors (the
 * post's and the plant's), each a GIN index of its own, and a term's words spread over both had to
 * be matched by any word first: a middling word read every match of both indexes. Now the plants
 * group is the posts group over another type, one GIN index, one row per match.
 *
 * The vector can no longer be a generated column (it reads other rows), so triggers keep it:
 * - on post, before an insert or a change of its text (an inserted post has no plant or photos
 *   yet: its text alone);
 * - after a plant's searchable fields change, and after a photo's description is written or
 *   removed: the post's vector is recomputed from its rows (`post_search_vector`).
 * The existing values are kept (DROP EXPRESSION); only posts with a plant or a described photo
 * are recomputed. plant.search_vector and its index go: nothing reads them any more.
 */
export class SearchOneRow1795660000000 implements MigrationInterface {
  name = 'SearchOneRow1795660000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "post" ALTER COLUMN "search_vector" DROP EXPRESSION`);
    await queryRunner.query(
      `DELETE FROM "typeorm_metadata" WHERE "type" = 'GENERATED_COLUMN' AND "table" IN ('post', 'plant') AND "name" = 'search_vector'`,
    );
    await queryRunner.query(`DROP INDEX "public"."plant_search_idx"`);
    await queryRunner.query(`ALTER TABLE "plant" DROP COLUMN "search_vector"`);

    // The text of a string body (not BEGIN ATOMIC): the function names plant and post_photo
    // without pinning them, so those tables' own migrations stay reversible.
    await queryRunner.query(`
      CREATE FUNCTION post_search_vector(post_id uuid, post_text text) RETURNS tsvector
        LANGUAGE sql STABLE PARALLEL SAFE AS $$
        SELECT search_document(
                 k.name,
                 concat_ws(' ', post_text, k.species, k.swap_terms,
                           (SELECT string_agg(ph.description, ' ' ORDER BY ph.position)
                              FROM post_photo ph WHERE ph.post_id = $1)))
          FROM (SELECT 1) one
          LEFT JOIN plant k ON k.post_id = $1
      $$`);
    await queryRunner.query(`
      CREATE FUNCTION post_search_vector_fill() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        -- A new post has no plant or photos yet: they refresh it when they come.
        NEW.search_vector := CASE WHEN TG_OP = 'INSERT' THEN search_document(NULL, NEW.text)
                                  ELSE post_search_vector(NEW.id, NEW.text) END;
        RETURN NEW;
      END $$`);
    await queryRunner.query(`
      CREATE FUNCTION post_search_vector_refresh() RETURNS trigger LANGUAGE plpgsql AS $$
      DECLARE
        target uuid := CASE WHEN TG_OP = 'DELETE' THEN OLD.post_id ELSE NEW.post_id END;
      BEGIN
        UPDATE post SET search_vector = post_search_vector(id, text) WHERE id = target;
        RETURN NULL;
      END $$`);
    await queryRunner.query(
      `CREATE TRIGGER post_search_vector_fill BEFORE INSERT OR UPDATE OF "text" ON "post"
       FOR EACH ROW EXECUTE FUNCTION post_search_vector_fill()`,
    );
    await queryRunner.query(
      `CREATE TRIGGER plant_search_vector_insert AFTER INSERT ON "plant" FOR EACH ROW
       EXECUTE FUNCTION post_search_vector_refresh()`,
    );
    await queryRunner.query(
      `CREATE TRIGGER plant_search_vector_update AFTER UPDATE OF "name", "species", "swap_terms"
       ON "plant" FOR EACH ROW
       WHEN ((OLD.name, OLD.species, OLD.swap_terms) IS DISTINCT FROM (NEW.name, NEW.species, NEW.swap_terms))
       EXECUTE FUNCTION post_search_vector_refresh()`,
    );
    await queryRunner.query(
      `CREATE TRIGGER post_photo_search_vector_insert AFTER INSERT ON "post_photo" FOR EACH ROW
       WHEN (NEW.description IS NOT NULL) EXECUTE FUNCTION post_search_vector_refresh()`,
    );
    await queryRunner.query(
      `CREATE TRIGGER post_photo_search_vector_update AFTER UPDATE OF "description" ON "post_photo"
       FOR EACH ROW WHEN (OLD.description IS DISTINCT FROM NEW.description)
       EXECUTE FUNCTION post_search_vector_refresh()`,
    );
    await queryRunner.query(
      `CREATE TRIGGER post_photo_search_vector_delete AFTER DELETE ON "post_photo" FOR EACH ROW
       WHEN (OLD.description IS NOT NULL) EXECUTE FUNCTION post_search_vector_refresh()`,
    );
    // One GIN index per post type a search group reads (the type is in every group's match): a
    // word common among posts but absent from listings is then not read, row by row, to be
    // found to be no listing's.
    await queryRunner.query(`DROP INDEX "public"."post_search_idx"`);
    await queryRunner.query(
      `CREATE INDEX "post_search_idx" ON "post" USING gin ("search_vector") WHERE type = 'text/image'`,
    );
    await queryRunner.query(
      `CREATE INDEX "post_plant_search_idx" ON "post" USING gin ("search_vector") WHERE type = 'plant/image'`,
    );
    await queryRunner.query(
      `UPDATE post p SET search_vector = post_search_vector(p.id, p.text)
        WHERE EXISTS (SELECT 1 FROM plant k WHERE k.post_id = p.id)
           OR EXISTS (SELECT 1 FROM post_photo ph WHERE ph.post_id = p.id AND ph.description IS NOT NULL)`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TRIGGER post_photo_search_vector_delete ON "post_photo"`);
    await queryRunner.query(`DROP TRIGGER post_photo_search_vector_update ON "post_photo"`);
    await queryRunner.query(`DROP TRIGGER post_photo_search_vector_insert ON "post_photo"`);
    await queryRunner.query(`DROP TRIGGER plant_search_vector_update ON "plant"`);
    await queryRunner.query(`DROP TRIGGER plant_search_vector_insert ON "plant"`);
    await queryRunner.query(`DROP TRIGGER post_search_vector_fill ON "post"`);
    await queryRunner.query(`DROP FUNCTION post_search_vector_refresh()`);
    await queryRunner.query(`DROP FUNCTION post_search_vector_fill()`);
    await queryRunner.query(`DROP FUNCTION post_search_vector(uuid, text)`);
    const plantExpression = `search_document(name, COALESCE(species, '') || ' ' || COALESCE(swap_terms, ''))`;
    const postExpression = `search_document(NULL, text)`;
    await queryRunner.query(
      `ALTER TABLE "plant" ADD "search_vector" tsvector GENERATED ALWAYS AS (${plantExpression}) STORED`,
    );
    await queryRunner.query(`ALTER TABLE "plant" ALTER COLUMN "search_vector" SET STATISTICS 1000`);
    await queryRunner.query(
      `CREATE INDEX "plant_search_idx" ON "plant" USING gin ("search_vector")`,
    );
    // A plain column cannot become generated again: the post's is re-added, then re-indexed.
    await queryRunner.query(`DROP INDEX "public"."post_plant_search_idx"`);
    await queryRunner.query(`DROP INDEX "public"."post_search_idx"`);
    await queryRunner.query(`ALTER TABLE "post" DROP COLUMN "search_vector"`);
    await queryRunner.query(
      `ALTER TABLE "post" ADD "search_vector" tsvector GENERATED ALWAYS AS (${postExpression}) STORED`,
    );
    await queryRunner.query(`ALTER TABLE "post" ALTER COLUMN "search_vector" SET STATISTICS 1000`);
    await queryRunner.query(`CREATE INDEX "post_search_idx" ON "post" USING gin ("search_vector")`);
    for (const [table, expression] of [
      ['post', postExpression],
      ['plant', plantExpression],
    ])
      await queryRunner.query(
        `INSERT INTO "typeorm_metadata" ("database", "schema", "table", "type", "name", "value")
         VALUES (current_database(), current_schema(), $1, 'GENERATED_COLUMN', 'search_vector', $2)`,
        [table, expression],
      );
  }
}
