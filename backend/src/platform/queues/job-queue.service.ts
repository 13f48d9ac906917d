import { Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';
import { type JobsOptions, Queue } from 'bullmq';
import { RedisService } from '../redis/redis.service';
import {
  type JobData,
  type JobName,
  QUEUE_NAMES,
  QUEUE_SETTINGS,
  type QueueName,
} from './job-registry';

export function bullPrefix(redisPrefix: string): string {
  return `${redisPrefix}:bull`;
}

/** Puts jobs on the queues. For a job implied by a database write, use OutboxService instead. */
@Injectable()
export class JobQueue implements OnApplicationShutdown {
  private readonly logger = new Logger('JobQueue');
  private readonly queues: Map<QueueName, Queue>;
  /** Set from a queue's first error until the connection is ready again: one line per outage. */
  private failing = false;

  constructor(redis: RedisService) {
    const connection = redis.connectForQueues('producer');
    const prefix = bullPrefix(redis.key());
    this.queues = new Map(
      QUEUE_NAMES.map((name) => {
        const { attempts, backoffMs } = QUEUE_SETTINGS[name];
        const queue = new Queue(name, {
          connection,
          prefix,
          defaultJobOptions: {
            attempts,
            backoff: { type: 'exponential', delay: backoffMs },
            // Completed jobs stay a day so an outbox re-relay with the same jobId is a no-op.
            removeOnComplete: { age: 24 * 3600, count: 5_000 },
            removeOnFail: { age: 14 * 24 * 3600 },
          },
        });
        // Without a listener BullMQ prints every failed reconnect on console.error; the
        // connection retries on its own, so one warning per outage (the message only: no URL).
        queue.on('error', (error) => this.reportOutage(name, error));
        return [name, queue] as const;
      }),
    );
    connection.on('ready', () => (this.failing = false));
  }

  private reportOutage(queue: QueueName, error: Error): void {
    if (this.failing) return;
    this.failing = true;
    this.logger.warn(`Queue "${queue}" cannot reach Redis: ${error.message}`);
  }

  async add<Q extends QueueName, N extends JobName<Q>>(
    queue: Q,
    name: N,
    data: JobData<Q, N>,
    options: JobsOptions = {},
  ): Promise<string | undefined> {
    const job = await this.queue(queue).add(name, data, options);
    return job.id;
  }

  queue(name: QueueName): Queue {
    const queue = this.queues.get(name);
    if (!queue) throw new Error(`Unknown queue "${name}"`);
    return queue;
  }

  all(): Queue[] {
    return [...this.queues.values()];
  }

  async onApplicationShutdown() {
    await Promise.all(this.all().map((queue) => queue.close()));
  }
}
