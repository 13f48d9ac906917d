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

/** Who holds each of these handles (lower-case), with what privacy needs of a member owner. */
export interface HandleOwnerRow {
  handle: string;
  owner_type: HandleOwnerType;
  owner_id: string;
  /** A member whose e-mail is verified (sees 'members' posts); false for pages. */
  verified: boolean;
  suspended: boolean;
}

export async function handleOwners(db: SqlRunner, handles: string[]): Promise<HandleOwnerRow[]> {
  return (await db.query(
    `SELECT h.handle, h.owner_type, h.owner_id,
            COALESCE(u.email_verified_at IS NOT NULL, false) AS verified,
            COALESCE(u.suspended_at IS NOT NULL, false) AS suspended
       FROM handle h
       LEFT JOIN user_account u ON h.owner_type = 'user' AND u.id = h.owner_id
      WHERE h.handle = ANY($1::text[])`,
    [handles],
  )) as HandleOwnerRow[];
}

/** Whether each of these members may see 'members' posts and is suspended (for page owners). */
export async function memberStandings(
  db: SqlRunner,
  userIds: readonly string[],
): Promise<Array<{ id: string; verified: boolean; suspended: boolean }>> {
  return (await db.query(
    `SELECT id, email_verified_at IS NOT NULL AS verified, suspended_at IS NOT NULL AS suspended
       FROM user_account WHERE id = ANY($1::uuid[])`,
    [userIds],
  )) as Array<{ id: string; verified: boolean; suspended: boolean }>;
}
