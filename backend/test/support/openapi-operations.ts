import { randomUUID } from 'node:crypto';
import type { OpenAPIObject } from '@nestjs/swagger';
import { buildOpenApiDocument } from '../../src/platform/openapi/openapi-document';
import type { TestApp } from './test-app';

/** A JSON schema as the OpenAPI document writes it (only what the tests read). */
export interface Schema {
  $ref?: string;
  type?: string;
  format?: string;
  enum?: unknown[];
  items?: Schema;
  properties?: Record<string, Schema>;
  required?: string[];
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  maxItems?: number;
  nullable?: boolean;
  pattern?: string;
  example?: unknown;
  allOf?: Schema[];
}

export interface OperationParameter {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required?: boolean;
  schema?: Schema;
}

/** One operation of the API's OpenAPI document. */
export interface Operation {
  method: 'get' | 'post' | 'put' | 'patch' | 'delete';
  /** As the document writes it: `/api/iam/posts/{id}`. */
  path: string;
  policy: string;
  parameters: OperationParameter[];
  /** The JSON body's schema ($refs resolved lazily through `resolve`), when it takes one. */
  jsonBody?: Schema;
  /** The route takes a multipart upload. */
  upload: boolean;
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

/** Every operation of the document the running app serves (so a new route is covered at once). */
export function listOperations(t: TestApp): { operations: Operation[]; document: OpenAPIObject } {
  const document = buildOpenApiDocument(t.app, 'test');
  const operations: Operation[] = [];
  for (const [path, item] of Object.entries(document.paths)) {
    for (const method of METHODS) {
      const operation = (item as Record<string, unknown>)[method] as
        | {
            parameters?: OperationParameter[];
            requestBody?: { content?: Record<string, { schema?: Schema }> };
            'x-access-policy'?: string;
          }
        | undefined;
      if (!operation) continue;
      const content = operation.requestBody?.content ?? {};
      operations.push({
        method,
        path,
        policy: operation['x-access-policy'] ?? '',
        parameters: operation.parameters ?? [],
        jsonBody: content['application/json']?.schema,
        upload: Boolean(content['multipart/form-data']),
      });
    }
  }
  return { operations, document };
}

/** Follows `$ref`s (and single-entry allOf wrappers) into the document's component schemas. */
export function resolveSchema(document: OpenAPIObject, schema: Schema | undefined): Schema {
  let current = schema ?? {};
  for (let depth = 0; depth < 10; depth += 1) {
    if (current.$ref) {
      const name = current.$ref.replace('#/components/schemas/', '');
      current = (document.components?.schemas?.[name] as Schema | undefined) ?? {};
    } else if (current.allOf?.length === 1 && !current.properties) {
      current = current.allOf[0];
    } else break;
  }
  return current;
}

/** A plausible value for a path or query parameter, so that one bad value is what gets tested. */
export function plausibleParameter(name: string, callerId: string | null): string {
  if (name === 'uuid' || name === 'userId') return callerId ?? randomUUID();
  if (name === 'id' || name === 'postId' || name === 'a') return randomUUID();
  if (name === 'type') return 'available';
  if (name === 'name' || name === 'tag' || name === 'data') return 'ferns';
  if (name === 'x' || name === 'cursor' || name === 'cursorId') return '0';
  if (name === 'take' || name === 'c') return '5';
  if (name === 'parentsOnly') return 'false';
  if (name === '*' || name === 'path') return 'tests/aa/missing.png';
  return 'fern';
}

/** The operation's path with each `{param}` filled by `fill` (percent-encoded). */
export function concreteOperationPath(
  operation: Pick<Operation, 'path'>,
  fill: (name: string) => string,
): string {
  return operation.path.replace(/\{([^}]+)\}/g, (_, name: string) =>
    encodeURIComponent(fill(name)),
  );
}
