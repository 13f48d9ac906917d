import type { InterestType } from './entities/user-tag-interest.entity';

/** A tag as the API shows it (field names as in the contract). */
export interface TagView {
  id: number;
  name: string;
  is_parent: boolean;
  parent_id: number | null;
  group_id: number | null;
  description: string | null;
  follower_count: number;
  post_count: number;
}

export interface TagWithChildrenView extends TagView {
  children: TagView[];
}

/** What a post shows of each of its tags. */
export interface TagRef {
  id: number;
  name: string;
}

export interface UserInterestView {
  tag: TagView;
  interest_type: InterestType;
}

export interface TagPage {
  items: TagView[];
  next_cursor: string | null;
}

/** The columns of a TagView, for `SELECT ${TAG_COLUMNS} FROM tag t`. */
export const TAG_COLUMNS =
  't.id, t.name, t.is_parent, t.parent_id, t.group_id, t.description, t.follower_count, t.post_count';

/** Children of the given parents, attached in name order (one query for all parents). */
export function attachChildren(parents: TagView[], children: TagView[]): TagWithChildrenView[] {
  const byParent = new Map<number, TagView[]>();
  for (const child of children) {
    const list = byParent.get(child.parent_id as number) ?? [];
    list.push(child);
    byParent.set(child.parent_id as number, list);
  }
  return parents.map((parent) => ({ ...parent, children: byParent.get(parent.id) ?? [] }));
}

/** Tag ids once each, ascending: the order rows are locked in (and lists are answered in). */
export function sortedUnique(ids: readonly number[]): number[] {
  return [...new Set(ids)].sort((a, b) => a - b);
}
