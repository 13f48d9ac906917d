import { Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { JobQueue } from './job-queue.service';
import type { JobName, QueueName } from './job-registry';
import { QueueWorkers } from './queue-workers.service';

type RecurringJob = {
  [Q in QueueName]: { queue: Q; name: JobName<Q>; everyMs: number };
}[QueueName];

/** Housekeeping that runs on a timer. Upserting is idempotent, so every worker may declare them. */
export const RECURRING_JOBS: RecurringJob[] = [
  { queue: 'cleanup', name: 'purge-outbox', everyMs: 3600_000 },
  { queue: 'cleanup', name: 'purge-expired-auth', everyMs: 6 * 3600_000 },
  { queue: 'cleanup', name: 'purge-unattached-uploads', everyMs: 3600_000 },
];

@Injectable()
export class RecurringJobs implements OnApplicationBootstrap {
  constructor(
    private readonly jobs: JobQueue,
    private readonly workers: QueueWorkers,
  ) {}

  async onApplicationBootstrap() {
    if (!this.workers.running) return;
    for (const { queue, name, everyMs } of RECURRING_JOBS) {
      await this.jobs.queue(queue).upsertJobScheduler(name, { every: everyMs }, { name, data: {} });
    }
  }
}
