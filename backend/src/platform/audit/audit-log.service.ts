import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { Sql } from '../database/sql';
import { type Cursor, encodeCursor, type Page } from '../paging/paging';
import { insertAuditEntry, selectAuditPage } from './audit-log.queries';

/** What an admin did: `action` is `<area>.<verb>` (`site-setting.update`, `user.update`, …). */
export interface AuditEntryInput {
  actorId: string | null;
  action: string;
  targetType: string;
  targetId?: string | null;
  /** The target's state before and after, as plain JSON (never a secret: tokens, codes, hashes). */
  before?: unknown;
  after?: unknown;
}

export interface AuditEntry {
  id: string;
  actorId: string | null;
  action: string;
  targetType: string;
  targetId: string | null;
  before: unknown;
  after: unknown;
  createdAt: Date;
}

export const AUDIT_ACTION_MAX = 64;

/**
 * The audit log of admin actions. `record` with the caller's EntityManager writes in the caller's
 * transaction, so an action and its entry commit or roll back together; without one it is its own
 * statement (for actions that have no transaction of their own).
 */
@Injectable()
export class AuditLogService {
  constructor(private readonly sql: Sql) {}

  async record(entry: AuditEntryInput, manager?: EntityManager): Promise<void> {
    await insertAuditEntry(manager ?? this.sql, {
      actorId: entry.actorId,
      action: entry.action.slice(0, AUDIT_ACTION_MAX),
      targetType: entry.targetType.slice(0, 32),
      targetId: entry.targetId == null ? null : String(entry.targetId).slice(0, 200),
      before: entry.before ?? null,
      after: entry.after ?? null,
    });
  }

  /** Newest first; `cursorId` is the list's opaque cursor (platform/paging, `created_at`). */
  async list(query: {
    cursorId: Cursor | null;
    limit: number;
    action?: string | null;
  }): Promise<Page<AuditEntry>> {
    const rows = await selectAuditPage(this.sql, {
      cursor: query.cursorId,
      limit: query.limit + 1,
      action: query.action ?? null,
    });
    const items = rows.slice(0, query.limit);
    const last = items[items.length - 1];
    return {
      items: items.map((row) => ({
        id: row.id,
        actorId: row.actor_id,
        action: row.action,
        targetType: row.target_type,
        targetId: row.target_id,
        before: row.before,
        after: row.after,
        createdAt: row.created_at,
      })),
      next_cursor:
        rows.length > query.limit && last
          ? encodeCursor('created_at', { at: last.cursor_at, id: last.id })
          : null,
    };
  }
}
