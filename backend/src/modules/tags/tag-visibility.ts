import type { Caller } from '../../platform/access/access-policy';

/**
 * Which tags the catalogue lists to whom — the one place this rule lives.
 *
 * A post creates the tags it names, a private post too, so a brand-new tag's name can be something
 * its author wrote privately. The catalogue therefore lists a tag only when it is in public use
 * (a public post: post_count counts public posts only; a follower: interests are not private),
 * curated (a category or a child of one, in a group, described, or made without a member —
 * seeded), or the caller made it. Admins see every tag: they curate the catalogue. To anyone else
 * an unlisted tag answers exactly like one that does not exist: catalogue reads leave it out or
 * answer TAG_NOT_FOUND, and so does adding an interest in it by id. The tags on a post the caller
 * may see are shown with the post regardless (TagsService.tagsByIds).
 *
 * Known gap: created_by also becomes NULL when the maker's account is deleted (ON DELETE SET NULL),
 * which lists that member's unused tags to everyone.
 *
 * Returns an SQL condition on the tag row `alias`; a value it needs is pushed onto `params` and
 * referred to by its position.
 */
export function listedTagSql(alias: string, caller: Caller, params: unknown[]): string {
  const member = caller.kind === 'user' && !caller.suspended ? caller : null;
  if (member?.admin) return 'TRUE';
  const publicOrCurated = [
    `${alias}.is_parent`,
    `${alias}.parent_id IS NOT NULL`,
    `${alias}.group_id IS NOT NULL`,
    `${alias}.description IS NOT NULL`,
    `${alias}.follower_count > 0`,
    `${alias}.post_count > 0`,
    `${alias}.created_by IS NULL`,
  ];
  if (!member) return `(${publicOrCurated.join(' OR ')})`;
  params.push(member.userId);
  return `(${[...publicOrCurated, `${alias}.created_by = $${params.length}`].join(' OR ')})`;
}
