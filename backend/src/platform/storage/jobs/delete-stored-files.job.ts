import { Injectable } from '@nestjs/common';
import { JobProcessor, type JobHandler } from '../../queues/job-processor.decorator';
import type { DeleteStoredFilesPayload } from '../../queues/job-registry';
import { StorageService } from '../storage.service';

@Injectable()
@JobProcessor('cleanup', 'delete-stored-files')
export class DeleteStoredFilesJob implements JobHandler<DeleteStoredFilesPayload> {
  constructor(private readonly storage: StorageService) {}

  async handle({ refs }: DeleteStoredFilesPayload): Promise<void> {
    await this.storage.remove(refs);
  }
}
