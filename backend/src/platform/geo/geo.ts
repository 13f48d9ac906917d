import type { SqlRunner } from '../database/sql-runner';

/**
 * Where members are, as others may learn it — the one place this rule lives.
 *
 * A member's registered point is their home. Answers about where members (and so their plants) are
 * must not narrow it below about 1 km, however many questions are asked and from wherever. So:
 *
 * - Every nearby query measures to the member's **public point**, never to the stored one: the
 *   centre of the grid cell the home lies in. Cells are 0.01° of latitude tall (≈ 1.11 km) and, in
 *   each row, an equal whole number of cells around the globe at least as wide (≈ 1.11 km or more).
 *   Any answer is then a function of the cell alone: two homes in one cell answer every question
 *   identically, so nothing distinguishes them, and the cell is the best anyone can do.
 * - A radius is never below MIN_NEARBY_RADIUS_KM, and a distance shown is whole kilometres (at
 *   least 1), so an answer does not even pin the cell's centre finely.
 * - A coordinate of a member shown to anyone but themselves is their public point (publicPoint).
 *
 * Nearby queries run over a GiST index on the public point expression (publicEarthSql), read in
 * distance order; an index built on anything else is not used, which the nearby tests check with
 * EXPLAIN.
 */

export interface LatLng {
  latitude: number;
  longitude: number;
}

/** Grid rows per degree of latitude: a row is 0.01° ≈ 1.11 km tall. */
export const GRID_ROWS_PER_DEGREE = 100;
/** The smallest radius a nearby query uses, in km; a smaller one asked for is widened to it. */
export const MIN_NEARBY_RADIUS_KM = 2;

const ROWS = GRID_ROWS_PER_DEGREE;
/** Cells in the row at the equator, so that a cell there is as wide as it is tall. */
const EQUATOR_CELLS = 360 * ROWS;
/** The top row holds latitudes up to 90 itself; the rightmost column longitudes up to 180. */
const LAST_LATITUDE = 90 - 1e-6;
const LAST_LONGITUDE = 180 - 1e-6;

/** The centre of a member's grid cell: the only point of theirs others ever see or measure to. */
export function publicPoint(point: LatLng): LatLng {
  const latitude = (Math.floor(Math.min(point.latitude, LAST_LATITUDE) * ROWS) + 0.5) / ROWS;
  const cells = Math.max(1, Math.floor(EQUATOR_CELLS * Math.cos((latitude * Math.PI) / 180)));
  const column = Math.floor(((Math.min(point.longitude, LAST_LONGITUDE) + 180) * cells) / 360);
  return { latitude, longitude: ((column + 0.5) * 360) / cells - 180 };
}

/**
 * The SQL twin of publicPoint, as an `earth` (`ll_to_earth` of the cell centre) of the given
 * latitude and longitude columns. A GiST index on exactly this expression serves nearby queries;
 * a migration that builds one copies the text this returns.
 */
export function publicEarthSql(latitude: string, longitude: string): string {
  return `ll_to_earth(${publicLatitudeSql(latitude)}, ${publicLongitudeSql(latitude, longitude)})`;
}

/** The SQL of the public point's latitude (its grid row's centre) of a latitude expression. */
export function publicLatitudeSql(latitude: string): string {
  return `((floor(least(${latitude}, ${LAST_LATITUDE}) * ${ROWS}) + 0.5) / ${ROWS})`;
}

/**
 * The SQL of the public point's longitude (its cell's centre) of the given latitude and longitude
 * expressions. A row that stores a copy of a public point (publicLatitudeSql, publicLongitudeSql)
 * has publicEarthSql of that copy equal to the original's: a cell's centre lies in its own cell.
 */
export function publicLongitudeSql(latitude: string, longitude: string): string {
  const rowCentre = publicLatitudeSql(latitude);
  const cells = `greatest(1, floor(${EQUATOR_CELLS} * cos(radians(${rowCentre}))))`;
  const column = `floor((least(${longitude}, ${LAST_LONGITUDE}) + 180) * ${cells} / 360)`;
  return `((${column} + 0.5) * 360 / ${cells} - 180)`;
}

/** earthdistance's earth(): the radius in metres its `earth` points lie on. */
const EARTH_RADIUS_M = 6378168;

/**
 * `ll_to_earth(latitude, longitude)` spelt out in the C functions it calls, for a value computed
 * per row. earthdistance's ll_to_earth, sec_to_gc and so earth_distance are SQL functions that
 * PostgreSQL does not inline over columns, so each call per row runs the SQL-function executor
 * (~5 µs: most of a nearby page's time after its index scan). Same operations in the same order,
 * so the same float8 bits; without the `earth` domain's checks (the point is on the sphere by
 * construction). Index expressions (publicEarthSql) keep ll_to_earth: indexes are built on it.
 */
function earthPointSql(latitude: string, longitude: string): string {
  const r = `${EARTH_RADIUS_M}::float8`;
  return `cube(cube(cube(${r} * cos(radians(${latitude})) * cos(radians(${longitude}))),
    ${r} * cos(radians(${latitude})) * sin(radians(${longitude}))), ${r} * sin(radians(${latitude})))`;
}

/**
 * earth_distance(from, to) of two `earth` values without the SQL-function calls (earthPointSql):
 * earthdistance's sec_to_gc of the chord, `2 R asin(chord / 2R)`, the chord capped at the
 * diameter (sec_to_gc's `pi() * R` then, the same float8: asin(1) is π/2 exactly halved).
 */
