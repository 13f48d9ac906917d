import { Injectable } from '@nestjs/common';
import { Sql } from '../../platform/database/sql';
import { type LatLng, publicPoint } from '../../platform/geo/geo';
import { PlatformErrors } from '../../platform/http/platform.errors';
import { decodeCursor, encodeCursor, type Page } from '../../platform/paging/paging';
import * as directory from './directory.queries';
import type { DirectoryOrder } from './directory.queries';
import type { PublicProfile, UserSummary } from './profile';

export const DIRECTORY_ORDERS = ['newest', 'name'] as const satisfies readonly DirectoryOrder[];
export type { DirectoryOrder };

/** A member near a point, as anyone may learn it. */
export interface NearbyMember extends UserSummary {
  /** To their public point, in whole km (at least 1). */
  distance_km: number;
  /** Their public point: the centre of the ~1.1 km grid cell their home lies in. */
  location: LatLng;
}

/** The people directory and nearby people: who is listed, and where others may learn they are. */
@Injectable()
export class MemberDirectoryService {
  constructor(private readonly sql: Sql) {}

  /**
   * A page of listed members (registered, not suspended) in the given order. `cursor` is a
   * `next_cursor` this order gave; anything else is INVALID_CURSOR.
   */
  async page(order: DirectoryOrder, cursor: unknown, take: number): Promise<Page<PublicProfile>> {
    const after = order === 'newest' ? decodeNewest(cursor) : decodeName(cursor);
    const rows = await directory.directoryPage(this.sql, order, after, take);
    const items = rows.slice(0, take);
    const last = items.at(-1);
    return {
      items: items.map(({ sort_key: _sortKey, ...profile }) => profile),
      next_cursor:
        rows.length > take && last
          ? order === 'newest'
            ? encodeCursor('registered_at', { at: last.sort_key, id: last.uuid })
            : encodeName(last.sort_key)
          : null,
    };
  }

  /**
   * Up to `take` listed members who show themselves nearby, within `radiusKm` of `point`, nearest
   * first, `excludeId` (the asker) left out. Distances and points are public ones (platform/geo):
   * the home itself never leaves this method.
   */
  async nearby(
    point: LatLng,
    radiusKm: number,
    take: number,
    excludeId: string | null,
  ): Promise<NearbyMember[]> {
    const near = (await directory.nearestShownMembers(this.sql, point, radiusKm, take + 1)).filter(
      (row) => row.id !== excludeId,
    );
    const rows = near.slice(0, take);
    if (!rows.length) return [];
    const summaries = new Map(
      (
        await directory.locatedSummariesByIds(
          this.sql,
          rows.map((row) => row.id),
        )
      ).map((row) => [row.uuid, row]),
    );
    return rows.flatMap((row) => {
      const member = summaries.get(row.id);
      return member ? [nearbyMember(member, row.distanceKm)] : [];
    });
  }
}

/**
 * A located summary as others may see it: the summary's fields written out, not copied with rest
 * and spread (`{ ...summary }` of a row took ~3 µs a member, most of a nearby answer's own work),
 * then the distance and the public point; the stored point stays behind.
 */
export function nearbyMember(member: directory.LocatedSummary, distanceKm: number): NearbyMember {
  return {
    uuid: member.uuid,
    username: member.username,
    display_name: member.display_name,
    avatar: member.avatar,
    suburb_city: member.suburb_city,
    state: member.state,
    country: member.country,
    distance_km: distanceKm,
    location: publicPoint(member),
  };
}

/** The name order's cursor: base64url of `{username}`, the last username sent (usernames are unique). */
function encodeName(username: string): string {
  return Buffer.from(JSON.stringify({ username })).toString('base64url');
}

function decodeName(raw: unknown): { key: string; id: string } | null {
  if (raw === undefined || raw === null || raw === '' || raw === '0') return null;
  try {
    if (typeof raw !== 'string' || !/^[A-Za-z0-9_-]{1,200}$/.test(raw)) throw new Error('shape');
    const parsed: unknown = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8'));
    const username = (parsed as { username?: unknown } | null)?.username;
    // Usernames are lower-case letters, digits and _ (a forged one could hold a NUL: a 500).
    if (typeof username !== 'string' || !/^[a-z0-9_]{1,30}$/.test(username))
      throw new Error('username');
    return { key: username, id: '' };
  } catch {
    throw PlatformErrors.INVALID_CURSOR();
  }
}

function decodeNewest(raw: unknown): { key: string; id: string } | null {
  const cursor = decodeCursor('registered_at', raw);
  return cursor && { key: cursor.at, id: cursor.id };
}
