import { Injectable } from '@nestjs/common';
import { JobProcessor, type JobHandler } from '../../../platform/queues/job-processor.decorator';
import { LinkPreviewsService } from '../link-previews.service';
import type { LinkPreviewPayload } from './content.jobs';

/**
 * Fetches the preview of a post's first URL (unless a recent one is kept): on the `images` queue,
 * as it ends in re-hosting the page's image through the image pipeline.
 */
@Injectable()
@JobProcessor('images', 'link-preview')
export class LinkPreviewJob implements JobHandler<LinkPreviewPayload> {
  constructor(private readonly previews: LinkPreviewsService) {}

  async handle(data: LinkPreviewPayload): Promise<void> {
    await this.previews.refresh(data.url);
  }
}
