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

/**
 * The same outbox write as an INSERT … SELECT, for a data-modifying CTE of the statement that
 * makes the change (a reaction, a comment): one job per row of `from`, each payload field and the
 * job id an SQL expression over `from`'s columns. The statement then needs no transaction of its
 * own: the change and its job commit together or not at all. `from` and the expressions are the
 * caller's SQL text (never user input; values go in as the caller's parameters).
 */
export function outboxInsertSql<Q extends QueueName, N extends JobName<Q>>(
  queue: Q,
  name: N,
  job: {
    from: string;
    payload: { [K in keyof JobData<Q, N>]-?: string };
    jobId: string;
    where?: string;
  },
): string {
  const literal = (text: string) => `'${text.replace(/'/g, "''")}'`;
  const fields = Object.entries(job.payload as Record<string, string>).map(
    ([field, expression]) => `${literal(field)}, ${expression}`,
  );
  return `INSERT INTO outbox_message (queue, job_name, payload, job_id)
       SELECT ${literal(queue)}, ${literal(name)}, jsonb_build_object(${fields.join(', ')}), ${job.jobId}
         FROM ${job.from}${job.where ? ` WHERE ${job.where}` : ''}`;
}
