import { visibleSql } from '../../platform/access/viewer';
import type { SearchContext, SearchSource } from '../../platform/search/search-provider';
import type { PostKind } from './post-kinds';

/**
 * Posts in a search (platform/search), seen exactly as the feeds see them: the same visibleSql
 * condition on the same rows. A post matches by its text (`post.search_vector`); a post of a
 * kind with a search group of its own (plants) also by its kind's row.
 */

const TITLE_LENGTH = 160;

/** The first photo of the post `p` (feeds show it first too). */
const FIRST_PHOTO =
  '(SELECT ph.image_ref FROM post_photo ph WHERE ph.post_id = p.id ORDER BY ph.position LIMIT 1)';

/** Text/image posts. */
export function postsSearchSource({ params, query, viewer }: SearchContext): SearchSource {
  return {
    from: 'post p',
    matches: [`p.search_vector @@ ${query}`],
    where: [`p.type = 'text/image'`, visibleSql('p', viewer, params)],
    vector: 'p.search_vector',
    at: 'p.bumped_at',
    id: 'p.id',
    key: 'p.random_id',
    title: `left(p.text, ${TITLE_LENGTH})`,
    detail: 'NULL',
    image: FIRST_PHOTO,
  };
}

/**
 * Posts of a kind that searches as a group of its own: by the post's text (the listing's
 * description) or by the kind's row (a plant's name, species, swap terms). `kind` comes from the
 * registry, whose names are checked plain SQL names.
 */
export function kindSearchSource(
  kind: Pick<PostKind, 'type' | 'table'> & { search: NonNullable<PostKind['search']> },
) {
  return ({ params, query, anyWord, viewer }: SearchContext): SearchSource => ({
    from: `post p JOIN ${kind.table} k ON k.post_id = p.id`,
    // A word of the term in the text or in the kind's row (each by its GIN index), then all of
    // the term over both ("begonia" in the name and "cutting" in the description).
    matches: [`p.search_vector @@ ${anyWord}`, `k.search_vector @@ ${anyWord}`],
    check: `(p.search_vector || k.search_vector) @@ ${query}`,
    // The type inlined (a registered name, not a request's), so the kind's partial feed index
    // serves the recency walk.
    where: [`p.type = '${kind.type}'`, visibleSql('p', viewer, params)],
    vector: '(p.search_vector || k.search_vector)',
    at: 'p.bumped_at',
    id: 'p.id',
    key: `k.${kind.search.key}`,
    title: `k.${kind.search.title}`,
    detail: `NULLIF(left(p.text, ${TITLE_LENGTH}), '')`,
    image: FIRST_PHOTO,
  });
}
