import { Injectable } from '@nestjs/common';
import type { Job } from 'bullmq';
import { JobProcessor, type JobHandler } from '../../../platform/queues/job-processor.decorator';
import { LocationCleanupService, throttleProgress } from '../location-cleanup.service';
import type { LocationCleanupPayload } from './events.jobs';

/** DELETE admin/location-duplicates: merges duplicate places, reporting progress on the job. */
@Injectable()
@JobProcessor('cleanup', 'merge-duplicate-locations')
export class MergeDuplicateLocationsJob implements JobHandler<LocationCleanupPayload> {
  constructor(private readonly cleanup: LocationCleanupService) {}

  async handle(_data: LocationCleanupPayload, job: Job<LocationCleanupPayload>): Promise<void> {
    await this.cleanup.mergeDuplicates(
      throttleProgress((progress) => job.updateProgress(progress)),
    );
  }
}
