import 'reflect-metadata';
import { createApp } from './app.factory';
import { loadConfigOrExit } from './platform/config/load-config';

async function main() {
  const config = loadConfigOrExit();
  const app = await createApp(config);
  app.enableShutdownHooks();
  await app.listen({ port: config.port, host: config.host });
  app
    .getHttpAdapter()
    .getInstance()
    .log.info(
      { port: config.port, workers: config.workers },
      `Plantfolk API listening on ${config.host}:${config.port}`,
    );
}

main().catch((error) => {
  console.error('Plantfolk API failed to start:', error instanceof Error ? error.message : error);
  process.exit(1);
});
