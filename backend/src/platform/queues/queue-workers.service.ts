import {
  Inject,
  Injectable,
  Logger,
  Optional,
  type BeforeApplicationShutdown,
  type OnApplicationBootstrap,
} from '@nestjs/common';
import { DiscoveryService, Reflector } from '@nestjs/core';
import { type Job, Worker } from 'bullmq';
import { AppConfig } from '../config/app-config';
import { Metrics } from '../metrics/metrics.service';
import { RedisService } from '../redis/redis.service';
import {
  JOB_PROCESSOR,
  type JobHandler,
  type JobProcessorMeta,
  type JobSchedule,
} from './job-processor.decorator';
import {
  JobDeclaration,
  PLATFORM_JOBS,
  QUEUE_NAMES,
  QUEUE_SETTINGS,
  type QueueName,
} from './job-registry';
import { bullPrefix } from './job-queue.service';
import { PROCESS_ROLE, type ProcessRole } from './process-role';

type Handlers = Map<string, JobHandler<unknown>>;

/** A job that a processor asks to run on a timer. */
export interface RecurringJob extends JobSchedule {
  queue: QueueName;
  name: string;
}

interface Wiring {
  handlers: Map<QueueName, Handlers>;
  recurring: RecurringJob[];
}

/**
 * Finds the processor of every declared job at boot (refusing to start when one is missing or
 * doubled) and, in the worker process or with WORKERS=inline, consumes the queues.
 */
@Injectable()
export class QueueWorkers implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger('Queues');
  private readonly workers: Worker[] = [];
  private wiring: Wiring | undefined;

  constructor(
    private readonly discovery: DiscoveryService,
    private readonly reflector: Reflector,
    private readonly redis: RedisService,
    private readonly config: AppConfig,
    @Inject(PROCESS_ROLE) private readonly role: ProcessRole,
    // Optional: an app without the metrics module (a test's) still runs its queues.
    @Optional() private readonly metrics?: Metrics,
  ) {}

  get running(): boolean {
    return this.role === 'worker' || this.config.workers === 'inline';
  }

  /** The processors' timers (e.g. hourly housekeeping), as their @JobProcessor declares them. */
  recurringJobs(): RecurringJob[] {
    return this.wire().recurring;
  }

  async onApplicationBootstrap() {
    const { handlers: byQueue } = this.wire();
    if (!this.running) return;
    for (const queue of QUEUE_NAMES) {
      const handlers = byQueue.get(queue);
      if (handlers?.size) this.workers.push(this.startWorker(queue, handlers));
    }
    this.logger.log(`Consuming queues: ${this.workers.map((worker) => worker.name).join(', ')}`);
  }

  private wire(): Wiring {
    this.wiring ??= this.collect();
    return this.wiring;
  }

  private collect(): Wiring {
    const found = new Map<QueueName, Handlers>(QUEUE_NAMES.map((queue) => [queue, new Map()]));
    const recurring: RecurringJob[] = [];
    const declarations = new Set<JobDeclaration>([PLATFORM_JOBS]);
    const problems: string[] = [];
    for (const wrapper of this.discovery.getProviders()) {
      if (wrapper.instance instanceof JobDeclaration) declarations.add(wrapper.instance);
      if (!wrapper.metatype || !wrapper.instance) continue;
      const meta = this.reflector.get<JobProcessorMeta | undefined>(
        JOB_PROCESSOR,
        wrapper.metatype,
      );
      if (!meta) continue;
      const handlers = found.get(meta.queue);
      if (!handlers)
        problems.push(`${wrapper.metatype.name} processes unknown queue "${meta.queue}"`);
      else if (handlers.has(meta.name))
        problems.push(`job "${meta.queue}/${meta.name}" has two processors`);
      else {
        handlers.set(meta.name, wrapper.instance as JobHandler<unknown>);
        if (meta.schedule) recurring.push({ queue: meta.queue, name: meta.name, ...meta.schedule });
      }
    }
    const declared = new Map<string, string>();
    for (const declaration of declarations) {
      for (const { queue, name } of declaration.list()) {
        const key = `${queue}/${name}`;
        const other = declared.get(key);
        if (other)
          problems.push(`job "${key}" is declared by both ${other} and ${declaration.owner}`);
        declared.set(key, declaration.owner);
      }
    }
    for (const key of declared.keys()) {
      const [queue, name] = key.split('/') as [QueueName, string];
      if (!found.get(queue)?.has(name)) problems.push(`job "${key}" has no processor`);
    }
    for (const [queue, handlers] of found) {
      for (const name of handlers.keys()) {
        if (!declared.has(`${queue}/${name}`))
          problems.push(`job "${queue}/${name}" is not declared in the job registry`);
      }
    }
    if (problems.length)
      throw new Error(
        `Refusing to start: queue jobs are not wired.\n  - ${problems.join('\n  - ')}`,
      );
    return { handlers: found, recurring };
  }

  private startWorker(queue: QueueName, handlers: Handlers): Worker {
    const worker = new Worker(
      queue,
      async (job: Job) => {
        const handler = handlers.get(job.name);
        if (!handler) throw new Error(`No processor for job "${queue}/${job.name}"`);
        await handler.handle(job.data, job);
      },
      {
        connection: this.redis.connectForQueues('worker'),
        prefix: bullPrefix(this.redis.key()),
        concurrency: QUEUE_SETTINGS[queue].concurrency,
      },
    );
    const tell = (job: Job, hook: 'completed' | 'failed', final = false) => {
      const handler = handlers.get(job.name);
      if (!handler?.[hook]) return;
      void (async () => handler[hook]?.(job, final))().catch((error: unknown) =>
        this.logger.warn(`The ${hook} hook of ${queue}/${job.name} failed: ${String(error)}`),
      );
    };
    worker.on('completed', (job) => {
      this.metrics?.recordJob(queue, job, 'completed');
      tell(job, 'completed');
    });
    worker.on('failed', (job, error) => {
      const attempts = job?.opts.attempts ?? 1;
      const final = (job?.attemptsMade ?? attempts) >= attempts;
      this.metrics?.recordJob(queue, job, 'failed', final);
      if (job) tell(job, 'failed', final);
      this.logger[final ? 'error' : 'warn'](
        `Job ${queue}/${job?.name} (${job?.id}) failed${final ? ' for good' : ', will retry'}: ${error.message}`,
      );
    });
    worker.on('error', (error) => this.logger.warn(`Worker "${queue}" error: ${error.message}`));
    return worker;
  }

  async beforeApplicationShutdown() {
    // Let jobs in progress finish; their locks would otherwise expire and they would run twice.
    await Promise.all(this.workers.map((worker) => worker.close()));
  }
}
