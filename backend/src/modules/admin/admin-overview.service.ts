import { Injectable, Logger } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { AuditLogService } from '../../platform/audit/audit-log.service';
import { tableSizes } from '../../platform/database/table-sizes';
import { JobQueue } from '../../platform/queues/job-queue.service';
import type { QueueName } from '../../platform/queues/job-registry';
import { MembersService } from '../identity';

/** What the overview counts, and the table whose size answers it. */
const COUNTED = [
  { name: 'accounts', table: 'user_account' },
  { name: 'posts', table: 'post' },
  { name: 'pages', table: 'page' },
  { name: 'events', table: 'event_template' },
] as const;

/** How many of the latest admin actions the overview shows. */
export const OVERVIEW_AUDIT_ENTRIES = 10;

export interface QueueHealth {
  name: QueueName;
  waiting: number;
  active: number;
  delayed: number;
  failed: number;
  paused: boolean;
}

/**
 * The admin overview in one call, from cheap sources only: table sizes from the planner's
 * estimates (exact for small tables: table-sizes.ts), queue depths from BullMQ's counters, and
 * the newest audit entries by their index.
 */
@Injectable()
export class AdminOverviewService {
  private readonly logger = new Logger('AdminOverview');

  constructor(
    private readonly dataSource: DataSource,
    private readonly jobs: JobQueue,
    private readonly audit: AuditLogService,
    private readonly members: MembersService,
  ) {}

  async overview() {
    const [sizes, queues, recent] = await Promise.all([
      tableSizes(
        this.dataSource,
        COUNTED.map((counted) => counted.table),
      ),
      this.queueHealth(),
      this.recentAudit(),
    ]);
    return {
      counts: COUNTED.map((counted, index) => ({
        name: counted.name,
        value: sizes[index].rows,
        approximate: sizes[index].approximate,
      })),
      queues: queues.ok ? queues.list : [],
      queues_error: queues.ok ? null : 'The queues could not be read',
      recent_audit: recent,
    };
  }

  /** The newest admin actions, each with its admin's username (one lookup for all). */
  private async recentAudit() {
    const { items } = await this.audit.list({ cursorId: null, limit: OVERVIEW_AUDIT_ENTRIES });
    const actorIds = [...new Set(items.flatMap((entry) => (entry.actorId ? [entry.actorId] : [])))];
    const names = new Map(
      (await this.members.summariesByIds(actorIds)).map((actor) => [actor.uuid, actor.username]),
    );
    return items.map((entry) => ({
      id: entry.id,
      actor: entry.actorId ? (names.get(entry.actorId) ?? null) : null,
      action: entry.action,
      target: entry.targetId ? `${entry.targetType} ${entry.targetId}` : entry.targetType,
      created_at: entry.createdAt.toISOString(),
    }));
  }

  private async queueHealth(): Promise<{ ok: true; list: QueueHealth[] } | { ok: false }> {
    try {
      const list = await Promise.all(
        this.jobs.all().map(async (queue) => {
          const [counts, paused] = await Promise.all([
            queue.getJobCounts('waiting', 'paused', 'prioritized', 'active', 'delayed', 'failed'),
            queue.isPaused(),
          ]);
          return {
            name: queue.name as QueueName,
            // Jobs of a paused queue wait in its paused list; prioritised ones wait too.
            waiting: (counts.waiting ?? 0) + (counts.paused ?? 0) + (counts.prioritized ?? 0),
            active: counts.active ?? 0,
            delayed: counts.delayed ?? 0,
            failed: counts.failed ?? 0,
            paused,
          };
        }),
      );
      return { ok: true, list };
    } catch (error) {
      this.logger.warn({ err: error }, 'Queue counts could not be read');
      return { ok: false };
    }
  }
}
