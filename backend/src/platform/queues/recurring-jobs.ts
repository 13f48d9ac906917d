import { Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { JobQueue } from './job-queue.service';
import { QueueWorkers } from './queue-workers.service';

/**
 * Puts the processors' timers on the queues (see @JobProcessor's schedule). Upserting is
 * idempotent, so every worker may declare them.
 */
@Injectable()
export class RecurringJobs implements OnApplicationBootstrap {
  constructor(
    private readonly jobs: JobQueue,
    private readonly workers: QueueWorkers,
  ) {}

  async onApplicationBootstrap() {
    if (!this.workers.running) return;
    for (const { queue, name, everyMs } of this.workers.recurringJobs()) {
      await this.jobs.queue(queue).upsertJobScheduler(name, { every: everyMs }, { name, data: {} });
    }
  }
}
