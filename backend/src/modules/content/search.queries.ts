import { visibleSql } from '../../platform/access/viewer';
import type { SearchContext, SearchSource } from '../../platform/search/search-provider';
import type { PostKind } from './post-kinds';

/**
 * Posts in a search (platform/search), seen exactly as the feeds see them: the same visibleSql
 * condition on the same rows. A post matches by its one `search_vector`, which holds its text,
 * its photos' descriptions and, for a kind with a search group of its own (plants), the kind's
 * fields (kept by triggers: migration 1795660000000-SearchOneRow). The type is inlined (a
 * registered name, not a request's), so each type's partial feed index serves the recency walk.
 */

const TITLE_LENGTH = 160;

/** The first photo of the post `p` (feeds show it first too). */
const FIRST_PHOTO =
  '(SELECT ph.image_ref FROM post_photo ph WHERE ph.post_id = p.id ORDER BY ph.position LIMIT 1)';

function postsOfType(type: string, { params, query, viewer }: SearchContext) {
  return {
    from: 'post p',
    match: `p.search_vector @@ ${query}`,
    where: [`p.type = '${type}'`, visibleSql('p', viewer, params)],
    vector: 'p.search_vector',
    at: 'p.bumped_at',
    id: 'p.id',
    // One table, its recency in post_feed_idx: a re-rank reads a common word's window only.
    sample: true,
  };
}

/** Text/image posts. */
export function postsSearchSource(context: SearchContext): SearchSource {
  return {
    ...postsOfType('text/image', context),
    key: 'p.random_id',
    title: `left(p.text, ${TITLE_LENGTH})`,
    detail: 'NULL',
    image: FIRST_PHOTO,
  };
}

/**
 * Posts of a kind that searches as a group of its own, titled by the kind's row (a plant's
 * name, its result addressed by the plant's id). `kind` comes from the registry, whose names are
 * checked plain SQL names.
 */
export function kindSearchSource(
  kind: Pick<PostKind, 'type' | 'table'> & { search: NonNullable<PostKind['search']> },
) {
  return (context: SearchContext): SearchSource => ({
    ...postsOfType(kind.type, context),
    shownFrom: `post p JOIN ${kind.table} k ON k.post_id = p.id`,
    key: `k.${kind.search.key}`,
    title: `k.${kind.search.title}`,
    detail: `NULLIF(left(p.text, ${TITLE_LENGTH}), '')`,
    image: FIRST_PHOTO,
  });
}
