import type { Viewer } from '../../platform/access/viewer';
import type { SqlParams } from '../../platform/database/sql-params';
import type { SqlRunner } from '../../platform/database/sql-runner';
import { eventVisibleSql } from './events.queries';

/** The `event_location` table: shared places, one row per name/state and per address. */

export interface LocationRow {
  id: string;
  name: string | null;
  address: string | null;
  suburb_city: string | null;
  state: string | null;
  country: string | null;
  latitude: number;
  longitude: number;
}

export interface LocationInput {
  name: string | null;
  address: string | null;
  suburb_city: string | null;
  state: string | null;
  country: string | null;
  latitude: number;
  longitude: number;
}

const COLUMNS =
  'l.id, l.name, l.address, l.suburb_city, l.state, l.country, l.latitude, l.longitude';

/** The unique expression indexes' keys (see the Events migration). */
export const NAME_STATE_KEY = "lower(name), lower(coalesce(state, ''))";
export const ADDRESS_KEY =
  "lower(address), lower(coalesce(suburb_city, '')), lower(coalesce(state, ''))";

export async function locationByNameState(
  db: SqlRunner,
  name: string,
  state: string | null,
): Promise<LocationRow | undefined> {
  const [row] = (await db.query(
    `SELECT ${COLUMNS} FROM event_location l
      WHERE l.name IS NOT NULL AND lower(l.name) = lower($1) AND lower(coalesce(l.state, '')) = lower(coalesce($2, ''))`,
    [name, state],
  )) as LocationRow[];
  return row;
}

export async function locationByAddress(
  db: SqlRunner,
  address: string,
  suburbCity: string | null,
  state: string | null,
): Promise<LocationRow | undefined> {
  const [row] = (await db.query(
    `SELECT ${COLUMNS} FROM event_location l
      WHERE l.address IS NOT NULL AND lower(l.address) = lower($1)
        AND lower(coalesce(l.suburb_city, '')) = lower(coalesce($2, ''))
        AND lower(coalesce(l.state, '')) = lower(coalesce($3, ''))`,
    [address, suburbCity, state],
  )) as LocationRow[];
  return row;
}

/** Inserts the place unless its name/state or its address is taken; returns it if inserted. */
export async function insertLocation(
  db: SqlRunner,
  location: LocationInput,
): Promise<LocationRow | undefined> {
  const [row] = (await db.query(
    `INSERT INTO event_location AS l (name, address, suburb_city, state, country, latitude, longitude)
     VALUES ($1, $2, $3, $4, $5, $6, $7)
     ON CONFLICT DO NOTHING
     RETURNING ${COLUMNS}`,
    [
      location.name,
      location.address,
      location.suburb_city,
      location.state,
      location.country,
      location.latitude,
      location.longitude,
    ],
  )) as LocationRow[];
  return row;
}

export async function locationsByIds(db: SqlRunner, ids: string[]): Promise<LocationRow[]> {
  if (!ids.length) return [];
  return (await db.query(`SELECT ${COLUMNS} FROM event_location l WHERE l.id = ANY($1::uuid[])`, [
    ids,
  ])) as LocationRow[];
}

/** The places of an event: its template's and its dates' overrides. */
export async function locationsOfEvent(db: SqlRunner, eventId: string): Promise<LocationRow[]> {
  return (await db.query(
    `SELECT ${COLUMNS} FROM event_location l
      WHERE l.id IN (SELECT location_id FROM event_template WHERE event_id = $1
                     UNION SELECT location_id FROM event_specific WHERE event_id = $1)
      ORDER BY l.name NULLS LAST, l.address, l.id`,
    [eventId],
  )) as LocationRow[];
}

/** The places of a page's visible events with a date to come (template and date overrides). */
export async function locationsOfPage(
  db: SqlRunner,
  pageId: string,
  viewer: Viewer,
  params: SqlParams,
  limit: number,
): Promise<LocationRow[]> {
  const visible = eventVisibleSql('e', viewer, params);
  const page = params.add(pageId);
  return (await db.query(
    `SELECT ${COLUMNS} FROM event_location l
      WHERE l.id IN (
        SELECT coalesce(s.location_id, t.location_id)
          FROM event e
          JOIN event_template t ON t.event_id = e.id AND t.position = 0
          JOIN event_specific s ON s.event_id = e.id
         WHERE e.page_id = ${page} AND ${visible} AND s.ends_at > now() AND NOT s.cancelled)
      ORDER BY l.name NULLS LAST, l.address, l.id
      LIMIT ${params.add(limit)}`,
    params.values,
  )) as LocationRow[];
}
