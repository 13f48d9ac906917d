import { Injectable } from '@nestjs/common';
import { JobProcessor, type JobHandler } from '../../queues/job-processor.decorator';
import { StorageService } from '../storage.service';

export interface DeleteStoredFilesPayload {
  refs: string[];
}

@Injectable()
@JobProcessor('cleanup', 'delete-stored-files')
export class DeleteStoredFilesJob implements JobHandler<DeleteStoredFilesPayload> {
  constructor(private readonly storage: StorageService) {}

  async handle({ refs }: DeleteStoredFilesPayload): Promise<void> {
    await this.storage.remove(refs);
  }
}
