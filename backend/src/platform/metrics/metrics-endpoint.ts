import { createHash, timingSafeEqual } from 'node:crypto';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { CallerResolver } from '../access/caller-resolver';
import { AppConfig } from '../config/app-config';
import { errorEnvelope } from '../http/envelope';
import { JobQueue } from '../queues/job-queue.service';
import { Metrics } from './metrics.service';

export const METRICS_PATH = '/api/metrics';

const JOB_STATES = ['waiting', 'active', 'delayed', 'completed', 'failed', 'prioritized'] as const;

/** Route label for requests no route matched (their URLs are anyone's guess: never a label). */
const UNMATCHED = 'unmatched';

/** Times every response by its route template (`/api/iam/users/:uuid`, not the URL). */
export function registerHttpMetrics(fastify: FastifyInstance, metrics: Metrics): void {
  fastify.addHook('onResponse', (request, reply, done) => {
    metrics.httpDuration.observe(
      {
        method: request.method,
        route: request.routeOptions?.url ?? UNMATCHED,
        status_code: String(reply.statusCode),
      },
      reply.elapsedTime / 1000,
    );
    done();
  });
}

/** Compares in constant time (hashes first, so lengths do not leak either). */
function sameSecret(presented: string, expected: string): boolean {
  const a = createHash('sha256').update(presented).digest();
  const b = createHash('sha256').update(expected).digest();
  return timingSafeEqual(a, b);
}

/**
 * GET /api/metrics in the Prometheus text format: for a scraper with `Authorization: Bearer
 * <METRICS_TOKEN>`, or an admin's or operator's session. Mounted on Fastify, not as a controller:
 * the scraper's bearer is not a session token, which the access guard would refuse.
 */
export function mountMetrics(app: NestFastifyApplication): void {
  const fastify = app.getHttpAdapter().getInstance();
  const metrics = app.get(Metrics);
  const config = app.get(AppConfig);
  const callers = app.get(CallerResolver);
  const jobs = app.get(JobQueue);

  async function refuse(request: FastifyRequest, reply: FastifyReply): Promise<boolean> {
    const header = request.headers.authorization;
    const bearer = header?.startsWith('Bearer ') ? header.slice('Bearer '.length) : null;
    if (bearer && config.metricsToken && sameSecret(bearer, config.metricsToken)) return false;
    const caller = await callers.resolve(request);
    if (caller.kind === 'user' && !caller.suspended && (caller.admin || caller.ops)) return false;
    const [status, code, message] =
      caller.kind === 'guest'
        ? ([401, 'UNAUTHENTICATED', 'Log in, or send the metrics token'] as const)
        : ([403, 'NOT_PERMITTED', 'The metrics are for admins and operators'] as const);
    await reply
      .status(status)
      .header('cache-control', 'no-store')
      .send(errorEnvelope(code, message));
    return true;
  }

  fastify.get(METRICS_PATH, async (request, reply) => {
    if (await refuse(request, reply)) return reply;
    const counts = await Promise.all(
      jobs
        .all()
        .map(async (queue) => [queue.name, await queue.getJobCounts(...JOB_STATES)] as const),
    );
    for (const [queue, byState] of counts)
      for (const state of JOB_STATES) metrics.queueDepth.set({ queue, state }, byState[state] ?? 0);
    return reply
      .header('content-type', metrics.registry.contentType)
      .header('cache-control', 'no-store')
      .send(await metrics.registry.metrics());
  });
}
