import type { SqlRunner } from '../../platform/database/sql-runner';
import type { HandleOwnerType } from './entities/handle.entity';

/** Frees the handles an owner holds (their account or page is going). */
export async function deleteHandlesOf(
  db: SqlRunner,
  ownerType: HandleOwnerType,
  ownerId: string,
): Promise<void> {
  await db.query('DELETE FROM handle WHERE owner_type = $1 AND owner_id = $2', [
    ownerType,
    ownerId,
  ]);
}
