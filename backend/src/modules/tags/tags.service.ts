import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import type { Caller } from '../../platform/access/access-policy';
import type { Member } from '../../platform/access/current-caller.decorator';
import { Sql } from '../../platform/database/sql';
import type { SqlRunner } from '../../platform/database/sql-runner';
import { containsNul } from '../../platform/http/nul-guard';
import { PlatformErrors } from '../../platform/http/platform.errors';
import { INTEREST_TYPES, type InterestType } from './entities/user-tag-interest.entity';
import { normaliseTagName, normaliseTagPrefix } from './tag-name';
import { followedTagIdsOf } from './tag-interests.queries';
import {
  attachChildren,
  sortedUnique,
  type TagPage,
  type TagRef,
  type TagView,
  type TagWithChildrenView,
} from './tag-views';
import type { TagReader } from './tag-visibility';
import { TagsErrors } from './tags.errors';
import * as tags from './tags.queries';
import type { NewPostTags } from './tags.queries';

export const MAX_TAGS_PER_POST = 10;
/** How many names get-tags-n-children takes at once. */
export const MAX_TAG_LIST = 20;
export const PREFIX_MATCHES = 10;
export const TAG_PAGE_DEFAULT = 20;
export const TAG_PAGE_MAX = 50;
/** Tag ids are random: how many draws an insert makes before it gives up on a clash. */
const ID_DRAWS = 3;

export type TagKey = { id: number } | { name: string };

/**
 * The tag catalogue, and what other modules need of it: the content module turns a post's tag
 * names into tags (creating new ones) and keeps post counts; feeds ask which tags a member follows.
 * Other modules call these methods, never the tag tables.
 */
