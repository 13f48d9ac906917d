import type { DynamicModule, Type } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { Logger } from 'pino';
import { AppModule } from './app.module';
import { AppConfig } from './platform/config/app-config';
import { acceptFormPostsWhereMarked, acceptJsonBodiesOnly } from './platform/http/body-parsers';
import { configureHttp } from './platform/http/configure-http';
import { EnvelopeFastifyAdapter } from './platform/http/envelope-adapter';
import { answerFrameworkError } from './platform/http/framework-errors';
import { requestIdFor } from './platform/http/request-id';
import { recordServedRoutes } from './platform/http/served-routes';
import { lazyChildLogger } from './platform/logging/lazy-child-logger';
import { createLogger, NestPinoLogger } from './platform/logging/logger';
import { RequestLogController } from './platform/logging/request-log';

export interface CreateAppOptions {
  logger?: Logger;
  /** Build the module graph without connecting to anything (used to write the OpenAPI document). */
  preview?: boolean;
  /** Extra modules mounted next to the app (tests use it for probe controllers). */
  extraModules?: Array<Type<unknown> | DynamicModule>;
}

/** Builds the HTTP API exactly as production runs it; tests and scripts use this same function. */
export async function createApp(
  config: AppConfig,
  options: CreateAppOptions = {},
): Promise<NestFastifyApplication> {
  const logger = options.logger ?? createLogger(config.logLevel);
  const adapter = new EnvelopeFastifyAdapter({
    loggerInstance: logger,
    logController: new RequestLogController(logger),
    bodyLimit: config.bodyLimitBytes,
    trustProxy: config.trustProxy,
    genReqId: requestIdFor,
    // request.log made only when something logs through it (see lazyChildLogger).
    childLoggerFactory: lazyChildLogger,
    // Path parameters carry lists and cursors (20 tag names of up to 40 characters each, percent-
    // encoded); Fastify's default of 100 characters would answer 414.
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 8192 },
    frameworkErrors: answerFrameworkError,
  });
  recordServedRoutes(adapter.getInstance());
  acceptJsonBodiesOnly(adapter.getInstance());
  acceptFormPostsWhereMarked(adapter.getInstance());
  const root = AppModule.forRoot(config, 'api');
  if (options.extraModules?.length)
    root.imports = [...(root.imports ?? []), ...options.extraModules];
  const app = await NestFactory.create<NestFastifyApplication>(root, adapter, {
    logger: new NestPinoLogger(logger),
    abortOnError: false,
    // Nest would add a urlencoded body parser next to JSON; see acceptJsonBodiesOnly.
    bodyParser: false,
    preview: options.preview ?? false,
  });
  if (!options.preview) await configureHttp(app, config);
  return app;
}
