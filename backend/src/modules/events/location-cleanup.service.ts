import { Injectable, Logger } from '@nestjs/common';
import type { Job } from 'bullmq';
import { DataSource } from 'typeorm';
import type { Member } from '../../platform/access/current-caller.decorator';
import { AuditLogService } from '../../platform/audit/audit-log.service';
import { JobQueue } from '../../platform/queues/job-queue.service';
import { RealtimePublisher } from '../../platform/realtime/realtime-publisher';
import * as cleanup from './location-cleanup.queries';
import { EventsErrors } from './events.errors';
import type { LocationCleanupPayload } from './jobs/events.jobs';

/** The admins' location cleanups, each a job on the `cleanup` queue. */
export const LOCATION_CLEANUPS = [
  'merge-duplicate-locations',
  'remove-orphaned-locations',
] as const;
export type LocationCleanup = (typeof LOCATION_CLEANUPS)[number];

/** A place made within this many hours is never orphaned: its event may still be being written. */
export const ORPHAN_GRACE_HOURS = 1;
/** Groups or places handled per read; each group merges in its own short transaction. */
const BATCH = 200;
/** How many recent runs the admins' list shows. */
export const RECENT_RUNS_MAX = 20;

/** Where a run stands, as its job reports it (BullMQ job progress). */
export interface CleanupProgress {
  /** Groups of duplicates, or orphaned places, found when the run started. */
  total: number;
  done: number;
  /** Places deleted. */
  removed: number;
  /** Event templates and dates moved onto the place kept. */
  repointed: number;
  finished: boolean;
}

export interface CleanupRunView {
  id: string;
  kind: LocationCleanup;
  state: string;
  progress: CleanupProgress | null;
  requested_at: string;
  finished_at: string | null;
  failed_reason: string | null;
}

/**
 * Merging duplicate places and removing orphaned ones. Both only ever move or drop rows nothing
 * will miss: a duplicate's references move to the place kept in the same transaction that deletes
 * it, and a delete re-checks in its own statement that nothing references the row (the foreign
 * keys would otherwise set a new reference to NULL). Running either twice is harmless: the second
 * run finds nothing to do.
 */
@Injectable()
export class LocationCleanupService {
  private readonly logger = new Logger('LocationCleanup');

  constructor(
    private readonly dataSource: DataSource,
    private readonly jobs: JobQueue,
    private readonly audit: AuditLogService,
    private readonly live: RealtimePublisher,
  ) {}

  /**
   * What a run's job reports as it goes: the progress is stored on the job (the REST view and the
   * queue dashboard read it) and then pushed to the admins' open sockets, throttled.
   */
  reporter(job: Job): (progress: CleanupProgress) => Promise<void> {
    return throttleProgress(async (progress) => {
      await job.updateProgress(progress);
      this.publish(job, 'active');
    });
  }

  /**
   * Pushes the run as it stands to every admin's sockets (nobody else's): the same view as
   * GET admin/cleanup-jobs/{id}. Best effort; the screen polls while it has no socket.
   */
  publish(job: Job, state: string): void {
    if (isLocationCleanup(job.name)) this.live.toAdmins('cleanup-run', viewOf(job, state));
  }

  /** Queues the cleanup; answers at once with the run to follow. */
  async start(admin: Member, kind: LocationCleanup): Promise<CleanupRunView> {
    const payload: LocationCleanupPayload = { requestedBy: admin.userId };
    const id = await this.jobs.add('cleanup', kind, payload);
    await this.audit.record({
      actorId: admin.userId,
      action: `locations.${kind}`,
      targetType: 'cleanup-run',
      targetId: id ?? null,
    });
    return this.run(String(id));
  }

  async run(id: string): Promise<CleanupRunView> {
    const job = /^\d{1,20}$/.test(id) ? await this.jobs.queue('cleanup').getJob(id) : undefined;
    if (!job || !isLocationCleanup(job.name)) throw EventsErrors.CLEANUP_RUN_NOT_FOUND();
    return viewOf(job, await job.getState());
  }

  /** The latest runs of both cleanups, newest first (the queue keeps finished jobs a day). */
  async recentRuns(): Promise<CleanupRunView[]> {
    const queue = this.jobs.queue('cleanup');
    const jobs = await queue.getJobs(
      ['active', 'waiting', 'delayed', 'completed', 'failed'],
      0,
      200,
    );
    const runs = jobs
      .filter((job): job is Job => Boolean(job) && isLocationCleanup(job.name))
      .sort((a, b) => b.timestamp - a.timestamp || Number(b.id) - Number(a.id))
      .slice(0, RECENT_RUNS_MAX);
    return Promise.all(runs.map(async (job) => viewOf(job, await job.getState())));
  }