@Injectable()
export class TagsService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly sql: Sql,
  ) {}

  // ---- for other modules ----

  /**
   * Finds or creates the tags a post names, in the caller's transaction. Names are normalised and
   * de-duplicated (first spelling wins the order); at most 10 remain, else TOO_MANY_TAGS; a name
   * that cannot be a tag is INVALID_TAG_NAME. Returns `[{id, name}]` in the order given.
   * With `countPost`, the post is public and each tag's post_count grows by one (in the same
   * statement). One statement in the usual case; safe under concurrency: two posts creating the
   * same new tag at once end up with one tag.
   */
  async resolveForPost(
    manager: EntityManager,
    names: readonly string[],
    userId: string | null,
    options: { countPost?: boolean } = {},
  ): Promise<TagRef[]> {
    const normalised = normalisePostTagNames(names);
    if (!normalised.length) return [];
    // A fixed insertion order keeps two posts that add the same new tags from deadlocking.
    const sorted = [...normalised].sort();
    const byName = new Map<string, TagRef>();
    for (let attempt = 0; attempt < ID_DRAWS && byName.size < sorted.length; attempt += 1) {
      // Each round asks only for the names still missing (a clashing random id, or a tag another
      // post created meanwhile), so each tag is counted and its namer recorded once.
      const missing = sorted.filter((name) => !byName.has(name));
      for (const row of await tags.resolveTagsNamed(
        manager,
        missing,
        userId,
        options.countPost ? 1 : 0,
      ))
        byName.set(row.name, row);
    }
    return normalised.map((name) => {
      const tag = byName.get(name);
      // Only when an admin deletes the tag in the same instant; the post can be saved again.
      if (!tag) throw TagsErrors.TAG_NOT_FOUND();
      return { id: tag.id, name: tag.name };
    });
  }

  /**
   * The tags a new post names, found or created inside the statement that writes the post (see
   * tags.queries newPostTagsSql): names are checked as resolveForPost checks them, and each tag's
   * post_count grows by one with `countPost`. Null when the post names no tag. A statement built
   * with it fails with a unique violation (and writes nothing) when a drawn tag id clashed:
   * running it again is the answer.
   */
  newPostTags(
    names: readonly string[],
    userId: string | null,
    options: { countPost?: boolean } = {},
  ): NewPostTags | null {
    const normalised = normalisePostTagNames(names);
    if (!normalised.length) return null;
    // A fixed insertion order keeps two posts that add the same new tags from deadlocking.
    const sorted = [...normalised].sort();
    return {
      table: tags.NEW_POST_TAGS,
      ctes: (params) => tags.newPostTagsSql(params, sorted, userId, options.countPost ? 1 : 0),
    };
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
    await tags.addToPostCounts(manager, sortedUnique(tagIds), delta);
  }

  /** The ids of the tags a member has an interest in (of the given types; default all). */
  async followedTagIds(
    userId: string,
    types: readonly InterestType[] = INTEREST_TYPES,
  ): Promise<number[]> {
    return followedTagIdsOf(this.sql, userId, types);
  }

  /** `{id, name}` of each existing tag among the ids (one query, for showing a list of posts). */
  async tagsByIds(
    ids: readonly number[],
    manager: SqlRunner = this.sql,
  ): Promise<Map<number, TagRef>> {
    if (!ids.length) return new Map();
    const rows = await tags.tagRefsByIds(manager, [...new Set(ids)]);
    return new Map(rows.map((row) => [row.id, row]));
  }

  /**
   * The tag with this name (normalised first) as `reader` may know it: its id, and whether the
   * catalogue lists it to them (tag-visibility.ts); null when there is no such tag. A caller that
   * shows anything of an unlisted tag must first make sure the reader knows it some other way.
   */
  async lookup(name: string, reader: TagReader): Promise<{ id: number; listed: boolean } | null> {
    const normalised = normaliseTagName(name);
    if (!normalised) return null;
    return (await tags.lookupTag(this.sql, normalised, reader)) ?? null;
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
    const rows = await tags.listedTagsNamed(this.sql, wanted, caller);
    const byName = new Map(rows.map((row) => [row.name, row]));
    return this.withChildren(
      caller,
      wanted.map((name) => byName.get(name)).filter((tag): tag is TagView => !!tag),
    );
  }

  /** The categories (parent tags) with their children, for the interests picker. */
  async interestCategories(caller: Caller): Promise<TagWithChildrenView[]> {
    return this.withChildren(caller, await tags.listedCategories(this.sql, caller));
  }

  /** All tags by name, a page at a time (keyset on the unique name). */
  async page(caller: Caller, cursor: string | null, take: number): Promise<TagPage> {
    const after = cursor === null ? null : decodeCursor(cursor);
    const rows = await tags.listedTagPage(this.sql, caller, after, take + 1);
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
    return tags.listedTagsByPrefix(this.sql, caller, prefix, parentsOnly, PREFIX_MATCHES);
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
    const tag = await this.dataSource.transaction(async (manager) => {
      let found: TagView | undefined;
      for (let attempt = 0; !found && attempt < ID_DRAWS; attempt += 1) {
        const created = await tags.insertTag(manager, {
          name,
          isParent,
          createdBy: member.userId,
        });
        // The member named this tag, so it is theirs to see whether listed to them or not; and an
        // existing tag they could not see has only what a new one has (tag-visibility.ts).
        found = created ?? (await this.find({ name }, null, manager));
      }
      if (found) await this.recordNamer(manager, [found], member.userId);
      return found;
    });
    if (!tag) throw TagsErrors.TAG_NOT_FOUND();
    return input.returnAnId ? { id: tag.id } : tag;
  }

  /** From now on the tags are listed to the member, who has named them (tag-visibility.ts). */
  private async recordNamer(
    manager: EntityManager,
    named: ReadonlyArray<{ id: number }>,
    userId: string,
  ): Promise<void> {
    if (!named.length) return;
    await tags.insertNamers(manager, sortedUnique(named.map((tag) => tag.id)), userId);
  }

  /** The tag, if it is listed to the caller; with `listedTo` null, whether listed or not. */
  private async find(
    key: TagKey,
    listedTo: Caller | null,
    manager: SqlRunner = this.sql,
  ): Promise<TagView | undefined> {
    const value = 'id' in key ? key.id : normaliseTagName(key.name);
    if (!value) return undefined;
    return tags.findTag(manager, { column: 'id' in key ? 'id' : 'name', value }, listedTo);
  }

  private async withChildren(caller: Caller, parents: TagView[]): Promise<TagWithChildrenView[]> {
    if (!parents.length) return [];
    const children = await tags.listedChildrenOf(
      this.sql,
      parents.map((parent) => parent.id),
      caller,
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
    // A forged cursor may hold a NUL, which PostgreSQL refuses in text (a 500, not a 400).
    if (typeof name !== 'string' || !name.length || containsNul(name)) throw new Error('no name');
    return name;
  } catch {
    throw PlatformErrors.INVALID_CURSOR();
  }
}

/**
 * A post's tag names normalised and de-duplicated (first spelling wins the order): a name that
 * cannot be a tag is INVALID_TAG_NAME, more than MAX_TAGS_PER_POST is TOO_MANY_TAGS.
 */
function normalisePostTagNames(names: readonly string[]): string[] {
  const normalised: string[] = [];
  for (const raw of names) {
    const name = normaliseTagName(raw);
    if (!name) throw TagsErrors.INVALID_TAG_NAME({ name: raw.slice(0, 60) });
    if (!normalised.includes(name)) normalised.push(name);
  }
  if (normalised.length > MAX_TAGS_PER_POST)
    throw TagsErrors.TOO_MANY_TAGS({ max: MAX_TAGS_PER_POST });
  return normalised;
}
