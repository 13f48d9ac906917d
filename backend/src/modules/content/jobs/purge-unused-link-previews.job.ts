import { Injectable, Logger } from '@nestjs/common';
import { JobProcessor, type JobHandler } from '../../../platform/queues/job-processor.decorator';
import type { NoPayload } from '../../../platform/queues/job-registry';
import { LinkPreviewsService, PREVIEW_PURGE_EVERY_MS } from '../link-previews.service';

/**
 * Link previews no post names, last fetched a month ago: removed with their re-hosted images
 * (LinkPreviewsService.purgeUnused).
 */
@Injectable()
@JobProcessor('cleanup', 'purge-unused-link-previews', { everyMs: PREVIEW_PURGE_EVERY_MS })
export class PurgeUnusedLinkPreviewsJob implements JobHandler<NoPayload> {
  private readonly logger = new Logger('PurgeUnusedLinkPreviews');

  constructor(private readonly previews: LinkPreviewsService) {}

  async handle(): Promise<void> {
    const removed = await this.previews.purgeUnused();
    if (removed) this.logger.log(`Removed ${removed} unused link previews`);
  }
}
