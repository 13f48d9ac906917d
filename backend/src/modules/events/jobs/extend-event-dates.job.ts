import { Injectable, Logger } from '@nestjs/common';
import { Sql } from '../../../platform/database/sql';
import { JobProcessor, type JobHandler } from '../../../platform/queues/job-processor.decorator';
import type { NoPayload } from '../../../platform/queues/job-registry';
import { repeatingEventIds } from '../events.queries';
import { EventsService } from '../events.service';

const BATCH = 200;

/**
 * Repeating events get their dates up to HORIZON_MONTHS ahead when made; as time goes by this job
 * makes the ones that came into the horizon (a date already there is left alone).
 */
@Injectable()
@JobProcessor('cleanup', 'extend-event-dates', { everyMs: 6 * 3600_000 })
export class ExtendEventDatesJob implements JobHandler<NoPayload> {
  private readonly logger = new Logger('ExtendEventDates');

  constructor(
    private readonly sql: Sql,
    private readonly events: EventsService,
  ) {}

  async handle(): Promise<void> {
    let after: string | null = null;
    let count = 0;
    for (;;) {
      const ids = await repeatingEventIds(this.sql, after, BATCH);
      for (const id of ids) await this.events.extendHorizon(id);
      count += ids.length;
      if (ids.length < BATCH) break;
      after = ids[ids.length - 1];
    }
    if (count) this.logger.log(`Checked the dates of ${count} repeating events`);
  }
}
