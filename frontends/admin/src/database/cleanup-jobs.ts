import type { CleanupKind, CleanupRun } from '@plantfolk/api-client';

export interface CleanupInfo {
  kind: CleanupKind;
  title: string;
  description: string;
  /** What the confirm step says will happen. */
  confirm: string;
  /** Names what `progress.total` counts, e.g. "groups". */
  unit: string;
}

/** The cleanups an admin can run from /admin/database, in the order shown. */
export const cleanupJobs: CleanupInfo[] = [
  {
    kind: 'merge-duplicate-locations',
    title: 'Merge duplicate places',
    description:
      'Event places typed twice (the same name and state, or the same address, whatever the case or spacing) become one: every event and date moves to the oldest, then the copies go.',
    confirm:
      'Every event and event date that uses a duplicate place moves to the place kept, then the duplicates are deleted. No event loses its place.',
    unit: 'groups of duplicates',
  },
  {
    kind: 'remove-orphaned-locations',
    title: 'Remove orphaned places',
    description:
      'Places no event or event date uses any more (made over an hour ago) are deleted. A place still in use is never touched.',
    confirm:
      'Places that no event or event date uses are deleted. Each is checked again as it is deleted.',
    unit: 'orphaned places',
  },
];

export const cleanupTitle = (kind: string) =>
  cleanupJobs.find((job) => job.kind === kind)?.title ?? kind;

/** Whether a run still has work ahead (the screen keeps asking for its progress). */
export function isRunning(run: Pick<CleanupRun, 'state'>): boolean {
  return !['completed', 'failed'].includes(run.state);
}

/** 0–100 for the progress bar; a run that has not counted yet is at 0. */
export function percentOf(run: Pick<CleanupRun, 'state' | 'progress'>): number {
  if (run.state === 'completed') return 100;
  const progress = run.progress;
  if (!progress || progress.total === 0) return progress?.finished ? 100 : 0;
  return Math.min(100, Math.round((progress.done / progress.total) * 100));
}

export const stateLabels: Record<string, string> = {
  waiting: 'Queued',
  delayed: 'Waiting to retry',
  prioritized: 'Queued',
  'waiting-children': 'Queued',
  active: 'Running',
  completed: 'Done',
  failed: 'Failed',
};

/** One sentence of what the run did or is doing, for the live status and the list. */
export function describeRun(run: CleanupRun, unit: string): string {
  const progress = run.progress;
  if (run.state === 'failed') return 'The cleanup failed; it is retried automatically.';
  if (!progress) return isRunning(run) ? 'Waiting for a worker to start it…' : 'Finished.';
  const moved = progress.repointed
    ? `, ${progress.repointed} event ${progress.repointed === 1 ? 'reference' : 'references'} moved`
    : '';
  const removed = `${progress.removed} ${progress.removed === 1 ? 'place' : 'places'} removed${moved}`;
  if (run.state === 'completed' || progress.finished)
    return progress.total === 0 ? `Nothing to clean up: no ${unit}.` : `Done: ${removed}.`;
  return `${progress.done} of ${progress.total} ${unit} handled: ${removed} so far.`;
}
