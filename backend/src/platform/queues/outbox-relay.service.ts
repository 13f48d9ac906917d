import {
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
} from '@nestjs/common';
import { DataSource } from 'typeorm';
import { JobQueue } from './job-queue.service';
import type { QueueName } from './job-registry';
import { QueueWorkers } from './queue-workers.service';

interface PendingRow {
  id: string;
  queue: QueueName;
  job_name: string;
  payload: unknown;
  job_id: string | null;
}

const POLL_INTERVAL_MS = 500;
const BATCH_SIZE = 100;

/**
 * Moves committed outbox rows onto BullMQ. Runs wherever the workers run; several relays can run
 * at once because each batch is claimed with FOR UPDATE SKIP LOCKED.
 */
@Injectable()
export class OutboxRelay implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('Outbox');
  private timer?: NodeJS.Timeout;
  private stopped = false;
  private failing = false;

  constructor(
    private readonly dataSource: DataSource,
    private readonly jobs: JobQueue,
    private readonly workers: QueueWorkers,
  ) {}

  onApplicationBootstrap() {
    if (this.workers.running) this.schedule(0);
  }

  /** Relays one batch; returns how many jobs were handed to BullMQ. */
  async relayOnce(): Promise<number> {
    return this.dataSource.transaction(async (manager) => {
      const rows: PendingRow[] = await manager.query(
        `SELECT id, queue, job_name, payload, job_id FROM outbox_message
          WHERE dispatched_at IS NULL ORDER BY created_at LIMIT $1 FOR UPDATE SKIP LOCKED`,
        [BATCH_SIZE],
      );
      // One round trip per queue for the whole batch (BullMQ adds it in one MULTI), not one per
      // row, so the claimed rows stay locked for as short a time as possible. A failure here rolls
      // the claim back; the rows are retried on the next pass (a job id added twice is one job).
      const byQueue = new Map<QueueName, PendingRow[]>();
      for (const row of rows) byQueue.set(row.queue, [...(byQueue.get(row.queue) ?? []), row]);
      for (const [queue, queued] of byQueue) {
        await this.jobs.queue(queue).addBulk(
          queued.map((row) => ({
            name: row.job_name,
            data: row.payload,
            opts: { jobId: row.job_id ?? row.id },
          })),
        );
      }
      if (rows.length) {
        await manager.query('UPDATE outbox_message SET dispatched_at = now() WHERE id = ANY($1)', [
          rows.map((row) => row.id),
        ]);
      }
      return rows.length;
    });
  }

  private schedule(delay: number) {
    if (this.stopped) return;
    this.timer = setTimeout(() => void this.tick(), delay);
  }

  private async tick() {
    let relayed = 0;
    try {
      relayed = await this.relayOnce();
      if (this.failing) this.logger.log('Outbox relay recovered');
      this.failing = false;
    } catch (error) {
      if (!this.failing)
        this.logger.warn(`Outbox relay failed, retrying: ${(error as Error).message}`);
      this.failing = true;
    }
    this.schedule(relayed === BATCH_SIZE ? 0 : POLL_INTERVAL_MS);
  }

  onApplicationShutdown() {
    this.stopped = true;
    clearTimeout(this.timer);
  }
}
