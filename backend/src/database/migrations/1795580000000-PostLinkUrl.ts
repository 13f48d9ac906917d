import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Unused link previews go (issue 10): `post.link_url` keeps a post's first URL with its text, so
 * the cleanup finds the previews no post names by an index lookup, not a scan of posts' texts.
 * - `post_link_url_idx`: a hash index (equality only; a URL may be longer than a btree key may
 *   be, and posts without a URL are not in it).
 * - `link_preview_fetched_idx`: the previews old enough to go.
 * Existing posts get their first URL here, found as content's living-text.ts finds it (the rule as
 * it is now, copied: a migration does not follow later changes of the code).
 */
export class PostLinkUrl1795580000000 implements MigrationInterface {
  name = 'PostLinkUrl1795580000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "post" ADD "link_url" text`);
    await queryRunner.query(
      `CREATE INDEX "link_preview_fetched_idx" ON "link_preview" ("fetched_at") `,
    );
    let after = '00000000-0000-0000-0000-000000000000';
    for (;;) {
      const rows = (await queryRunner.query(
        `SELECT id, text FROM post WHERE id > $1 AND text ~* 'https?://' ORDER BY id LIMIT 1000`,
        [after],
      )) as Array<{ id: string; text: string }>;
      if (!rows.length) break;
      after = rows[rows.length - 1].id;
      const found = rows
        .map((row) => ({ id: row.id, url: firstUrlOf(row.text) }))
        .filter((row) => row.url !== null);
      if (found.length)
        await queryRunner.query(
          `UPDATE post SET link_url = x.url
             FROM unnest($1::uuid[], $2::text[]) AS x(id, url) WHERE post.id = x.id`,
          [found.map((row) => row.id), found.map((row) => row.url)],
        );
    }
    await queryRunner.query(`CREATE INDEX "post_link_url_idx" ON "post" USING hash ("link_url")`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "public"."post_link_url_idx"`);
    await queryRunner.query(`DROP INDEX "public"."link_preview_fetched_idx"`);
    await queryRunner.query(`ALTER TABLE "post" DROP COLUMN "link_url"`);
  }
}

const URL_MAX = 2048;
const WORD_CHAR = /[\p{L}\p{M}\p{N}_]/u;
const TRAILING_PUNCTUATION = /[.,;:!?'"»”’)\]}>]$/u;

/**
 * The first URL of a text (living-text.ts): `http://` or `https://` not inside a word (nor right
 * after `#` or `@`, where a hashtag or mention takes it), up to a space, `<`, `>` or `"`, less
 * trailing punctuation (a closing bracket stays when the URL opened one), a valid http(s) URL of
 * at most 2048 characters.
 */
function firstUrlOf(text: string): string | null {
  const starts = /https?:\/\//giu;
  for (let match = starts.exec(text); match; match = starts.exec(text)) {
    const previous = match.index > 0 ? text[match.index - 1] : '';
    if (previous && (WORD_CHAR.test(previous) || previous === '#' || previous === '@')) continue;
    let end = match.index;
    while (end < text.length && !/[\s<>"]/u.test(text[end])) end += 1;
    let candidate = text.slice(match.index, end);
    for (;;) {
      const last = candidate[candidate.length - 1];
      if (!TRAILING_PUNCTUATION.test(last)) break;
      if (last === ')' && candidate.split('(').length >= candidate.split(')').length) break;
      candidate = candidate.slice(0, -1);
    }
    if (candidate.length > URL_MAX) continue;
    try {
      const parsed = new URL(candidate);
      if (parsed.hostname && (parsed.protocol === 'http:' || parsed.protocol === 'https:'))
        return candidate;
    } catch {
      // Not a URL: the next one may be.
    }
  }
  return null;
}
