import type { SqlRunner } from '../database/sql-runner';
import { cursorTimeSql, type Cursor } from '../paging/paging';

export interface AuditLogRow {
  id: string;
  actor_id: string | null;
  action: string;
  target_type: string;
  target_id: string | null;
  before: unknown;
  after: unknown;
  created_at: Date;
  cursor_at: string;
}

export async function insertAuditEntry(
  runner: SqlRunner,
  entry: {
    actorId: string | null;
    action: string;
    targetType: string;
    targetId: string | null;
    before: unknown;
    after: unknown;
  },
): Promise<void> {
  await runner.query(
    `INSERT INTO audit_log (actor_id, action, target_type, target_id, before, after)
     VALUES ($1, $2, $3, $4, $5::jsonb, $6::jsonb)`,
    [
      entry.actorId,
      entry.action,
      entry.targetType,
      entry.targetId,
      entry.before === undefined ? null : JSON.stringify(entry.before),
      entry.after === undefined ? null : JSON.stringify(entry.after),
    ],
  );
}

/** Newest first, a keyset page after `cursor` (audit_log_recent_idx, or the action's index). */
export async function selectAuditPage(
  runner: SqlRunner,
  page: { cursor: Cursor | null; limit: number; action: string | null },
): Promise<AuditLogRow[]> {
  return (await runner.query(
    `SELECT id, actor_id, action, target_type, target_id, before, after, created_at,
            ${cursorTimeSql('created_at')} AS cursor_at
       FROM audit_log
      WHERE ($1::text IS NULL OR action = $1)
        AND ($2::timestamptz IS NULL OR (created_at, id) < ($2::timestamptz, $3::uuid))
      ORDER BY created_at DESC, id DESC
      LIMIT $4`,
    [page.action, page.cursor?.at ?? null, page.cursor?.id ?? null, page.limit],
  )) as AuditLogRow[];
}
