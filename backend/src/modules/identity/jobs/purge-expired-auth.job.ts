import { Injectable, Logger } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { JobProcessor, type JobHandler } from '../../../platform/queues/job-processor.decorator';
import type { PurgeExpiredAuthPayload } from '../../../platform/queues/job-registry';
import { SessionsService } from '../sessions.service';

/** Removes what can no longer be used: spent or expired link tokens and phone codes, ended sessions. */
@Injectable()
@JobProcessor('cleanup', 'purge-expired-auth')
export class PurgeExpiredAuthJob implements JobHandler<PurgeExpiredAuthPayload> {
  private readonly logger = new Logger('PurgeExpiredAuth');

  constructor(
    private readonly dataSource: DataSource,
    private readonly sessions: SessionsService,
  ) {}

  async handle(): Promise<void> {
    const [, tokens] = await this.dataSource.query(
      "DELETE FROM email_token WHERE expires_at < now() - interval '1 day' OR used_at < now() - interval '1 day'",
    );
    const [, codes] = await this.dataSource.query(
      "DELETE FROM phone_verification WHERE expires_at < now() - interval '1 day'",
    );
    const sessions = await this.sessions.purgeEnded();
    this.logger.log(
      `Purged ${tokens} link tokens, ${codes} phone codes and ${sessions} ended sessions`,
    );
  }
}
