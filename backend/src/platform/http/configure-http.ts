import cookie from '@fastify/cookie';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { SwaggerModule } from '@nestjs/swagger';
import { AppConfig } from '../config/app-config';
import { registerMultipart } from '../images/uploads';
import { buildOpenApiDocument } from '../openapi/openapi-document';
import { mountMetrics, registerHttpMetrics } from '../metrics/metrics-endpoint';
import { Metrics } from '../metrics/metrics.service';
import { mountQueueDashboard } from '../queues/queue-dashboard';
import { AllExceptionsFilter } from './all-exceptions.filter';
import { registerCacheHeaders } from './cache-headers';
import { registerNulGuard } from './nul-guard';
import { registerResponseHeaders } from './response-headers';
import { helmetOptions, securityHeaders } from './security-headers';
import { createValidationPipe } from './validation';

const ALLOWED_HEADERS = [
  'content-type',
  'authorization',
  'client-platform',
  'x-csrf-token',
  'x-request-id',
];

/**
 * Everything HTTP-wide: headers, CORS, errors, validation, docs, the queue dashboard, metrics. (The success
 * envelope is the adapter's: see EnvelopeFastifyAdapter.)
 */
export async function configureHttp(app: NestFastifyApplication, config: AppConfig): Promise<void> {
  const fastify = app.getHttpAdapter().getInstance();
  // Hooks that do not wait for anything take `done` rather than return a promise: a promise
  // costs every request a microtask turn per hook. The request id, helmet's headers and CORS
  // (preflights answered here) in one hook: see registerResponseHeaders.
  registerResponseHeaders(fastify, securityHeaders(helmetOptions(config.isProduction)), {
    origins: config.corsOrigins,
    methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
    allowedHeaders: ALLOWED_HEADERS,
    exposedHeaders: ['x-request-id', 'retry-after'],
    maxAgeSeconds: 600,
  });
  registerHttpMetrics(fastify, app.get(Metrics));

  // Cookies carry only the refresh token (httpOnly), the session hint beside it (no secret: it
  // only tells the page a session may exist) and the short-lived ops-dashboard pass.
  await app.register(cookie);
  // After the cookie plugin: its onSend hook is what writes Set-Cookie, and this one reads it.
  registerCacheHeaders(fastify);

  // Uploads (avatars, post and plant photos): 10 MB per file, only on routes marked AcceptsUpload.
  await registerMultipart(app);
  registerNulGuard(fastify);

  app.useGlobalPipes(createValidationPipe());
  app.useGlobalFilters(new AllExceptionsFilter());

  SwaggerModule.setup('api/docs', app, () => buildOpenApiDocument(app, config.version), {
    jsonDocumentUrl: 'api/docs-json',
    customSiteTitle: 'Plantfolk API',
  });
  await mountQueueDashboard(app);
  mountMetrics(app);
}
