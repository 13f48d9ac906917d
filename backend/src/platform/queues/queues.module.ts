import { type DynamicModule, Global, Module } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import { TypeOrmModule } from '@nestjs/typeorm';
import { JobQueue } from './job-queue.service';
import { OutboxMessage } from './outbox-message.entity';
import { OutboxRelay } from './outbox-relay.service';
import { OutboxService } from './outbox.service';
import { PROCESS_ROLE, type ProcessRole } from './process-role';
import { PurgeOutboxJob } from './purge-outbox.job';
import { QueueWorkers } from './queue-workers.service';
import { RecurringJobs } from './recurring-jobs';

@Global()
@Module({})
export class QueuesModule {
  static forRoot(role: ProcessRole): DynamicModule {
    return {
      module: QueuesModule,
      imports: [DiscoveryModule, TypeOrmModule.forFeature([OutboxMessage])],
      providers: [
        { provide: PROCESS_ROLE, useValue: role },
        JobQueue,
        OutboxService,
        OutboxRelay,
        QueueWorkers,
        RecurringJobs,
        PurgeOutboxJob,
      ],
      exports: [JobQueue, OutboxService, PROCESS_ROLE],
    };
  }
}
