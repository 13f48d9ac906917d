import { QueryFailedError } from 'typeorm';

/** The PostgreSQL error code of a failed query (e.g. 23505 unique, 23503 foreign key), if any. */
export function pgErrorCode(error: unknown): string | undefined {
  return error instanceof QueryFailedError
    ? (error.driverError as { code?: string } | undefined)?.code
    : undefined;
}

export const UNIQUE_VIOLATION = '23505';
export const FOREIGN_KEY_VIOLATION = '23503';

export function isUniqueViolation(error: unknown): boolean {
  return pgErrorCode(error) === UNIQUE_VIOLATION;
}
