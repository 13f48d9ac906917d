import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Full-text search (platform/search): each searchable table keeps a stored, generated `tsvector`
 * (`search_vector`) with a GIN index, built by `search_document(title, body)` — the title weighted
 * A, the body D, both unaccented and lower-cased by the 'simple' configuration (no stemming, so
 * names of plants and people match as typed, in any language). `unaccent()` is only STABLE (its
 * dictionary could change), so generated columns and indexes use the IMMUTABLE wrapper
 * `search_unaccent`, which names its dictionary; queries unaccent the term with the same function.
 *
 * The handle namespace gets a `text_pattern_ops` index for prefix lookups (`LIKE 'abc%'`).
 *
 * TypeORM reads the expression of a generated column from its `typeorm_metadata` table; the rows
 * written here are the expressions the entities declare, so the schema has no drift.
 */
const SEARCHABLE: Array<{ table: string; index: string; expression: string }> = [
  { table: 'post', index: 'post_search_idx', expression: `search_document(NULL, text)` },
  {
    table: 'plant',
    index: 'plant_search_idx',
    expression: `search_document(name, COALESCE(species, '') || ' ' || COALESCE(swap_terms, ''))`,
  },
  { table: 'tag', index: 'tag_search_idx', expression: `search_document(name, description)` },
  {
    table: 'page',
    index: 'page_search_idx',
    expression: `search_document(name || ' ' || handle, about)`,
  },
  {
    table: 'event_template',
    index: 'event_template_search_idx',
    expression: `search_document(title, description)`,
  },
  {
    table: 'user_account',
    index: 'user_account_search_idx',
    expression: `search_document(COALESCE(username, '') || ' ' || COALESCE(display_name, ''), bio)`,
  },
];

/** Statistics target of the search vectors (ANALYZE keeps up to 10× as many lexemes). */
const STATISTICS_TARGET = 1000;

export class Search1795600000000 implements MigrationInterface {
  name = 'Search1795600000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE EXTENSION IF NOT EXISTS unaccent`);
    await queryRunner.query(`CREATE EXTENSION IF NOT EXISTS pg_trgm`);
    await queryRunner.query(
      `CREATE FUNCTION search_unaccent(value text) RETURNS text
         LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
         RETURN public.unaccent('public.unaccent'::regdictionary, value)`,
    );
    await queryRunner.query(
      `CREATE FUNCTION search_document(title text, body text) RETURNS tsvector
         LANGUAGE sql IMMUTABLE PARALLEL SAFE
         RETURN setweight(to_tsvector('simple'::regconfig, COALESCE(search_unaccent(title), '')), 'A')
             || setweight(to_tsvector('simple'::regconfig, COALESCE(search_unaccent(body), '')), 'D')`,
    );
    await queryRunner.query(
      `CREATE TABLE IF NOT EXISTS "typeorm_metadata" ("type" character varying NOT NULL,
         "database" character varying, "schema" character varying, "table" character varying,
         "name" character varying, "value" text)`,
    );
    for (const { table, index, expression } of SEARCHABLE) {
      await queryRunner.query(
        `ALTER TABLE "${table}" ADD "search_vector" tsvector GENERATED ALWAYS AS (${expression}) STORED`,
      );
      await queryRunner.query(
        `INSERT INTO "typeorm_metadata" ("database", "schema", "table", "type", "name", "value")
         VALUES (current_database(), current_schema(), $1, 'GENERATED_COLUMN', 'search_vector', $2)`,
        [table, expression],
      );
      await queryRunner.query(`CREATE INDEX "${index}" ON "${table}" USING gin ("search_vector")`);
      // The planner estimates a word missing from the statistics' most common lexemes at half the
      // rarest one listed; with the default list a rare word looked common enough to walk the
      // recency index for it (every row read). A longer list brings that guess down to rare.
      await queryRunner.query(
        `ALTER TABLE "${table}" ALTER COLUMN "search_vector" SET STATISTICS ${STATISTICS_TARGET}`,
      );
    }
    await queryRunner.query(
      `CREATE INDEX "handle_prefix_idx" ON "handle" ("handle" text_pattern_ops)`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "public"."handle_prefix_idx"`);
    for (const { table, index } of [...SEARCHABLE].reverse()) {
      await queryRunner.query(`DROP INDEX "public"."${index}"`);
      await queryRunner.query(`ALTER TABLE "${table}" DROP COLUMN "search_vector"`);
      await queryRunner.query(
        `DELETE FROM "typeorm_metadata" WHERE "type" = 'GENERATED_COLUMN' AND "table" = $1 AND "name" = 'search_vector'`,
        [table],
      );
    }
    await queryRunner.query(`DROP FUNCTION search_document(text, text)`);
    await queryRunner.query(`DROP FUNCTION search_unaccent(text)`);
  }
}
