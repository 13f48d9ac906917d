import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import type { Caller } from '../../platform/access/access-policy';
import type { Member } from '../../platform/access/current-caller.decorator';
import { INTEREST_TYPES, type InterestType } from './entities/user-tag-interest.entity';
import { normaliseTagName, normaliseTagPrefix } from './tag-name';
import {
  attachChildren,
  TAG_COLUMNS,
  type TagPage,
  type TagRef,
  type TagView,
  type TagWithChildrenView,
} from './tag-views';
import { listedTagSql } from './tag-visibility';
import { TagsErrors } from './tags.errors';

export const MAX_TAGS_PER_POST = 10;
/** How many names get-tags-n-children takes at once. */
export const MAX_TAG_LIST = 20;
export const PREFIX_MATCHES = 10;
export const TAG_PAGE_DEFAULT = 20;
export const TAG_PAGE_MAX = 50;

export type TagKey = { id: number } | { name: string };

/**
 * The tag catalogue, and what other modules need of it: the content module turns a post's tag
 * names into tags (creating new ones) and keeps post counts; feeds ask which tags a member follows.
 * Other modules call these methods, never the tag tables.
 */
@Injectable()
export class TagsService {
  constructor(private readonly dataSource: DataSource) {}

  // ---- for other modules ----

  /**
   * Finds or creates the tags a post names, in the caller's transaction. Names are normalised and
   * de-duplicated (first spelling wins the order); at most 10 remain, else TOO_MANY_TAGS; a name
   * that cannot be a tag is INVALID_TAG_NAME. Returns `[{id, name}]` in the order given.
   * Safe under concurrency: two posts creating the same new tag at once end up with one tag.
   */
  async resolveForPost(
    manager: EntityManager,
    names: readonly string[],
    userId: string | null,
  ): Promise<TagRef[]> {
    const normalised: string[] = [];
    for (const raw of names) {
      const name = normaliseTagName(raw);
      if (!name) throw TagsErrors.INVALID_TAG_NAME({ name: raw.slice(0, 60) });
      if (!normalised.includes(name)) normalised.push(name);
    }
    if (normalised.length > MAX_TAGS_PER_POST)
      throw TagsErrors.TOO_MANY_TAGS({ max: MAX_TAGS_PER_POST });
    if (!normalised.length) return [];
    // A fixed insertion order keeps two posts that add the same new tags from deadlocking.
    const sorted = [...normalised].sort();
    await manager.query(
      `INSERT INTO tag (name, created_by) SELECT unnest($1::text[]), $2
       ON CONFLICT (name) DO NOTHING`,
      [sorted, userId],
    );
    const rows: TagRef[] = await manager.query(
      'SELECT id, name FROM tag WHERE name = ANY($1::text[])',
      [sorted],
    );
    const byName = new Map(rows.map((row) => [row.name, row]));
    return normalised.map((name) => {
      const tag = byName.get(name);
      // Only when an admin deletes the tag in the same instant; the post can be saved again.
      if (!tag) throw TagsErrors.TAG_NOT_FOUND();
      return { id: tag.id, name: tag.name };
    });
  }

  /**
   * Adds `delta` to the post_count of each tag (each id once), in the caller's transaction, never
   * below 0. The content module counts public posts only, so the number can be shown to anyone.
   */
  async adjustPostCounts(
    manager: EntityManager,
    tagIds: readonly number[],
    delta: number,
  ): Promise<void> {
    if (!tagIds.length || delta === 0) return;
    if (!Number.isInteger(delta)) throw new Error(`adjustPostCounts: delta ${delta} is not whole`);
    await manager.query(
      'UPDATE tag SET post_count = GREATEST(post_count + $2, 0) WHERE id = ANY($1::int[])',
      [[...new Set(tagIds)].sort((a, b) => a - b), delta],
    );
  }

