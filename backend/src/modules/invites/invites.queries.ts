import type { SqlRunner } from '../../platform/database/sql-runner';
import { type Cursor, cursorTimeSql } from '../../platform/paging/paging';
import type { InviteType } from './entities/invite.entity';

/** The `invite` and `invite_acceptance` tables. */

export interface InviteRow {
  id: string;
  inviter_id: string;
  invite_type: InviteType;
  target_id: string | null;
  note_text: string;
  is_valid: boolean;
  expires_at: Date;
  use_count: number;
  used_at: Date | null;
  created_at: Date;
  /** `expires_at <= now()` by the database's clock, so every check agrees with the SQL ones. */
  expired: boolean;
  /** `created_at` as a cursor carries it. */
  cursor_at: string;
}

const INVITE_COLUMNS = `i.id, i.inviter_id, i.invite_type, i.target_id, i.note_text, i.is_valid,
  i.expires_at, i.use_count, i.used_at, i.created_at, i.expires_at <= now() AS expired,
  ${cursorTimeSql('i.created_at')} AS cursor_at`;

export async function insertInvite(
  db: SqlRunner,
  invite: {
    inviterId: string;
    inviteType: InviteType;
    targetId: string | null;
    noteText: string;
    validForDays: number;
  },
): Promise<InviteRow> {
  const [row] = (await db.query(
    `INSERT INTO invite AS i (inviter_id, invite_type, target_id, note_text, expires_at)
     VALUES ($1, $2, $3, $4, now() + make_interval(days => $5::int))
     RETURNING ${INVITE_COLUMNS}`,
    [invite.inviterId, invite.inviteType, invite.targetId, invite.noteText, invite.validForDays],
  )) as InviteRow[];
  return row;
}

export async function inviteById(db: SqlRunner, id: string): Promise<InviteRow | undefined> {
  const [row] = (await db.query(`SELECT ${INVITE_COLUMNS} FROM invite i WHERE i.id = $1`, [
    id,
  ])) as InviteRow[];
  return row;
}

export async function setValidity(
  db: SqlRunner,
  id: string,
  isValid: boolean,
): Promise<InviteRow | undefined> {
  const [rows] = (await db.query(
    `UPDATE invite AS i SET is_valid = $2 WHERE i.id = $1 RETURNING ${INVITE_COLUMNS}`,
    [id, isValid],
  )) as [InviteRow[], number];
  return rows[0];
}

/**
 * Uses a site invite, if it is valid, unexpired and unused: one conditional UPDATE, so of two
 * sign-ups racing for it the second waits on the row lock, re-checks `use_count = 0` and
 * matches nothing. True when this call used it.
 */
export async function consumeSiteInvite(db: SqlRunner, id: string): Promise<boolean> {
  const [, count] = (await db.query(
    `UPDATE invite SET use_count = use_count + 1, used_at = now()
      WHERE id = $1 AND invite_type = 'site' AND is_valid AND expires_at > now() AND use_count = 0`,
    [id],
  )) as [unknown[], number];
  return count === 1;
}

/**
 * Records that a member accepted a page or event invite (still valid and unexpired), counting
 * each member once. `accepted`: the invite could be used; `firstTime`: this member had not
 * accepted it before.
 */
export async function acceptInvite(
  db: SqlRunner,
  id: string,
  userId: string,
): Promise<{ accepted: boolean; firstTime: boolean }> {
  const [row] = (await db.query(
    `WITH usable AS (
       SELECT id FROM invite
        WHERE id = $1 AND invite_type <> 'site' AND is_valid AND expires_at > now()
     ), recorded AS (
       INSERT INTO invite_acceptance (invite_id, user_id)
       SELECT id, $2 FROM usable
       ON CONFLICT (invite_id, user_id) DO NOTHING
       RETURNING invite_id
     ), counted AS (
       UPDATE invite SET use_count = use_count + 1, used_at = now()
        WHERE id IN (SELECT invite_id FROM recorded)
       RETURNING id
     )
     SELECT EXISTS (SELECT 1 FROM usable) AS accepted,
            EXISTS (SELECT 1 FROM counted) AS first_time`,
    [id, userId],
  )) as Array<{ accepted: boolean; first_time: boolean }>;
  return { accepted: row.accepted, firstTime: row.first_time };
}

/** A member's sent invites, newest first, `limit` after the cursor. */
export async function invitesByInviter(
  db: SqlRunner,
  inviterId: string,
  after: Cursor | null,
  limit: number,
): Promise<InviteRow[]> {
  const values: unknown[] = [inviterId, limit];
  let keyset = '';
  if (after) {
    values.push(after.at, after.id);
    keyset = 'AND (i.created_at, i.id) < ($3::timestamptz, $4::uuid)';
  }
  return (await db.query(
    `SELECT ${INVITE_COLUMNS} FROM invite i
      WHERE i.inviter_id = $1 ${keyset}
      ORDER BY i.created_at DESC, i.id DESC
      LIMIT $2`,
    values,
  )) as InviteRow[];
}

/**
 * Removes up to `batch` invites that expired before `keepDays` ago (their acceptances go with
 * them by cascade); the count removed, so the purge can loop in short statements.
 */
export async function purgeExpired(
  db: SqlRunner,
  keepDays: number,
  batch: number,
): Promise<number> {
  const [, count] = (await db.query(
    `DELETE FROM invite WHERE id IN (
       SELECT id FROM invite WHERE expires_at < now() - make_interval(days => $1::int)
        ORDER BY expires_at LIMIT $2)`,
    [keepDays, batch],
  )) as [unknown[], number];
  return count;
}
