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

  /**
   * Removes the files through a `cleanup` job; with a manager, only if the transaction commits.
   * `privateRefs` names files of the private area to remove as well.
   */
  async scheduleRemoval(
    refs: string[],
    manager?: EntityManager,
    privateRefs: string[] = [],
  ): Promise<void> {
    const valid = refs.filter((ref) => parseRef(ref));
    const validPrivate = privateRefs.filter((ref) => parseRef(ref));
    if (!valid.length && !validPrivate.length) return;
    const payload = validPrivate.length
      ? { refs: valid, privateRefs: validPrivate }
      : { refs: valid };
    if (manager) await this.outbox.enqueue(manager, 'cleanup', 'delete-stored-files', payload);
    else await this.jobs.add('cleanup', 'delete-stored-files', payload);
  }

  /**
   * The private area: files that no URL reaches (an upload's original before it is rendered).
   * Refs have the same shape as public ones and are validated the same way.
   */
  async putPrivate(ref: string, body: Buffer): Promise<void> {
    if (!parseRef(ref)) throw StorageErrors.INVALID_IMAGE_REF();
    await this.driver.putPrivate(ref, body);
  }

  /** A private file's bytes, or null when it is not there. */
  async readPrivate(ref: string): Promise<Buffer | null> {
    if (!parseRef(ref)) throw StorageErrors.INVALID_IMAGE_REF();
    return this.driver.getPrivate(ref);
  }

  async removePrivate(refs: string[]): Promise<void> {
    if (!refs.every((ref) => parseRef(ref))) throw StorageErrors.INVALID_IMAGE_REF();
    if (refs.length) await this.driver.deletePrivate(refs);
  }
}