  /** Merges every group of duplicate places into its oldest row, a group per transaction. */
  async mergeDuplicates(report: (progress: CleanupProgress) => Promise<unknown>): Promise<void> {
    const progress = start(await cleanup.countDuplicateGroups(this.dataSource));
    await report(progress);
    let after = '';
    for (;;) {
      const groups = await cleanup.duplicateGroups(this.dataSource, after, BATCH);
      for (const group of groups) {
        const { removed, repointed } = await this.mergeGroup(group.ids);
        progress.done = Math.min(progress.total, progress.done + 1);
        progress.removed += removed;
        progress.repointed += repointed;
        await report(progress);
      }
      if (groups.length < BATCH) break;
      after = groups[groups.length - 1].key;
    }
    await report({ ...progress, done: progress.total, finished: true });
    if (progress.removed) this.logger.log(`Merged ${progress.removed} duplicate places`);
  }

  /** Deletes the places nothing references (older than the grace period), in batches. */
  async removeOrphans(report: (progress: CleanupProgress) => Promise<unknown>): Promise<void> {
    const progress = start(
      await cleanup.countOrphanedLocations(this.dataSource, ORPHAN_GRACE_HOURS),
    );
    await report(progress);
    let after = '00000000-0000-0000-0000-000000000000';
    for (;;) {
      const ids = await cleanup.orphanedLocations(
        this.dataSource,
        ORPHAN_GRACE_HOURS,
        after,
        BATCH,
      );
      if (ids.length) {
        const removed = await this.dataSource.transaction(async (manager) => {
          // Locked first, so the delete's own check (a new statement, a new snapshot) sees every
          // reference committed before it; a reference written now waits and then fails cleanly.
          const locked = await cleanup.lockLocations(manager, ids);
          return cleanup.deleteUnreferencedLocations(manager, locked);
        });
        progress.done = Math.min(progress.total, progress.done + ids.length);
        progress.removed += removed;
        await report(progress);
      }
      if (ids.length < BATCH) break;
      after = ids[ids.length - 1];
    }
    await report({ ...progress, done: progress.total, finished: true });
    if (progress.removed) this.logger.log(`Removed ${progress.removed} orphaned places`);
  }

  private mergeGroup(ids: string[]): Promise<{ removed: number; repointed: number }> {
    return this.dataSource.transaction(async (manager) => {
      const [kept, ...duplicates] = await cleanup.lockLocations(manager, ids);
      // Another run merged this group first: nothing (or only the kept row) is left.
      if (!kept || !duplicates.length) return { removed: 0, repointed: 0 };
      const repointed = await cleanup.repointLocations(manager, duplicates, kept);
      const removed = await cleanup.deleteUnreferencedLocations(manager, duplicates);
      return { removed, repointed };
    });
  }
}

/**
 * Passes progress on at most every `everyMs` (each report is a Redis write), and always the first
 * and the finished one.
 */
export function throttleProgress(
  report: (progress: CleanupProgress) => Promise<unknown>,
  everyMs = 250,
): (progress: CleanupProgress) => Promise<void> {
  let last = 0;
  return async (progress) => {
    const now = Date.now();
    if (progress.finished || last === 0 || now - last >= everyMs) {
      last = now;
      await report({ ...progress });
    }
  };
}

function start(total: number): CleanupProgress {
  return { total, done: 0, removed: 0, repointed: 0, finished: false };
}

export function isLocationCleanup(name: string): name is LocationCleanup {
  return (LOCATION_CLEANUPS as readonly string[]).includes(name);
}

function viewOf(job: Job, state: string): CleanupRunView {
  const progress = job.progress;
  return {
    id: String(job.id),
    kind: job.name as LocationCleanup,
    state,
    progress:
      typeof progress === 'object' && progress !== null ? (progress as CleanupProgress) : null,
    requested_at: new Date(job.timestamp).toISOString(),
    finished_at: job.finishedOn ? new Date(job.finishedOn).toISOString() : null,
    failed_reason: state === 'failed' ? 'The cleanup failed; it is retried automatically' : null,
  };
}
