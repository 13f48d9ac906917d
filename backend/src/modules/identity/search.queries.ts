import type { SqlRunner } from '../../platform/database/sql-runner';
import type { SearchContext, SearchSource } from '../../platform/search/search-provider';

/** People in a search: registered, not suspended members (as the directory lists them). */
export function peopleSearchSource({ query }: SearchContext): SearchSource {
  return {
    from: 'user_account u',
    match: `u.search_vector @@ ${query}`,
    where: ['u.registered_at IS NOT NULL', 'u.suspended_at IS NULL'],
    vector: 'u.search_vector',
    at: 'u.registered_at',
    id: 'u.id',
    key: 'u.username',
    title: `COALESCE(NULLIF(u.display_name, ''), u.username)`,
    detail: `NULLIF(left(COALESCE(u.bio, ''), 160), '')`,
    image: 'u.avatar',
  };
}

export interface HandleRow {
  handle: string;
  type: 'user' | 'page';
}

/**
 * Handles starting with `prefix` (lower-case, [a-z0-9_]), in order: a page's handle, or a
 * registered and not suspended member's username. From three characters on, the prefix is read
 * from `handle_prefix_idx` (text_pattern_ops); a shorter one only finds the handle itself, as a
 * two-letter prefix would list a good part of the namespace.
 */
export async function handlesStartingWith(
  db: SqlRunner,
  prefix: string,
  limit: number,
): Promise<HandleRow[]> {
  const match = prefix.length >= 3 ? `h.handle LIKE $1 ESCAPE '\\'` : 'h.handle = $1';
  const value = prefix.length >= 3 ? `${prefix.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : prefix;
  return (await db.query(
    `SELECT h.handle, h.owner_type AS type
       FROM handle h
       LEFT JOIN user_account u ON h.owner_type = 'user' AND u.id = h.owner_id
      WHERE ${match}
        AND (h.owner_type = 'page' OR (u.registered_at IS NOT NULL AND u.suspended_at IS NULL))
      ORDER BY h.handle
      LIMIT $2`,
    [value, limit],
  )) as HandleRow[];
}
