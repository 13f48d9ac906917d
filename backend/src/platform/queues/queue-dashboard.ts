import { createBullBoard } from '@bull-board/api';
import { BullMQAdapter } from '@bull-board/api/bullMQAdapter';
import { FastifyAdapter as BullBoardFastifyAdapter } from '@bull-board/fastify';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { FastifyInstance } from 'fastify';
import { OpsAccess } from '../access/caller-resolver';
import { errorEnvelope } from '../http/envelope';
import { JobQueue } from './job-queue.service';

export const QUEUE_DASHBOARD_PATH = '/admin/queues';

/**
 * Mounts bull-board on the API's Fastify instance, open to whom OpsAccess admits (admins fully,
 * operators to look). Job data is shown as it is queued, which is why no job carries a secret
 * (see MailService.queue and the identity e-mail jobs).
 */
export async function mountQueueDashboard(app: NestFastifyApplication): Promise<void> {
  const jobs = app.get(JobQueue);
  const access = app.get(OpsAccess);
  const serverAdapter = new BullBoardFastifyAdapter();
  serverAdapter.setBasePath(QUEUE_DASHBOARD_PATH);
  createBullBoard({
    queues: jobs.all().map((queue) => new BullMQAdapter(queue)),
    serverAdapter,
    options: { uiConfig: { boardTitle: 'Plantfolk queues' } },
  });

  await app.register(
    async (scope: FastifyInstance) => {
      scope.addHook('onRequest', async (request, reply) => {
        const mode = await access.dashboardMode(request);
        if (!mode) {
          return reply
            .status(403)
            .header('cache-control', 'no-store')
            .send(
              errorEnvelope(
                'QUEUE_DASHBOARD_CLOSED',
                'The queue dashboard is open to admins and operators only',
              ),
            );
        }
        // Operators look only: bull-board's actions (retry, promote, clean, remove) are its
        // non-GET calls.
        if (mode === 'read-only' && !['GET', 'HEAD'].includes(request.method)) {
          return reply
            .status(403)
            .header('cache-control', 'no-store')
            .send(
              errorEnvelope('QUEUE_DASHBOARD_READ_ONLY', 'Operators may look at the queues only'),
            );
        }
      });
      await scope.register(serverAdapter.registerPlugin());
    },
    { prefix: QUEUE_DASHBOARD_PATH },
  );
}
