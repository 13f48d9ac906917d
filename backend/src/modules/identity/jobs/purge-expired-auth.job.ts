import { Injectable, Logger } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { JobProcessor, type JobHandler } from '../../../platform/queues/job-processor.decorator';
import type { NoPayload } from '../../../platform/queues/job-registry';
import { deleteStaleEmailTokens } from '../email-tokens.queries';
import { deleteStalePhoneCodes } from '../phone-verification.queries';
import { SessionsService } from '../sessions.service';

/** Removes what can no longer be used: spent or expired link tokens and phone codes, ended sessions. */
@Injectable()
@JobProcessor('cleanup', 'purge-expired-auth', { everyMs: 6 * 3600_000 })
export class PurgeExpiredAuthJob implements JobHandler<NoPayload> {
  private readonly logger = new Logger('PurgeExpiredAuth');

  constructor(
    private readonly dataSource: DataSource,
    private readonly sessions: SessionsService,
  ) {}

  async handle(): Promise<void> {
    const tokens = await deleteStaleEmailTokens(this.dataSource);
    const codes = await deleteStalePhoneCodes(this.dataSource);
    const sessions = await this.sessions.purgeEnded();
    this.logger.log(
      `Purged ${tokens} link tokens, ${codes} phone codes and ${sessions} ended sessions`,
    );
  }
}
