import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { JobProcessor, type JobHandler } from './job-processor.decorator';
import type { NoPayload } from './job-registry';

/** Relayed outbox rows are kept a week for tracing, then removed. */
@Injectable()
@JobProcessor('cleanup', 'purge-outbox', { everyMs: 3600_000 })
export class PurgeOutboxJob implements JobHandler<NoPayload> {
  constructor(private readonly dataSource: DataSource) {}

  async handle(): Promise<void> {
    await this.dataSource.query(
      "DELETE FROM outbox_message WHERE dispatched_at IS NOT NULL AND dispatched_at < now() - interval '7 days'",
    );
  }
}
