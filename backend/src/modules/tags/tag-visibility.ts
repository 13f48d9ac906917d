import type { Caller } from '../../platform/access/access-policy';

/** Who reads the catalogue, as far as the rule cares: a member (not suspended), or nobody. */
export type TagReader = { userId: string; admin: boolean } | null;

export function tagReaderOf(who: Caller | TagReader): TagReader {
  if (who === null || !('kind' in who)) return who;
  return who.kind === 'user' && !who.suspended ? { userId: who.userId, admin: who.admin } : null;
}

/**
 * Which tags the catalogue lists to whom — the one place this rule lives.
 *
 * A post creates the tags it names, a private post too, so a tag's name can be something only
 * private posts carry. The catalogue therefore lists a tag only when it is in public use (a public
 * post: post_count counts public posts only; a follower: interests are not private), curated (a
 * category or a child of one, in a group, or described), or the
 * caller named it (made it with POST tags/new or put it on a post of theirs: tag_namer), and so
 * knows it already. Admins see every tag: they curate the catalogue.
 *
 * To anyone else an unlisted tag answers exactly like one that does not exist, on every path:
 * catalogue reads leave it out or answer TAG_NOT_FOUND, and so do adding an interest in it by id
 * and its feed of posts (unless the caller can see a post that carries it: then they know it).
 * Naming it (POST tags/new, a post) answers as if the tag were made just then: the namer is
 * recorded, so it is listed to them from then on, its counts are those of an unused tag, and its
 * id, drawn at random when it was made, tells nothing of when that was. The tags on a post the
 * caller may see are shown with the post regardless (TagsService.tagsByIds).
 *
 * "Made without a member" is not a reason to list a tag: created_by also becomes NULL when the
 * maker's account is deleted (ON DELETE SET NULL), which would list a name they used only
 * privately to everyone. The seeded tags are categories and their children, curated already.
 *
 * Returns an SQL condition on the tag row `alias`; a value it needs is pushed onto `params` and
 * referred to by its position.
 */
export function listedTagSql(alias: string, who: Caller | TagReader, params: unknown[]): string {
  const reader = tagReaderOf(who);
  if (reader?.admin) return 'TRUE';
  const publicOrCurated = [
    `${alias}.is_parent`,
    `${alias}.parent_id IS NOT NULL`,
    `${alias}.group_id IS NOT NULL`,
    `${alias}.description IS NOT NULL`,
    `${alias}.follower_count > 0`,
    `${alias}.post_count > 0`,
  ];
  if (!reader) return `(${publicOrCurated.join(' OR ')})`;
  params.push(reader.userId);
  const namedByReader = `EXISTS (SELECT 1 FROM tag_namer n
    WHERE n.tag_id = ${alias}.id AND n.user_id = $${params.length})`;
  return `(${[...publicOrCurated, namedByReader].join(' OR ')})`;
}
