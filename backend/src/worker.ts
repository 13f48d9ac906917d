// First: puts this process in the background before anything starts a thread (see the module).
import './worker-priority';
import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { AppModule } from './app.module';
import { loadConfigOrExit } from './platform/config/load-config';
import { createLogger, NestPinoLogger } from './platform/logging/logger';

/** The worker process: consumes the BullMQ queues and relays the outbox. No HTTP. */
async function main() {
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
