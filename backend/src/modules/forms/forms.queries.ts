import type { SqlRunner } from '../../platform/database/sql-runner';
import { type Cursor, cursorTimeSql } from '../../platform/paging/paging';
import type { FormKind } from './entities/form-entry.entity';

/** The `form_entry` table. */

export interface FormEntryRow {
  id: string;
  kind: FormKind;
  subject: string;
  text: string;
  reply_email: string | null;
  user_id: string | null;
  handled_at: Date | null;
  handled_by: string | null;
  created_at: Date;
  /** `created_at` as a cursor carries it. */
  cursor_at: string;
}

const COLUMNS = `f.id, f.kind, f.subject, f.text, f.reply_email, f.user_id, f.handled_at,
  f.handled_by, f.created_at, ${cursorTimeSql('f.created_at')} AS cursor_at`;

export async function insertEntry(
  db: SqlRunner,
  entry: {
    kind: FormKind;
    subject: string;
    text: string;
    replyEmail: string | null;
    userId: string | null;
  },
): Promise<FormEntryRow> {
  const [row] = (await db.query(
    `INSERT INTO form_entry AS f (kind, subject, text, reply_email, user_id)
     VALUES ($1, $2, $3, $4, $5) RETURNING ${COLUMNS}`,
    [entry.kind, entry.subject, entry.text, entry.replyEmail, entry.userId],
  )) as FormEntryRow[];
  return row;
}

export async function entryById(
  db: SqlRunner,
  id: string,
  lock = false,
): Promise<FormEntryRow | undefined> {
  const [row] = (await db.query(
    `SELECT ${COLUMNS} FROM form_entry f WHERE f.id = $1${lock ? ' FOR NO KEY UPDATE' : ''}`,
    [id],
  )) as FormEntryRow[];
  return row;
}

/** Entries newest first, `limit` after the cursor. */
export async function entries(
  db: SqlRunner,
  after: Cursor | null,
  limit: number,
): Promise<FormEntryRow[]> {
  const values: unknown[] = [limit];
  let keyset = '';
  if (after) {
    values.push(after.at, after.id);
    keyset = 'WHERE (f.created_at, f.id) < ($2::timestamptz, $3::uuid)';
  }
  return (await db.query(
    `SELECT ${COLUMNS} FROM form_entry f ${keyset}
      ORDER BY f.created_at DESC, f.id DESC LIMIT $1`,
    values,
  )) as FormEntryRow[];
}

export async function setHandled(
  db: SqlRunner,
  id: string,
  handledBy: string | null,
): Promise<FormEntryRow | undefined> {
  const [rows] = (await db.query(
    `UPDATE form_entry AS f
        SET handled_at = CASE WHEN $2::uuid IS NULL THEN NULL ELSE now() END, handled_by = $2::uuid
      WHERE f.id = $1 RETURNING ${COLUMNS}`,
    [id, handledBy],
  )) as [FormEntryRow[], number];
  return rows[0];
}
