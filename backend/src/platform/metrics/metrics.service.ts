import { Injectable } from '@nestjs/common';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

/** Seconds: from a fast API call to a slow cleanup job. */
const HTTP_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
const JOB_BUCKETS = [0.01, 0.05, 0.1, 0.5, 1, 5, 15, 60, 300, 900];

/**
 * The process's Prometheus metrics (prom-client), one registry per app so tests that start several
 * apps in a process do not share counts. Labels are bounded: HTTP by route template (never the
 * raw URL, which carries ids), jobs by queue and job name.
 */
@Injectable()
export class Metrics {
  readonly registry = new Registry();

  readonly httpDuration = new Histogram({
    name: 'plantfolk_http_request_duration_seconds',
    help: 'HTTP request latency by route template, method and status',
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: HTTP_BUCKETS,
    registers: [this.registry],
  });

  readonly jobDuration = new Histogram({
    name: 'plantfolk_queue_job_duration_seconds',
    help: 'How long jobs took to process, by queue and job name (completed and failed attempts)',
    labelNames: ['queue', 'job', 'outcome'] as const,
    buckets: JOB_BUCKETS,
    registers: [this.registry],
  });

  readonly jobFailures = new Counter({
    name: 'plantfolk_queue_job_failures_total',
    help: 'Failed job attempts, by queue and job name (final: no retry left)',
    labelNames: ['queue', 'job', 'final'] as const,
    registers: [this.registry],
  });

  readonly queueDepth = new Gauge({
    name: 'plantfolk_queue_jobs',
    help: 'Jobs in each queue by state, read from Redis when scraped',
    labelNames: ['queue', 'state'] as const,
    registers: [this.registry],
  });

  constructor() {
    collectDefaultMetrics({ register: this.registry, prefix: 'plantfolk_' });
  }

  /** A finished job attempt (the worker's `completed` and `failed` events). */
  recordJob(
    queue: string,
    job: { name: string; processedOn?: number; finishedOn?: number } | undefined,
    outcome: 'completed' | 'failed',
    final = true,
  ): void {
    const name = job?.name ?? 'unknown';
    if (job?.processedOn && job.finishedOn)
      this.jobDuration.observe(
        { queue, job: name, outcome },
        Math.max(0, job.finishedOn - job.processedOn) / 1000,
      );
    if (outcome === 'failed') this.jobFailures.inc({ queue, job: name, final: String(final) });
  }
}
