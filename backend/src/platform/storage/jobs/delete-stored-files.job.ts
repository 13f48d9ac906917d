import { Injectable } from '@nestjs/common';
import { JobProcessor, type JobHandler } from '../../queues/job-processor.decorator';
import { StorageService } from '../storage.service';

export interface DeleteStoredFilesPayload {
  refs: string[];
  /** Files of the private area (uploads' originals). */
  privateRefs?: string[];
}

@Injectable()
@JobProcessor('cleanup', 'delete-stored-files')
export class DeleteStoredFilesJob implements JobHandler<DeleteStoredFilesPayload> {
  constructor(private readonly storage: StorageService) {}

  async handle({ refs, privateRefs = [] }: DeleteStoredFilesPayload): Promise<void> {
    if (refs.length) await this.storage.remove(refs);
    if (privateRefs.length) await this.storage.removePrivate(privateRefs);
  }
}
