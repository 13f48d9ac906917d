import { Injectable, Logger } from '@nestjs/common';
import { JobProcessor, type JobHandler } from '../../../platform/queues/job-processor.decorator';
import type { NoPayload } from '../../../platform/queues/job-registry';
import { UploadsService } from '../uploads.service';

/**
 * Photo uploads nothing references: never attached to a post (a day after the upload), or whose
 * post photos all went (a day after that). Rows first, files once that commits.
 */
@Injectable()
@JobProcessor('cleanup', 'purge-unattached-uploads', { everyMs: 3600_000 })
export class PurgeUnattachedUploadsJob implements JobHandler<NoPayload> {
  private readonly logger = new Logger('PurgeUnattachedUploads');

  constructor(private readonly uploads: UploadsService) {}

  async handle(): Promise<void> {
    const removed = await this.uploads.purgeUnattached();
    if (removed) this.logger.log(`Removed ${removed} unattached photo uploads`);
  }
}
