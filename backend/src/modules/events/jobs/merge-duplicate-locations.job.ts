import { Injectable } from '@nestjs/common';
import type { Job } from 'bullmq';
import { JobProcessor, type JobHandler } from '../../../platform/queues/job-processor.decorator';
import { LocationCleanupService } from '../location-cleanup.service';
import type { LocationCleanupPayload } from './events.jobs';

/** DELETE admin/location-duplicates: merges duplicate places, reporting progress on the job. */
@Injectable()
@JobProcessor('cleanup', 'merge-duplicate-locations')
export class MergeDuplicateLocationsJob implements JobHandler<LocationCleanupPayload> {
  constructor(private readonly cleanup: LocationCleanupService) {}

  async handle(_data: LocationCleanupPayload, job: Job<LocationCleanupPayload>): Promise<void> {
    await this.cleanup.mergeDuplicates(this.cleanup.reporter(job));
  }

  /** The admins' screens hear that the run is done, once the queue has recorded it. */
  completed(job: Job<LocationCleanupPayload>): void {
    this.cleanup.publish(job, 'completed');
  }

  /** …or that it failed: for good, or to be retried after a wait. */
  failed(job: Job<LocationCleanupPayload>, final: boolean): void {
    this.cleanup.publish(job, final ? 'failed' : 'delayed');
  }
}