  /** The ids of the tags a member has an interest in (of the given types; default all). */
  async followedTagIds(
    userId: string,
    types: readonly InterestType[] = INTEREST_TYPES,
  ): Promise<number[]> {
    const rows: Array<{ tag_id: number }> = await this.dataSource.query(
      `SELECT DISTINCT tag_id FROM user_tag_interest
       WHERE user_id = $1 AND interest_type = ANY($2::text[]) ORDER BY tag_id`,
      [userId, [...types]],
    );
    return rows.map((row) => row.tag_id);
  }

  /** `{id, name}` of each existing tag among the ids (one query, for showing a list of posts). */
  async tagsByIds(
    ids: readonly number[],
    manager: EntityManager = this.dataSource.manager,
  ): Promise<Map<number, TagRef>> {
    if (!ids.length) return new Map();
    const rows: TagRef[] = await manager.query(
      'SELECT id, name FROM tag WHERE id = ANY($1::int[])',
      [[...new Set(ids)]],
    );
    return new Map(rows.map((row) => [row.id, row]));
  }

  /** The id of the tag with this name (normalised first), or null when there is none. */
  async idByName(name: string): Promise<number | null> {
    const normalised = normaliseTagName(name);
    if (!normalised) return null;
    const rows: Array<{ id: number }> = await this.dataSource.query(
      'SELECT id FROM tag WHERE name = $1',
      [normalised],
    );
    return rows[0]?.id ?? null;
  }

  // ---- the catalogue: each read lists only the tags listed to the caller (tag-visibility.ts) ----

  async getSingle(caller: Caller, key: TagKey): Promise<TagView> {
    const tag = await this.find(key, caller);
    if (!tag) throw TagsErrors.TAG_NOT_FOUND();
    return tag;
  }

  async getWithChildren(caller: Caller, key: TagKey): Promise<TagWithChildrenView> {
    const [tag] = await this.withChildren(caller, [await this.getSingle(caller, key)]);
    return tag;
  }

  /** Tags by name, in the order asked, each with its children; names with no tag are left out. */
  async manyWithChildren(caller: Caller, names: readonly string[]): Promise<TagWithChildrenView[]> {
    const wanted = [
      ...new Set(names.map(normaliseTagName).filter((name): name is string => !!name)),
    ];
    if (!wanted.length) return [];
    const params: unknown[] = [wanted];
    const rows: TagView[] = await this.dataSource.query(
      `SELECT ${TAG_COLUMNS} FROM tag t
       WHERE t.name = ANY($1::text[]) AND ${listedTagSql('t', caller, params)}`,
      params,
    );
    const byName = new Map(rows.map((row) => [row.name, row]));
    return this.withChildren(
      caller,
      wanted.map((name) => byName.get(name)).filter((tag): tag is TagView => !!tag),
    );
  }

  /** The categories (parent tags) with their children, for the interests picker. */
  async interestCategories(caller: Caller): Promise<TagWithChildrenView[]> {
    const params: unknown[] = [];
    const parents: TagView[] = await this.dataSource.query(
      `SELECT ${TAG_COLUMNS} FROM tag t
       WHERE t.is_parent AND ${listedTagSql('t', caller, params)} ORDER BY t.name`,
      params,
    );
    return this.withChildren(caller, parents);
  }

  /** All tags by name, a page at a time (keyset on the unique name). */
  async page(caller: Caller, cursor: string | null, take: number): Promise<TagPage> {
    const after = cursor === null ? null : decodeCursor(cursor);
    const params: unknown[] = [after, take + 1];
    const rows: TagView[] = await this.dataSource.query(
      `SELECT ${TAG_COLUMNS} FROM tag t
       WHERE ($1::text IS NULL OR t.name > $1::text) AND ${listedTagSql('t', caller, params)}
       ORDER BY t.name LIMIT $2`,
      params,
    );
    const items = rows.slice(0, take);
    return {
      items,
      next_cursor: rows.length > take ? encodeCursor(items[items.length - 1].name) : null,
    };
  }

