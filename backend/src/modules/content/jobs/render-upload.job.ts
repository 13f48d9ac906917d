import { Injectable, Logger } from '@nestjs/common';
import { type Job, UnrecoverableError } from 'bullmq';
import { AppError } from '../../../platform/http/app-error';
import { JobProcessor, type JobHandler } from '../../../platform/queues/job-processor.decorator';
import { OriginalMissingError, UploadsService } from '../uploads.service';
import type { RenderUploadPayload } from './content.jobs';

/**
 * Renders an uploaded photo off the request path: one decode, every size from it (see
 * image-renderer.ts), then the upload is ready. Retried with backoff when storage or the database
 * fails; after the last attempt, or at once when retrying cannot help (the bytes are refused, the
 * original is gone), the upload is marked failed and its files are removed.
 */
@Injectable()
@JobProcessor('images', 'render-upload')
export class RenderUploadJob implements JobHandler<RenderUploadPayload> {
  private readonly logger = new Logger('RenderUpload');

  constructor(private readonly uploads: UploadsService) {}

  async handle(data: RenderUploadPayload, job?: Job<RenderUploadPayload>): Promise<void> {
    try {
      await this.uploads.render(data);
    } catch (error) {
      const hopeless = error instanceof AppError || error instanceof OriginalMissingError;
      const lastAttempt = !job || job.attemptsMade + 1 >= (job.opts.attempts ?? 1);
      if (!hopeless && !lastAttempt) throw error;
      this.logger.warn(`Giving up on upload ${data.ref}: ${(error as Error).message}`);
      await this.uploads.giveUp(data);
      throw hopeless ? new UnrecoverableError((error as Error).message) : error;
    }
  }
}
