import multipart from '@fastify/multipart';
import { applyDecorators } from '@nestjs/common';
import { type NestFastifyApplication, RouteConfig } from '@nestjs/platform-fastify';
import { ApiBody, ApiConsumes } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../http/app-error';
import { containsNul } from '../http/nul-guard';
import { PlatformErrors } from '../http/platform.errors';
import { ApiFailures } from '../openapi/api-envelope.decorators';
import { UploadErrors } from './images.errors';

/** Multipart limits for every upload route. */
export const UPLOAD_LIMITS = {
  fileBytes: 10 * 1024 * 1024,
  files: 10,
  fields: 20,
  fieldBytes: 16 * 1024,
  fieldNameBytes: 100,
  parts: 40,
  headerPairs: 100,
} as const;

const UPLOAD_ROUTE = 'plantfolkUpload';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Set by AcceptsUpload: this route takes a multipart upload. */
    plantfolkUpload?: { field: string; maxFiles: number };
  }
}

export interface UploadRouteOptions {
  /** The form field carrying the file(s); default `file`. */
  field?: string;
  /** How many files the field may carry; default 1. */
  maxFiles?: number;
}

export interface UploadedFile {
  field: string;
  /** As the client named it; never trusted for anything (the bytes decide the type). */
  filename: string;
  /** As the client declared it; never trusted either. */
  declaredType: string;
  bytes: Buffer;
}

export interface UploadedForm {
  files: UploadedFile[];
  /** The text fields sent with the files (each at most once, at most 16 KiB). */
  fields: Record<string, string>;
}

function normalizeOptions(options: UploadRouteOptions): Required<UploadRouteOptions> {
  const field = options.field ?? 'file';
  const maxFiles = options.maxFiles ?? 1;
  if (!/^[A-Za-z_][A-Za-z0-9_]{0,63}$/.test(field)) throw new Error(`Bad upload field "${field}"`);
  if (!Number.isInteger(maxFiles) || maxFiles < 1 || maxFiles > UPLOAD_LIMITS.files)
    throw new Error(`maxFiles must be 1 to ${UPLOAD_LIMITS.files}`);
  return { field, maxFiles };
}

/**
 * Marks a handler as taking a multipart upload (only such handlers accept multipart bodies;
 * every other route answers them with 415) and documents the form in OpenAPI. The handler reads
 * the files with `readUploads(request)` / `readUpload(request)`, after the guards have run.
 */
export function AcceptsUpload(options: UploadRouteOptions = {}) {
  const { field, maxFiles } = normalizeOptions(options);
  const binary = { type: 'string', format: 'binary' };
  return applyDecorators(
    RouteConfig({ [UPLOAD_ROUTE]: { field, maxFiles } }),
    ApiConsumes('multipart/form-data'),
    ApiBody({
      schema: {
        type: 'object',
        required: [field],
        properties: {
          [field]: maxFiles > 1 ? { type: 'array', items: binary, maxItems: maxFiles } : binary,
        },
      },
    }),
    ApiFailures(413, 415),
  );
}

function uploadRouteOptions(request: FastifyRequest): Required<UploadRouteOptions> | undefined {
  return request.routeOptions?.config?.plantfolkUpload;
}

/** Registers @fastify/multipart with our limits; called once from configureHttp. */
export async function registerMultipart(app: NestFastifyApplication): Promise<void> {
  await app.register(multipart, {
    throwFileSizeLimit: true,
    limits: {
      fileSize: UPLOAD_LIMITS.fileBytes,
      files: UPLOAD_LIMITS.files,
      fields: UPLOAD_LIMITS.fields,
      fieldSize: UPLOAD_LIMITS.fieldBytes,
      fieldNameSize: UPLOAD_LIMITS.fieldNameBytes,
      parts: UPLOAD_LIMITS.parts,
      headerPairs: UPLOAD_LIMITS.headerPairs,
    },
  });
  // The plugin accepts multipart bodies everywhere; JSON routes keep refusing them, as before.
  app
    .getHttpAdapter()
    .getInstance()
    // `done` rather than a promise: an async hook costs every request a microtask turn.
    .addHook('preValidation', (request, _reply, done) => {
      if (request.isMultipart() && !uploadRouteOptions(request))
        done(PlatformErrors.UNSUPPORTED_MEDIA_TYPE());
      else done();
    });
}