  /** Up to 10 tags whose name starts with the prefix, most followed first. */
  async byPrefix(caller: Caller, rawPrefix: string, parentsOnly: boolean): Promise<TagView[]> {
    const prefix = normaliseTagPrefix(rawPrefix);
    if (!prefix) return [];
    const params: unknown[] = [prefix.replace(/[\\%_]/g, '\\$&'), parentsOnly, PREFIX_MATCHES];
    // `name` uses the C collation, so this LIKE is a range scan on the unique index.
    return this.dataSource.query(
      `SELECT ${TAG_COLUMNS} FROM tag t
       WHERE t.name LIKE $1 || '%' AND ($2::boolean IS FALSE OR t.is_parent)
         AND ${listedTagSql('t', caller, params)}
       ORDER BY t.follower_count DESC, t.name LIMIT $3`,
      params,
    );
  }

  /**
   * Creates a tag, or returns the one that already has this (normalised) name. Only admins create
   * category (parent) tags.
   */
  async create(
    member: Member,
    input: { tagName: string; isParent?: boolean; returnAnId?: boolean },
  ): Promise<TagView | { id: number }> {
    const name = normaliseTagName(input.tagName);
    if (!name) throw TagsErrors.INVALID_TAG_NAME({ name: input.tagName.slice(0, 60) });
    const isParent = input.isParent ?? false;
    if (isParent && !member.admin) throw TagsErrors.PARENT_TAGS_ADMIN_ONLY();
    let tag: TagView | undefined;
    for (let attempt = 0; !tag && attempt < 3; attempt += 1) {
      const [created]: TagView[] = await this.dataSource.query(
        `INSERT INTO tag AS t (name, is_parent, created_by) VALUES ($1, $2, $3)
         ON CONFLICT (name) DO NOTHING RETURNING ${TAG_COLUMNS}`,
        [name, isParent, member.userId],
      );
      // The member named this tag, so it is theirs to see whether listed to them or not.
      tag = created ?? (await this.find({ name }, null));
    }
    if (!tag) throw TagsErrors.TAG_NOT_FOUND();
    return input.returnAnId ? { id: tag.id } : tag;
  }

  /** The tag, if it is listed to the caller; with `listedTo` null, whether listed or not. */
  private async find(key: TagKey, listedTo: Caller | null): Promise<TagView | undefined> {
    const value = 'id' in key ? key.id : normaliseTagName(key.name);
    if (!value) return undefined;
    const params: unknown[] = [value];
    const listed = listedTo ? `AND ${listedTagSql('t', listedTo, params)}` : '';
    const rows: TagView[] = await this.dataSource.query(
      `SELECT ${TAG_COLUMNS} FROM tag t WHERE t.${'id' in key ? 'id' : 'name'} = $1 ${listed}`,
      params,
    );
    return rows[0];
  }

  private async withChildren(caller: Caller, parents: TagView[]): Promise<TagWithChildrenView[]> {
    if (!parents.length) return [];
    const params: unknown[] = [parents.map((parent) => parent.id)];
    const children: TagView[] = await this.dataSource.query(
      `SELECT ${TAG_COLUMNS} FROM tag t
       WHERE t.parent_id = ANY($1::int[]) AND ${listedTagSql('t', caller, params)}
       ORDER BY t.name`,
      params,
    );
    return attachChildren(parents, children);
  }
}

function encodeCursor(name: string): string {
  return Buffer.from(JSON.stringify({ name })).toString('base64url');
}

function decodeCursor(cursor: string): string {
  try {
    if (!/^[A-Za-z0-9_-]{1,400}$/.test(cursor)) throw new Error('not base64url');
    const parsed: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    const name = (parsed as { name?: unknown } | null)?.name;
    if (typeof name !== 'string' || !name.length) throw new Error('no name');
    return name;
  } catch {
    throw TagsErrors.INVALID_CURSOR();
  }
}
