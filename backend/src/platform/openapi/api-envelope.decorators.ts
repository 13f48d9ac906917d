import { applyDecorators, type Type } from '@nestjs/common';
import { ApiExtraModels, ApiResponse, getSchemaPath } from '@nestjs/swagger';
import type {
  ReferenceObject,
  SchemaObject,
} from '@nestjs/swagger/dist/interfaces/open-api-spec.interface';

const ERROR_ENVELOPE_SCHEMA: SchemaObject = {
  type: 'object',
  required: ['status', 'error'],
  properties: {
    status: { type: 'string', enum: ['error'] },
    error: {
      type: 'object',
      required: ['code', 'message'],
      properties: {
        code: { type: 'string', example: 'VALIDATION_FAILED' },
        message: { type: 'string' },
        details: {},
      },
    },
  },
};

const FAILURE_DESCRIPTIONS: Record<number, string> = {
  400: 'Invalid input',
  401: 'Not logged in',
  403: 'Not allowed (or missing/wrong csrf_token)',
  404: 'Not found',
  409: 'Conflict',
  413: 'Too large',
  415: 'Unsupported media type',
  429: 'Rate limited (see Retry-After)',
  503: 'A dependency is down',
};

type DataShape = Type<unknown> | [Type<unknown>] | 'boolean' | 'string' | 'number' | 'null';

function dataSchema(shape: DataShape): SchemaObject | ReferenceObject {
  if (Array.isArray(shape)) return { type: 'array', items: { $ref: getSchemaPath(shape[0]) } };
  if (typeof shape === 'string')
    return shape === 'null' ? { type: 'null' as SchemaObject['type'] } : { type: shape };
  return { $ref: getSchemaPath(shape) };
}

/** Documents the success envelope `{status:'success', data}` around the handler's data type. */
export function ApiSuccess(
  shape: DataShape,
  options: { status?: number; responders?: Type<unknown> } = {},
) {
  const models = [shape, options.responders]
    .flat()
    .filter((item): item is Type<unknown> => typeof item === 'function');
  const properties: Record<string, SchemaObject | ReferenceObject> = {
    status: { type: 'string', enum: ['success'] },
    data: dataSchema(shape),
  };
  const required = ['status', 'data'];
  if (options.responders) {
    properties.responders = { type: 'array', items: { $ref: getSchemaPath(options.responders) } };
    required.push('responders');
  }
  return applyDecorators(
    ApiExtraModels(...models),
    ApiResponse({
      status: options.status ?? 200,
      description: 'Success',
      schema: { type: 'object', required, properties },
    }),
  );
}

/** Documents the failure envelope for the given statuses. */
export function ApiFailures(...statuses: number[]) {
  return applyDecorators(
    ...statuses.map((status) =>
      ApiResponse({
        status,
        description: FAILURE_DESCRIPTIONS[status] ?? 'Failure',
        schema: ERROR_ENVELOPE_SCHEMA,
      }),
    ),
  );
}
