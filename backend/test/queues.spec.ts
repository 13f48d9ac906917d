import { NestFactory } from '@nestjs/core';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import pino from 'pino';
import { SMTPServer } from 'smtp-server';
import { AppModule } from '../src/app.module';
import { AppConfig } from '../src/platform/config/app-config';
import { backendVersion } from '../src/platform/config/load-config';
import { NestPinoLogger } from '../src/platform/logging/logger';
import { JobQueue } from '../src/platform/queues/job-queue.service';
import { OutboxRelay } from '../src/platform/queues/outbox-relay.service';
import { StorageService } from '../src/platform/storage/storage.service';
import { MailService } from '../src/platform/mail/mail.service';
import { mailTo, uniqueAddress } from './support/mailbox';
import { eventually, startTestApp, testEnv } from './support/test-app';

const PNG_BYTES = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c489',
  'hex',
);

describe('queues: outbox', () => {
  let t: Awaited<ReturnType<typeof startTestApp>>;
  beforeAll(async () => (t = await startTestApp({ env: { WORKERS: 'inline' } })));
  afterAll(() => t.close());

  async function storedImage(): Promise<{ ref: string; path: string }> {
    const ref = `tests/aa/${Math.random().toString(36).slice(2)}.png`;
    await t.app.get(StorageService).put(ref, PNG_BYTES);
    const path = join(t.storageDir, 'images', ref);
    expect(existsSync(path)).toBe(true);
    return { ref, path };
  }

  it('runs a job written in a committed transaction', async () => {
    const { ref, path } = await storedImage();
    await t.dataSource.transaction((manager) =>
      t.app.get(StorageService).scheduleRemoval([ref], manager),
    );
    await eventually(async () => expect(existsSync(path)).toBe(false));
    const [{ count }] = await t.dataSource.query(
      'SELECT count(*)::int AS count FROM outbox_message WHERE dispatched_at IS NULL',
    );
    expect(count).toBe(0);
  });

  it('never runs a job whose transaction rolled back', async () => {
    const { path, ref } = await storedImage();
    await expect(
      t.dataSource.transaction(async (manager) => {
        await t.app.get(StorageService).scheduleRemoval([ref], manager);
        throw new Error('the change failed halfway');
      }),
    ).rejects.toThrow('the change failed halfway');
    expect(await t.app.get(OutboxRelay).relayOnce()).toBe(0);
    const [{ count }] = await t.dataSource.query(
      "SELECT count(*)::int AS count FROM outbox_message WHERE payload->'refs' ? $1",
      [ref],
    );
    expect(count).toBe(0);
    expect(existsSync(path)).toBe(true);
  });

  it('refuses to write to the outbox outside a transaction', async () => {
    await expect(
      t.app.get(StorageService).scheduleRemoval(['tests/aa/x.png'], t.dataSource.manager),
    ).rejects.toThrow('must run inside a transaction');
  });
});

describe('queues: retries with backoff', () => {
  let smtp: SMTPServer;
  let t: Awaited<ReturnType<typeof startTestApp>>;
  const delivered: string[] = [];
  let refusals = 0;

  beforeAll(async () => {
    // A real SMTP server that refuses the first delivery with a temporary failure.
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData(stream, session, callback) {
        stream.resume();
        stream.on('end', () => {
          if (refusals === 0) {
            refusals += 1;
            const error = Object.assign(new Error('Try again later'), { responseCode: 451 });
            return callback(error);
          }
          delivered.push(session.envelope.rcptTo.map((rcpt) => rcpt.address).join(','));
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    const { port } = smtp.server.address() as { port: number };
    t = await startTestApp({ env: { WORKERS: 'inline', SMTP_URL: `smtp://127.0.0.1:${port}` } });
  });
  afterAll(async () => {
    await t.close();
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
  });

  it('retries a failed e-mail with exponential backoff until it is delivered', async () => {
    const to = uniqueAddress();
    await t.app
      .get(MailService)
      .queue(to, { subject: 'Retry me', heading: 'Hello', paragraphs: ['Once more.'] });
    await eventually(async () => expect(delivered).toEqual([to]), 20_000, 200);
    expect(refusals).toBe(1);
    // The SMTP server has the message a moment before BullMQ records the job as completed.
    const job = await eventually(async () => {
      const [completed] = await t.app.get(JobQueue).queue('email').getJobs(['completed']);
      expect(completed).toBeDefined();
      return completed;
    });
    expect(await job.getState()).toBe('completed');
    expect(job.attemptsMade).toBe(2);
    expect(job.opts.backoff).toEqual({ type: 'exponential', delay: 5000 });
  }, 30_000);
});

describe('queues: the worker process', () => {
  it('consumes jobs queued by an API that runs no workers', async () => {
    const api = await startTestApp({ env: { WORKERS: 'off' } });
    const to = uniqueAddress('worker');
    let worker: Awaited<ReturnType<typeof NestFactory.createApplicationContext>> | undefined;
    try {
      await api.app
        .get(MailService)
        .queue(to, { subject: 'From the worker', heading: 'Hi', paragraphs: ['x'] });
      expect(await api.app.get(JobQueue).queue('email').getWaitingCount()).toBe(1);

      const workerConfig = AppConfig.fromEnv(
        testEnv({
          DATABASE_URL: api.databaseUrl,
          REDIS_PREFIX: api.config.redisPrefix,
          SMTP_URL: process.env.TEST_SMTP_URL as string,
          STORAGE_DIR: api.storageDir,
        }),
        backendVersion(),
      );
      worker = await NestFactory.createApplicationContext(
        AppModule.forRoot(workerConfig, 'worker'),
        {
          logger: new NestPinoLogger(pino({ level: 'silent' })),
        },
      );
      const [mail] = await eventually(async () => {
        const messages = await mailTo(to);
        expect(messages).toHaveLength(1);
        return messages;
      });
      expect(mail.subject).toBe('From the worker');
    } finally {
      await worker?.close();
      await api.close();
    }
  });
});
