import { ValidationPipe, type ValidationError } from '@nestjs/common';
import { getMetadataStorage } from 'class-validator';
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

type MetadataStorage = ReturnType<typeof getMetadataStorage>;
type TargetMetadatas = ReturnType<MetadataStorage['getTargetValidationMetadatas']>;
const MEMOIZED = Symbol('plantfolk.memoizedTargetValidationMetadatas');

/**
 * class-validator looks up a class's rules on every validation, and the lookup walks every class
 * that has rules (an `instanceof` per DTO class of the app, for inherited rules), twice per body
 * (Nest's pipe looks once more for binary values): with the app's hundreds of DTOs, more than a
 * tenth of a small write's validation. The rules of a class are fixed once its decorators have
 * run, so the answer is kept per class and options, frozen (no caller changes it), and forgotten
 * whenever a rule is added (a class defined later), so it is always the answer the walk gives.
 */
export function memoizeValidationMetadata(storage: MetadataStorage = getMetadataStorage()): void {
  const target = storage as MetadataStorage & { [MEMOIZED]?: true };
  if (target[MEMOIZED]) return;
  target[MEMOIZED] = true;
  const lookUp = storage.getTargetValidationMetadatas.bind(storage);
  const addRule = storage.addValidationMetadata.bind(storage);
  let known = new WeakMap<object, Map<string, TargetMetadatas>>();
  storage.addValidationMetadata = (metadata) => {
    known = new WeakMap();
    addRule(metadata);
  };
  storage.getTargetValidationMetadatas = (
    targetConstructor,
    targetSchema,
    always,
    strictGroups,
    groups,
  ) => {
    if (typeof targetConstructor !== 'function')
      return lookUp(targetConstructor, targetSchema, always, strictGroups, groups);
    const key = JSON.stringify([targetSchema ?? null, always, strictGroups, groups ?? null]);
    let byOptions = known.get(targetConstructor);
    if (!byOptions) known.set(targetConstructor, (byOptions = new Map()));
    let found = byOptions.get(key);
    if (!found) {
      found = Object.freeze(
        lookUp(targetConstructor, targetSchema, always, strictGroups, groups),
      ) as TargetMetadatas;
      byOptions.set(key, found);
    }
    return found;
  };
}

/**
 * DTOs are validated strictly: unknown fields are refused (not silently dropped), so a client
 * learns about a typo instead of losing data, and a field given an array or object where a string
 * is declared fails validation.
 */
export function createValidationPipe(): ValidationPipe {
  memoizeValidationMetadata();
  return new ValidationPipe({
    whitelist: true,
    forbidNonWhitelisted: true,
    transform: true,
    transformOptions: { enableImplicitConversion: false },
    validationError: { target: false, value: false },
    exceptionFactory: (errors) => PlatformErrors.VALIDATION_FAILED(flatten(errors)),
  });
}