const MEGABYTES = UPLOAD_LIMITS.fileBytes / (1024 * 1024);

function fieldProblem(field: string, message: string): AppError {
  return PlatformErrors.VALIDATION_FAILED([{ field, messages: [message] }]);
}

/** Maps the multipart plugin's and busboy's failures to our errors. */
function uploadError(error: unknown, maxFiles: number): AppError {
  if (error instanceof AppError) return error;
  const code = (error as { code?: unknown } | null)?.code;
  switch (code) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return UploadErrors.PAYLOAD_TOO_LARGE({ megabytes: MEGABYTES });
    case 'FST_FILES_LIMIT':
      return UploadErrors.TOO_MANY_FILES({ count: maxFiles });
    case 'FST_PARTS_LIMIT':
    case 'FST_FIELDS_LIMIT':
      return PlatformErrors.PAYLOAD_TOO_LARGE();
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return UploadErrors.UNSUPPORTED_MEDIA_TYPE();
    default:
      // Broken multipart framing (no boundary, cut-off body, prototype field names …).
      return PlatformErrors.MALFORMED_BODY();
  }
}

/**
 * Reads a multipart upload into memory: the files of the route's field (see AcceptsUpload, or
 * `options`) and the text fields. 415 when the request is not multipart; 413 PAYLOAD_TOO_LARGE
 * when a file is over 10 MB (a truncated file is never returned); 413 TOO_MANY_FILES; 400
 * VALIDATION_FAILED when the field has no file or a file comes in another field.
 */
export async function readUploads(
  request: FastifyRequest,
  options?: UploadRouteOptions,
): Promise<UploadedForm> {
  const { field, maxFiles } = normalizeOptions(options ?? uploadRouteOptions(request) ?? {});
  if (typeof request.isMultipart !== 'function' || !request.isMultipart())
    throw UploadErrors.UNSUPPORTED_MEDIA_TYPE();

  const files: UploadedFile[] = [];
  const fields: Record<string, string> = {};
  try {
    for await (const part of request.parts({ limits: { files: maxFiles } })) {
      if (part.type === 'file') {
        const bytes = await part.toBuffer();
        // toBuffer throws when the size limit cut the file; this is a second, explicit check.
        if (part.file.truncated) throw UploadErrors.PAYLOAD_TOO_LARGE({ megabytes: MEGABYTES });
        // A browser sends an empty part for a file input left empty: that is "no file".
        if (!part.filename && bytes.length === 0) continue;
        if (part.fieldname !== field)
          throw fieldProblem(part.fieldname, `${part.fieldname} is not a file field here`);
        files.push({
          field: part.fieldname,
          filename: part.filename,
          declaredType: part.mimetype,
          bytes,
        });
      } else {
        if (part.fieldnameTruncated || part.valueTruncated)
          throw fieldProblem(part.fieldname, `${part.fieldname} is too long`);
        if (part.fieldname === field)
          throw fieldProblem(field, `${field} must be a file, not text`);
        if (Object.hasOwn(fields, part.fieldname))
          throw fieldProblem(part.fieldname, `${part.fieldname} may be given only once`);
        // Form fields are read here, after the request-wide NUL check (see nul-guard.ts).
        if (containsNul(part.fieldname) || containsNul(String(part.value)))
          throw fieldProblem(
            part.fieldname,
            `${part.fieldname} must not contain a NUL character (U+0000)`,
          );
        fields[part.fieldname] = String(part.value);
      }
    }
  } catch (error) {
    throw uploadError(error, maxFiles);
  }
  if (!files.length) throw fieldProblem(field, `${field} is required: attach an image file`);
  return { files, fields };
}

/** Reads an upload of exactly one file (see readUploads). */
export async function readUpload(
  request: FastifyRequest,
  options?: UploadRouteOptions,
): Promise<UploadedFile & { fields: Record<string, string> }> {
  const route = uploadRouteOptions(request) ?? {};
  const { files, fields } = await readUploads(request, { ...route, ...options, maxFiles: 1 });
  return { ...files[0], fields };
}
