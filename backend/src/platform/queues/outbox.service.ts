import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { JobData, JobName, QueueName } from './job-registry';
import { OutboxMessage } from './outbox-message.entity';

/** Enqueues a job as part of the caller's transaction (see OutboxMessage). */
@Injectable()
export class OutboxService {
  async enqueue<Q extends QueueName, N extends JobName<Q>>(
    manager: EntityManager,
    queue: Q,
    name: N,
    data: JobData<Q, N>,
    options: { jobId?: string } = {},
  ): Promise<void> {
    if (!manager.queryRunner?.isTransactionActive) {
      throw new Error('OutboxService.enqueue must run inside a transaction');
    }
    await manager.insert(OutboxMessage, {
      queue,
      jobName: name,
      payload: data as object,
      jobId: options.jobId ?? null,
    });
  }
}
