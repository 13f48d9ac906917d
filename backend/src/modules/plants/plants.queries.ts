import type { SqlRunner } from '../../platform/database/sql-runner';
import { type LatLng, publicLatitudeSql, publicLongitudeSql } from '../../platform/geo/geo';

/** The `plant` table: a listing's details, one row per plant/image post. */

export interface PlantRow {
  id: string;
  post_id: string;
  /** The listing's owner. */
  user_id: string;
  name: string;
  species: string | null;
  available: boolean;
  quantity: number | null;
  swap_terms: string | null;
  updated_at: Date;
}

/** The details a listing's owner writes; undefined leaves a column as it is. */
export interface PlantColumns {
  name?: string;
  species?: string | null;
  available?: boolean;
  quantity?: number | null;
  swap_terms?: string | null;
}

/**
 * The SQL of the public point (platform/geo) of a point given as two float8 parameters: what a
 * listing stores of its owner's place (owner_latitude, owner_longitude), never the place itself.
 */
function publicPointSql(latitude: string, longitude: string) {
  const [lat, lng] = [`${latitude}::float8`, `${longitude}::float8`];
  return { latitude: publicLatitudeSql(lat), longitude: publicLongitudeSql(lat, lng) };
}

/**
 * A new listing, found nearby at `ownerPoint`'s public point (null: nowhere), the owner's place as
 * identity's MemberPlaces read it in the same transaction.
 */
export async function insertPlant(
  db: SqlRunner,
  plant: Required<PlantColumns> & { postId: string; userId: string; ownerPoint: LatLng | null },
): Promise<void> {
  const owner = publicPointSql('$8', '$9');
  await db.query(
    `INSERT INTO plant (post_id, user_id, name, species, available, quantity, swap_terms,
                       owner_latitude, owner_longitude)
     VALUES ($1, $2, $3, $4, $5, $6, $7, ${owner.latitude}, ${owner.longitude})`,
    [
      plant.postId,
      plant.userId,
      plant.name,
      plant.species,
      plant.available,
      plant.quantity,
      plant.swap_terms,
      plant.ownerPoint?.latitude ?? null,
      plant.ownerPoint?.longitude ?? null,
    ],
  );
}

/** Moves every listing of a member to their new place's public point (null: found nowhere). */
export async function setOwnerPoint(
  db: SqlRunner,
  userId: string,
  point: LatLng | null,
): Promise<void> {
  const owner = publicPointSql('$2', '$3');
  await db.query(
    `UPDATE plant SET owner_latitude = ${owner.latitude}, owner_longitude = ${owner.longitude}
      WHERE user_id = $1`,
    [userId, point?.latitude ?? null, point?.longitude ?? null],
  );
}

/** Whether setting `changes` would change the plant's details. */
export function changesPlant(plant: PlantRow, changes: PlantColumns): boolean {
  return (['name', 'species', 'available', 'quantity', 'swap_terms'] as const).some(
    (column) => changes[column] !== undefined && changes[column] !== plant[column],
  );
}

/** Sets the given columns (and updated_at) of the listing of a post. */
export async function updatePlant(
  db: SqlRunner,
  postId: string,
  changes: PlantColumns,
): Promise<void> {
  const sets: string[] = ['updated_at = now()'];
  const values: unknown[] = [postId];
  for (const column of ['name', 'species', 'available', 'quantity', 'swap_terms'] as const) {
    if (changes[column] === undefined) continue;
    values.push(changes[column]);
    sets.push(`${column} = $${values.length}`);
  }
  await db.query(`UPDATE plant SET ${sets.join(', ')} WHERE post_id = $1`, values);
}

export async function postOfPlant(db: SqlRunner, plantId: string): Promise<string | undefined> {
  const [plant] = (await db.query('SELECT post_id FROM plant WHERE id = $1', [plantId])) as Array<{
    post_id: string;
  }>;
  return plant?.post_id;
}

export async function plantsOfPosts(db: SqlRunner, postIds: string[]): Promise<PlantRow[]> {
  return (await db.query(
    `SELECT id, post_id, user_id, name, species, available, quantity, swap_terms, updated_at
       FROM plant WHERE post_id = ANY($1::uuid[])`,
    [postIds],
  )) as PlantRow[];
}
