import type { SqlRunner } from '../../platform/database/sql-runner';

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

export async function insertPlant(
  db: SqlRunner,
  plant: Required<PlantColumns> & { postId: string; userId: string },
): Promise<void> {
  await db.query(
    `INSERT INTO plant (post_id, user_id, name, species, available, quantity, swap_terms)
     VALUES ($1, $2, $3, $4, $5, $6, $7)`,
    [
      plant.postId,
      plant.userId,
      plant.name,
      plant.species,
      plant.available,
      plant.quantity,
      plant.swap_terms,
    ],
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
