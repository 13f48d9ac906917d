import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import { type FieldProblem } from './validation';
import { PlatformErrors } from './platform.errors';

/** Most offending fields named in one answer; the rest would only repeat the message. */
const MAX_REPORTED = 10;

/** Whether the text holds U+0000, which PostgreSQL cannot store in text or jsonb. */
export function containsNul(text: string): boolean {
  return text.includes('\u0000');
}

function nulMessage(field: string): string {
  return `${field} must not contain a NUL character (U+0000)`;
}

/**
 * The paths of the strings (and object keys) in `value` that hold a NUL, e.g. `photos.0.alt_text`.
 * Iterative, so a deeply nested body cannot overflow the stack.
 */
export function fieldsWithNul(value: unknown, root = ''): string[] {
  const found: string[] = [];
  const pending: Array<[unknown, string]> = [[value, root]];
  while (pending.length && found.length < MAX_REPORTED) {
    const [current, path] = pending.pop() as [unknown, string];
    if (typeof current === 'string') {
      if (containsNul(current)) found.push(path || 'body');
    } else if (Array.isArray(current)) {
      current.forEach((item, index) =>
        pending.push([item, path ? `${path}.${index}` : `${index}`]),
      );
    } else if (current && typeof current === 'object') {
      for (const [key, item] of Object.entries(current)) {
        const field = path ? `${path}.${key}` : key;
        // The key is named as text a client can show: `\u0000` spelled out.
        if (containsNul(key)) found.push(field.replaceAll('\u0000', '\\u0000'));
        else pending.push([item, field]);
      }
    }
  }
  return found;
}

/** Throws VALIDATION_FAILED naming each field that holds a NUL; nothing else is judged here. */
export function refuseNul(...sources: unknown[]): void {
  // Every request passes through here, and almost none holds a NUL: nothing is gathered then.
  let found: string[] | undefined;
  for (const source of sources) {
    if (source === undefined || source === null) continue;
    const inSource = fieldsWithNul(source);
    if (inSource.length) (found ??= []).push(...inSource);
  }
  if (!found) return;
  const fields = [...new Set(found)];
  const details: FieldProblem[] = fields
    .slice(0, MAX_REPORTED)
    .map((field) => ({ field, messages: [nulMessage(field)] }));
  throw PlatformErrors.VALIDATION_FAILED(details);
}

/**
 * PostgreSQL refuses U+0000 in text and jsonb with an error, so a NUL that reached a query was a
 * 500 (in a path segment, a query string, a JSON string, deep inside a JSON body). No field of the
 * API has a use for it: every request is checked once, here, after the body is parsed and before
 * any guard or handler runs, and answered 400 VALIDATION_FAILED naming the field. Values decoded
 * later (cursors, upload form fields) are checked where they are decoded.
 */
export function registerNulGuard(fastify: FastifyInstance): void {
  fastify.addHook('preValidation', (request: FastifyRequest, _reply, done) => {
    try {
      refuseNul(request.params, request.query, request.body);
    } catch (error) {
      done(error as FastifyError);
      return;
    }
    done();
  });
}
