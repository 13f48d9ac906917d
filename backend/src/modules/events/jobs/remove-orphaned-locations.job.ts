import { Injectable } from '@nestjs/common';
import type { Job } from 'bullmq';
import { JobProcessor, type JobHandler } from '../../../platform/queues/job-processor.decorator';
import { LocationCleanupService, throttleProgress } from '../location-cleanup.service';
import type { LocationCleanupPayload } from './events.jobs';

/** DELETE admin/orphaned-locations: removes places nothing references, reporting progress. */
@Injectable()
@JobProcessor('cleanup', 'remove-orphaned-locations')
export class RemoveOrphanedLocationsJob implements JobHandler<LocationCleanupPayload> {
  constructor(private readonly cleanup: LocationCleanupService) {}

  async handle(_data: LocationCleanupPayload, job: Job<LocationCleanupPayload>): Promise<void> {
    await this.cleanup.removeOrphans(throttleProgress((progress) => job.updateProgress(progress)));
  }
}
