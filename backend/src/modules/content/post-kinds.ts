import { Injectable } from '@nestjs/common';
import type { Viewer } from '../../platform/access/viewer';
import type { SearchGroup } from '../../platform/search/search-provider';
import { POST_TYPES, type PostType } from './entities/post.entity';

/**
 * The fields of a content item that a post kind fills with its details (null on other posts).
 * The spec's content item names them, so content knows the names, never the shapes.
 */
export const DETAILS_SLOTS = ['plant'] as const;
export type DetailsSlot = (typeof DETAILS_SLOTS)[number];

/**
 * A kind of post with details of its own: a module that writes posts of its type (plants today;
 * page posts and event announcements next) registers it with content, which then loads its details
 * into every content item of that type and offers its named filters in lists and counts.
 *
 * Content alone writes the SQL: a kind names its own table (one row per post, keyed by `post_id`)
 * and, for each filter, a boolean column of that table that must hold. It never sees how content
 * aliases its tables.
 */
export interface PostKind<Details extends object = object> {
  type: PostType;
  slot: DetailsSlot;
  /** The kind's own table: one row per post of this kind, with a `post_id` column. */
  table: string;
  /** Named filters, each a boolean column of `table`, e.g. `{ available: { column: 'available' } }`. */
  filters: Readonly<Record<string, { column: string }>>;
  /**
   * Where posts of this kind are found nearby, if they are: the columns of `table` holding the
   * point a nearby list measures to (its public point, platform/geo), under a GiST index on
   * publicEarthSql of them. A row whose point is null is found nowhere.
   */
  location?: { latitude: string; longitude: string };
  /**
   * If posts of this kind are a search group of their own (platform/search): its name, and the
   * columns of `table` for the result's key and title. A post matches by its own
   * `search_vector`, into which triggers copy the kind's searchable fields (the database's
   * `post_search_vector`, migration 1795660000000-SearchOneRow: plants' today).
   */
  search?: { group: SearchGroup; key: string; title: string };
  /**
   * The details of the given posts of this kind, by post id, as `viewer` sees them (a listing's
   * distance is from the viewer).
   */
  loadDetails(postIds: string[], viewer: Viewer): Promise<Map<string, Details>>;
}

/** A kind's location columns as the SQL builders take them: checked against the registry. */
export interface KindLocation {
  table: string;
  latitude: string;
  longitude: string;
}

/** A kind's filter as the SQL builders take it: already checked against the registry. */
export interface KindFilter {
  table: string;
  column: string;
}

const IDENTIFIER = /^[a-z_][a-z0-9_]*$/;

/** The post kinds registered at start-up, by post type. */
@Injectable()
export class PostKinds {
  private readonly kinds = new Map<PostType, PostKind>();

  register(kind: PostKind): void {
    if (!POST_TYPES.includes(kind.type)) throw new Error(`Unknown post type "${kind.type}"`);
    if (this.kinds.has(kind.type)) throw new Error(`Post kind "${kind.type}" registered twice`);
    if ([...this.kinds.values()].some((other) => other.slot === kind.slot))
      throw new Error(`Two post kinds fill the content item's "${kind.slot}"`);
    // Table and column names go into SQL as they are: they come from code, never from a request.
    const names = [
      kind.table,
      ...Object.values(kind.filters).map((filter) => filter.column),
      ...(kind.location ? [kind.location.latitude, kind.location.longitude] : []),
      ...(kind.search ? [kind.search.key, kind.search.title] : []),
    ];
    const bad = names.find((name) => !IDENTIFIER.test(name));
    if (bad) throw new Error(`Post kind "${kind.type}": "${bad}" is not a plain SQL name`);
    this.kinds.set(kind.type, kind);
  }

  all(): PostKind[] {
    return [...this.kinds.values()];
  }

  /** The named filter of a kind; a name the kind did not register is a programming error. */
  filter(type: PostType, name: string): KindFilter {
    const kind = this.kinds.get(type);
    const filter = kind?.filters[name];
    if (!kind || !filter) throw new Error(`Post kind "${type}" has no filter "${name}"`);
    return { table: kind.table, column: filter.column };
  }

  /** Where a kind's posts are found nearby; a kind that registered none is a programming error. */
  location(type: PostType): KindLocation {
    const kind = this.kinds.get(type);
    if (!kind?.location) throw new Error(`Post kind "${type}" has no location`);
    return { table: kind.table, ...kind.location };
  }
}
