import type { INestApplication } from '@nestjs/common';
import { DocumentBuilder, type OpenAPIObject, SwaggerModule } from '@nestjs/swagger';

/** The OpenAPI document, generated from the controllers and DTOs. */
export function buildOpenApiDocument(app: INestApplication, version: string): OpenAPIObject {
  const config = new DocumentBuilder()
    .setTitle('Plantfolk API')
    .setDescription(
      'The API of Plantfolk. Every response is `{status:"success", data, responders?}` or ' +
        '`{status:"error", error:{code, message, details?}}`. Each operation names its access policy in ' +
        '`x-access-policy`. Mutations carry the session `csrf_token`.',
    )
    .setVersion(version)
    .addBearerAuth()
    .build();
  return SwaggerModule.createDocument(app, config, {
    operationIdFactory: (controller, method) =>
      `${controller.replace(/Controller$/, '')}_${method}`,
  });
}

/** Stable text for the committed copy: a regenerated document differs only when the API does. */
export function serializeOpenApiDocument(document: OpenAPIObject): string {
  return `${JSON.stringify(document, null, 2)}\n`;
}
