import type { Provider } from '@nestjs/common';
import type { SendEmailPayload } from '../mail/jobs/send-email.job';
import type { DeleteStoredFilesPayload } from '../storage/jobs/delete-stored-files.job';

/**
 * The queues, and the jobs each one carries with their payload types.
 *
 * The queues are the platform's. Jobs are declared by whoever owns them, next to their processors:
 * the platform's own below (PLATFORM_JOBS), a module's in its `jobs/<module>.jobs.ts`:
 *
 *   export const CONTENT_JOBS = declareJobs('content', {
 *     cleanup: { 'purge-unattached-uploads': payload<NoPayload>() },
 *   });
 *   declare module '../../../platform/queues/job-registry' {
 *     interface DeclaredJobs { content: typeof CONTENT_JOBS }
 *   }
 *
 * with `CONTENT_JOBS.provider` among the module's providers. JobPayloads is read off the
 * declarations, so a job's name and payload type are written once, and the compiler checks every
 * enqueue and every processor against them. At start-up every declared job must have exactly one
 * processor (a class marked with @JobProcessor) and every processor a declaration, or the app
 * refuses to start (queue-workers.service.ts).
 */
export const QUEUE_NAMES = ['email', 'notifications', 'cleanup', 'images'] as const;
export type QueueName = (typeof QUEUE_NAMES)[number];

/** How often each queue retries a failed job: exponential backoff from `backoffMs`. */
export const QUEUE_SETTINGS: Record<
  QueueName,
  { attempts: number; backoffMs: number; concurrency: number }
> = {
  email: { attempts: 8, backoffMs: 5_000, concurrency: 4 },
  notifications: { attempts: 5, backoffMs: 1_000, concurrency: 8 },
  cleanup: { attempts: 6, backoffMs: 10_000, concurrency: 2 },
  images: { attempts: 3, backoffMs: 2_000, concurrency: 2 },
};

/** The payload of a job that needs none (a timer's housekeeping). */
export type NoPayload = Record<string, never>;

/** Names a job's payload type in a declaration; it carries nothing at run time. */
export interface Payload<T> {
  readonly payloadType?: T;
}

export function payload<T>(): Payload<T> {
  return {};
}

type JobSet = { readonly [Q in QueueName]?: Readonly<Record<string, Payload<unknown>>> };

/** What one owner (a module, or the platform) declares: per queue, its jobs. */
export class JobDeclaration<Jobs extends JobSet = JobSet> {
  constructor(
    readonly owner: string,
    readonly jobs: Jobs,
  ) {}

  /** For the owner module's providers: where the start-up check finds the declaration. */
  get provider(): Provider {
    return { provide: `job declaration: ${this.owner}`, useValue: this };
  }

  list(): Array<{ queue: QueueName; name: string }> {
    return QUEUE_NAMES.flatMap((queue) =>
      Object.keys(this.jobs[queue] ?? {}).map((name) => ({ queue, name })),
    );
  }
}

export function declareJobs<const Jobs extends JobSet>(
  owner: string,
  jobs: Jobs,
): JobDeclaration<Jobs> {
  return new JobDeclaration(owner, jobs);
}

/** The platform's own jobs: always declared, whatever modules the app loads. */
export const PLATFORM_JOBS = declareJobs('platform', {
  email: { 'send-email': payload<SendEmailPayload>() },
  cleanup: {
    'delete-stored-files': payload<DeleteStoredFilesPayload>(),
    'purge-outbox': payload<NoPayload>(),
  },
});

/** Every declaration by its owner; each module adds its own (see above). */
export interface DeclaredJobs {
  platform: typeof PLATFORM_JOBS;
}

type UnionToIntersection<U> = (U extends unknown ? (union: U) => void : never) extends (
  intersection: infer I,
) => void
  ? I
  : never;

type JobSetOf<Declaration> = Declaration extends JobDeclaration<infer Jobs> ? Jobs : never;
type QueueJobsOf<Jobs, Q extends QueueName> = Jobs extends { readonly [K in Q]: infer Of }
  ? Of
  : never;

/** The jobs of one queue, from every declaration that has some. */
type JobsOf<Q extends QueueName> = UnionToIntersection<
  QueueJobsOf<JobSetOf<DeclaredJobs[keyof DeclaredJobs]>, Q>
>;

export type JobPayloads = {
  [Q in QueueName]: {
    [N in keyof JobsOf<Q>]: JobsOf<Q>[N] extends Payload<infer T> ? T : never;
  };
};

export type JobName<Q extends QueueName> = Extract<keyof JobPayloads[Q], string>;
export type JobData<Q extends QueueName, N extends JobName<Q>> = JobPayloads[Q][N];
