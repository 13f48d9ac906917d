import { Injectable } from '@nestjs/common';
import {
  collectDefaultMetrics,
  Counter,
  Gauge,
  Histogram,
  type HistogramConfiguration,
  type LabelValues,
  Registry,
} from 'prom-client';

/** Seconds: from a fast API call to a slow cleanup job. */
const HTTP_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
const JOB_BUCKETS = [0.01, 0.05, 0.1, 0.5, 1, 5, 15, 60, 300, 900];

type HttpLabel = 'method' | 'route' | 'status_code';

/** What prom-client keeps per label set of a histogram (its `hashMap` values), as observe() updates it. */
interface HistogramEntry {
  labels: Record<string, string | number>;
  bucketValues: Record<string, number>;
  sum: number;
  count: number;
}

/**
 * The HTTP latency histogram, observed once per request. prom-client's observe() checks every
 * label, sorts and joins them into its key and looks the bucket up, ~4 µs a request; `record`
 * finds the label set's entry by route, method and status (no key built) and updates it as
 * observe() does (sum, count, the first bucket whose bound holds the value). A label set's first request
 * goes through observe() itself, which makes the entry, and anything that replaces entries
 * (reset, remove, zero) forgets them here; should prom-client keep them differently, every
 * request takes observe(). The exposition is prom-client's own.
 */
export class HttpHistogram extends Histogram<HttpLabel> {
  /** Route → method → status code → entry: the values are the same strings every request. */
  private readonly entries = new Map<string, Map<string, Map<number, HistogramEntry>>>();
  /** The bounds prom-client buckets by (the configured list, as it uses it), and their keys. */
  private readonly bounds: readonly number[];
  private readonly boundKeys: readonly string[];

  constructor(config: HistogramConfiguration<HttpLabel> & { buckets: number[] }) {
    super(config);
    this.bounds = config.buckets;
    this.boundKeys = config.buckets.map(String);
  }

  record(method: string, route: string, statusCode: number, seconds: number): void {
    const entry = this.entries.get(route)?.get(method)?.get(statusCode);
    if (entry === undefined || !Number.isFinite(seconds)) {
      this.observeFirst(method, route, statusCode, seconds);
      return;
    }
    entry.sum += seconds;
    entry.count += 1;
    const bounds = this.bounds;
    for (let index = 0; index < bounds.length; index += 1) {
      if (seconds <= bounds[index]) {
        entry.bucketValues[this.boundKeys[index]] += 1;
        break;
      }
    }
  }

  /** prom-client's own observe(), keeping the entry it makes for the next requests. */
  private observeFirst(method: string, route: string, statusCode: number, seconds: number): void {
    const labels = { method, route, status_code: String(statusCode) };
    this.observe(labels, seconds);
    const made = this.entryOf(labels);
    if (!made) return;
    let byMethod = this.entries.get(route);
    if (!byMethod) this.entries.set(route, (byMethod = new Map()));
    let byStatus = byMethod.get(method);
    if (!byStatus) byMethod.set(method, (byStatus = new Map()));
    byStatus.set(statusCode, made);
  }

  override reset(): void {
    // prom-client's constructor resets before this class's fields exist.
    (this.entries as Map<string, unknown> | undefined)?.clear();
    super.reset();
  }

  override remove(...args: string[] | [LabelValues<HttpLabel>]): void {
    this.entries.clear();
    (super.remove as (...values: unknown[]) => void)(...args);
  }

  override zero(labels: LabelValues<HttpLabel>): void {
    this.entries.clear();
    super.zero(labels);
  }

  /** prom-client's entry for these labels, if it keeps one the way this class expects. */
  private entryOf(labels: Record<HttpLabel, string>): HistogramEntry | undefined {
    const map = (this as unknown as { hashMap?: Record<string, HistogramEntry> }).hashMap;
    if (!map) return undefined;
    return Object.values(map).find(
      (entry) =>
        entry.labels?.method === labels.method &&
        entry.labels.route === labels.route &&
        entry.labels.status_code === labels.status_code &&
        typeof entry.sum === 'number' &&
        typeof entry.count === 'number' &&
        this.bounds.every((bound) => typeof entry.bucketValues?.[bound] === 'number'),
    );
  }
}

/**
 * The process's Prometheus metrics (prom-client), one registry per app so tests that start several
 * apps in a process do not share counts. Labels are bounded: HTTP by route template (never the
 * raw URL, which carries ids), jobs by queue and job name.
 */
@Injectable()
export class Metrics {
  readonly registry = new Registry();

  readonly httpDuration = new HttpHistogram({
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
