import { SetMetadata } from '@nestjs/common';
import type { Job } from 'bullmq';
import type { JobData, JobName, QueueName } from './job-registry';

export const JOB_PROCESSOR = 'plantfolk:job-processor';

/** A job that also runs on a timer: every `everyMs`, with an empty payload. */
export interface JobSchedule {
  everyMs: number;
}

export interface JobProcessorMeta {
  queue: QueueName;
  name: string;
  schedule?: JobSchedule;
}

/** What a processor class implements: one `handle` for one job of one queue. */
export interface JobHandler<Data> {
  handle(data: Data, job: Job<Data>): Promise<void>;
  /** Told once the queue has recorded the job completed (best effort; errors are only logged). */
  completed?(job: Job<Data>): void | Promise<void>;
  /** Told once the queue has recorded a failed attempt; `final` when no retry follows. */
  failed?(job: Job<Data>, final: boolean): void | Promise<void>;
}

/**
 * Marks a provider as the processor of one declared job. The class must accept that job's payload:
 * `@JobProcessor('email', 'send-email') class SendEmailJob implements JobHandler<SendEmailPayload>`.
 * Housekeeping that runs on a timer says so here: `@JobProcessor('cleanup', 'purge-outbox',
 * { everyMs: 3600_000 })`; upserting the schedule is idempotent, so every worker may declare it.
 */
export function JobProcessor<Q extends QueueName, N extends JobName<Q>>(
  queue: Q,
  name: N,
  schedule?: JobSchedule,
) {
  return <T extends abstract new (...args: never[]) => JobHandler<JobData<Q, N>>>(target: T) => {
    SetMetadata(JOB_PROCESSOR, { queue, name, schedule } satisfies JobProcessorMeta)(target);
  };
}
