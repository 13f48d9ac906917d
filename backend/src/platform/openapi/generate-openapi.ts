import { createApp } from '../../app.factory';
import { AppConfig } from '../config/app-config';
import { backendVersion } from '../config/load-config';
import { buildOpenApiDocument, serializeOpenApiDocument } from './openapi-document';

/**
 * Builds the OpenAPI document without connecting to anything (Nest preview mode), so it can be
 * generated and checked anywhere. Placeholder settings: the document does not depend on them.
 */
export async function generateOpenApiText(): Promise<string> {
  const config = AppConfig.fromEnv(
    {
      NODE_ENV: 'test',
      DATABASE_URL: 'postgres://openapi@localhost/openapi',
      REDIS_URL: 'redis://localhost:6379',
      SMTP_URL: 'smtp://localhost:25',
      JWT_SECRET: 'openapi-generation-needs-no-real-secret',
      LOG_LEVEL: 'silent',
    },
    backendVersion(),
  );
  const app = await createApp(config, { preview: true });
  try {
    return serializeOpenApiDocument(buildOpenApiDocument(app, config.version));
  } finally {
    await app.close();
  }
}
