import { ValidationPipe, type ValidationError } from '@nestjs/common';
import { PlatformErrors } from './platform.errors';

export interface FieldProblem {
  field: string;
  messages: string[];
}

function flatten(errors: ValidationError[], parent = ''): FieldProblem[] {
  return errors.flatMap((error) => {
    const field = parent ? `${parent}.${error.property}` : error.property;
    const own = error.constraints ? [{ field, messages: Object.values(error.constraints) }] : [];
    return [...own, ...flatten(error.children ?? [], field)];
  });
}

/**
 * DTOs are validated strictly: unknown fields are refused (not silently dropped), so a client
 * learns about a typo instead of losing data, and a field given an array or object where a string
 * is declared fails validation.
 */
export function createValidationPipe(): ValidationPipe {
  return new ValidationPipe({
    whitelist: true,
    forbidNonWhitelisted: true,
    transform: true,
    transformOptions: { enableImplicitConversion: false },
    validationError: { target: false, value: false },
    exceptionFactory: (errors) => PlatformErrors.VALIDATION_FAILED(flatten(errors)),
  });
}
