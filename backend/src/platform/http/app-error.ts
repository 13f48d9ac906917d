/** A failure with a stable code and a message fit to show the user. One global filter maps it to HTTP. */
export class AppError extends Error {
  constructor(
    readonly code: string,
    readonly status: number,
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export interface ErrorDefinition {
  status: number;
  message: string;
}

type ErrorFactory<Def extends ErrorDefinition> =
  Def['message'] extends `${string}{${string}}${string}`
    ? (params: Record<string, string | number>, details?: unknown) => AppError
    : (details?: unknown) => AppError;

/**
 * Declares a module's error codes with their statuses and user-facing texts, e.g.
 * `export const StorageErrors = defineErrors({ IMAGE_NOT_FOUND: { status: 404, message: 'Image not found' } })`
 * then `throw StorageErrors.IMAGE_NOT_FOUND()`. `{name}` placeholders are filled from params.
 */
export function defineErrors<Defs extends Record<string, ErrorDefinition>>(
  definitions: Defs,
): { [Code in keyof Defs]: ErrorFactory<Defs[Code]> } {
  const factories: Record<string, unknown> = {};
  for (const [code, { status, message }] of Object.entries(definitions)) {
    factories[code] = message.includes('{')
      ? (params: Record<string, string | number>, details?: unknown) =>
          new AppError(
            code,
            status,
            message.replace(/\{(\w+)\}/g, (_, key) => String(params[key] ?? '')),
            details,
          )
      : (details?: unknown) => new AppError(code, status, message, details);
  }
  return factories as { [Code in keyof Defs]: ErrorFactory<Defs[Code]> };
}
