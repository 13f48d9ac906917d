import 'reflect-metadata';
import { setPriority } from 'node:os';
import { NestFactory } from '@nestjs/core';
import { AppModule } from './app.module';
import { loadConfigOrExit } from './platform/config/load-config';
import { createLogger, NestPinoLogger } from './platform/logging/logger';

/**
 * The worker's CPU niceness. Its jobs are background work (rendering photos above all) that may
 * share cores with an API process; at 10 the kernel gives the API about nine tenths of a
 * contended core, so an upload backlog keeps every core busy without slowing the API's answers.
 * Set first thing: threads started later (libuv's pool, libvips') inherit it.
 */
const WORKER_NICENESS = 10;

/** The worker process: consumes the BullMQ queues and relays the outbox. No HTTP. */
async function main() {
  setPriority(WORKER_NICENESS);
  const config = loadConfigOrExit();
  const logger = createLogger(config.logLevel).child({ role: 'worker' });
  const app = await NestFactory.createApplicationContext(AppModule.forRoot(config, 'worker'), {
    logger: new NestPinoLogger(logger),
    abortOnError: false,
  });
  app.enableShutdownHooks();
  logger.info('Plantfolk worker running');
}

main().catch((error) => {
  console.error(
    'Plantfolk worker failed to start:',
    error instanceof Error ? error.message : error,
  );
  process.exit(1);
});