function earthDistanceSql(from: string, to: string): string {
  const diameter = `${2 * EARTH_RADIUS_M}::float8`;
  return `(${diameter} * asin(least(cube_distance(${from}, ${to}) / ${diameter}, 1::float8)))`;
}

/**
 * The SQL of the distance in metres from an origin (its latitude and longitude expressions) to
 * the public point of the given latitude and longitude columns; show it with publicDistanceKm.
 * Equal to `earth_distance(ll_to_earth(origin), publicEarthSql(latitude, longitude))`, bit for
 * bit, at a fraction of its cost per row (earthPointSql).
 */
export function distanceToPublicPointSql(
  origin: { latitude: string; longitude: string },
  latitude: string,
  longitude: string,
): string {
  // The origin spelt out too: folded to a constant where its values are (a custom plan), and
  // without the SQL-function call per row where they are parameters of a generic plan.
  return earthDistanceSql(
    earthPointSql(origin.latitude, origin.longitude),
    earthPointSql(publicLatitudeSql(latitude), publicLongitudeSql(latitude, longitude)),
  );
}

/** The radius a nearby query really uses: never below MIN_NEARBY_RADIUS_KM. */
export function nearbyRadiusKm(requestedKm: number): number {
  return Math.max(requestedKm, MIN_NEARBY_RADIUS_KM);
}

/** A distance as shown: rounded up to whole km, at least 1 ("< 1 km" reads as 1). */
export function publicDistanceKm(metres: number): number {
  return Math.max(1, Math.ceil(metres / 1000));
}

/**
 * The two expressions of a nearest-first read (nearestWithin's, or a query built around another
 * one, e.g. content's page of listings nearby): the distance in metres from the origin to the
 * public point of the latitude and longitude columns, and the `<->` ordering that reads the GiST
 * index over publicEarthSql of those columns in distance order. Such a query must put its radius
 * outside its LIMIT, as nearestWithin does: as a filter beside the ordering it would make an
 * index scan with fewer matches than the limit read every row.
 */
export function nearestOrderSql(
  latitude: string,
  longitude: string,
  origin: { latitude: string; longitude: string },
): { distance: string; order: string } {
  const point = publicEarthSql(latitude, longitude);
  const from = `ll_to_earth(${origin.latitude}, ${origin.longitude})`;
  // The order is the indexed expression itself (read from the index, never computed per row);
  // the distance is computed for each row returned, so it avoids the SQL-function calls.
  return {
    distance: distanceToPublicPointSql(origin, latitude, longitude),
    order: `${point} <-> ${from}`,
  };
}

/** A table of located rows, named by trusted code (never by a request). */
export interface NearbySource {
  table: string;
  /** The id column. */
  id: string;
  /** The stored (true) point's columns; the query only ever measures to their public point. */
  latitude: string;
  longitude: string;
  /** Further conditions on the row, SQL without parameters. */
  where?: string;
}

export interface NearbyRow {
  id: string;
  /** To the public point, as publicDistanceKm shows it. */
  distanceKm: number;
}

/**
 * The one nearby query: rows whose public point lies within the radius (widened to at least
 * MIN_NEARBY_RADIUS_KM) of `origin`, nearest first, at most `limit`.
 *
 * The inner query reads the GiST index over publicEarthSql(latitude, longitude) in distance order
 * (`<->`) and stops after `limit` rows that pass `where`; the radius is applied to those. That is
 * the same answer as "within the radius, nearest first, at most limit" (the nearest `limit` rows
 * within the radius are the nearest `limit` rows, less those beyond it), and it bounds the work by
 * `limit` however many rows lie inside the radius. (With the radius as an `earth_box` index
 * condition instead, PostgreSQL's fixed estimate for `@>` made it fetch every row in the box and
 * sort them: all of a dense city for 20 people.) Rows at the same distance (one cell) come in id
 * order.
 */
export async function nearestWithin(
  db: SqlRunner,
  source: NearbySource,
  origin: LatLng,
  radiusKm: number,
  limit: number,
): Promise<NearbyRow[]> {
  const nearest = nearestOrderSql(source.latitude, source.longitude, {
    latitude: '$1',
    longitude: '$2',
  });
  // A second ORDER BY key would stop PostgreSQL from reading the index in distance order, so ties
  // are put in id order below, after the LIMIT.
  const rows = (await db.query(
    `SELECT nearest.id, nearest.distance_m
       FROM (SELECT ${source.id} AS id, ${nearest.distance} AS distance_m
               FROM ${source.table}
              WHERE ${source.latitude} IS NOT NULL AND ${source.longitude} IS NOT NULL
                ${source.where ? `AND (${source.where})` : ''}
              ORDER BY ${nearest.order}
              LIMIT $4) AS nearest
      WHERE nearest.distance_m <= $3`,
    [origin.latitude, origin.longitude, nearbyRadiusKm(radiusKm) * 1000, limit],
  )) as Array<{ id: string; distance_m: number | string }>;
  return rows
    .map((row) => ({ id: row.id, metres: Number(row.distance_m) }))
    .sort((a, b) => a.metres - b.metres || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
    .map((row) => ({ id: row.id, distanceKm: publicDistanceKm(row.metres) }));
}
