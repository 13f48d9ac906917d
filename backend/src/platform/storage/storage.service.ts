import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { JobQueue } from '../queues/job-queue.service';
import { OutboxService } from '../queues/outbox.service';
import { StorageDriver, type StoredObject } from './storage-driver';
import { parseRef } from './storage-ref';
import { StorageErrors } from './storage.errors';

/** The only way into image storage: every ref is validated before a driver sees it. */
@Injectable()
export class StorageService {
  constructor(
    private readonly driver: StorageDriver,
    private readonly jobs: JobQueue,
    private readonly outbox: OutboxService,
  ) {}

  async put(ref: string, body: Buffer): Promise<void> {
    const parsed = parseRef(ref);
    if (!parsed) throw StorageErrors.INVALID_IMAGE_REF();
    await this.driver.put(ref, body, parsed.contentType);
  }

  async read(ref: string): Promise<StoredObject> {
    if (!parseRef(ref)) throw StorageErrors.INVALID_IMAGE_REF();
    const object = await this.driver.get(ref);
    if (!object) throw StorageErrors.IMAGE_NOT_FOUND();
    return object;
  }

  /** Deletes now. Prefer `scheduleRemoval`, which retries and can join a transaction. */
  async remove(refs: string[]): Promise<void> {
    if (!refs.every((ref) => parseRef(ref))) throw StorageErrors.INVALID_IMAGE_REF();
    await this.driver.delete(refs);
  }

  /** Removes the files through a `cleanup` job; with a manager, only if the transaction commits. */
  async scheduleRemoval(refs: string[], manager?: EntityManager): Promise<void> {
    const valid = refs.filter((ref) => parseRef(ref));
    if (!valid.length) return;
    if (manager)
      await this.outbox.enqueue(manager, 'cleanup', 'delete-stored-files', { refs: valid });
    else await this.jobs.add('cleanup', 'delete-stored-files', { refs: valid });
  }
}
