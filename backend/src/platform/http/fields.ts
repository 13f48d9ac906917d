import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import {
  IsBoolean,
  IsIn,
  IsNumber,
  IsOptional,
  IsString,
  IsUUID,
  Matches,
  Max,
  MaxLength,
  Min,
  MinLength,
} from 'class-validator';

/**
 * Composite field decorators: validation and the OpenAPI description of a field in one line,
 * so DTOs read as a list of fields instead of decorator stacks.
 */
interface FieldOptions {
  optional?: boolean;
  description?: string;
  example?: unknown;
}

function document(
  type: 'string' | 'number' | 'boolean',
  options: FieldOptions,
  extra: Record<string, unknown> = {},
) {
  const describe = options.optional ? ApiPropertyOptional : ApiProperty;
  return describe({ type, description: options.description, example: options.example, ...extra });
}

function maybeOptional(options: FieldOptions) {
  return options.optional ? [IsOptional()] : [];
}

/** Spec section 5: local part of letters, digits and !#$%&'*+/=?^_`{|}~.- then @, then a dotted domain. */
export const EMAIL_PATTERN = /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~.-]+@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*$/;
/** Spec section 5: letters and spaces only (any script). */
export const LETTERS_AND_SPACES = /^[\p{L}][\p{L} ]*$/u;

export function TextField(
  options: FieldOptions & { min?: number; max: number; pattern?: RegExp; patternMessage?: string },
) {
  return applyDecorators(
    ...maybeOptional(options),
    IsString(),
    MinLength(options.min ?? 1),
    MaxLength(options.max),
    ...(options.pattern
      ? [
          Matches(
            options.pattern,
            options.patternMessage ? { message: options.patternMessage } : undefined,
          ),
        ]
      : []),
    document('string', options, {
      minLength: options.min ?? 1,
      maxLength: options.max,
      pattern: options.pattern?.source,
    }),
  );
}

export function EmailField(options: FieldOptions = {}) {
  return TextField({
    ...options,
    min: 3,
    max: 254,
    pattern: EMAIL_PATTERN,
    patternMessage: '$property must be a valid e-mail address',
    example: options.example ?? 'fern@example.com',
  });
}

export function PasswordField(options: FieldOptions = {}) {
  return TextField({
    ...options,
    min: 8,
    max: 256,
    description: options.description ?? '8 to 256 characters',
  });
}

export function PlaceNameField(options: FieldOptions = {}) {
  return TextField({
    ...options,
    max: 100,
    pattern: LETTERS_AND_SPACES,
    patternMessage: '$property may contain only letters and spaces',
  });
}

export function NumberField(options: FieldOptions & { min: number; max: number }) {
  return applyDecorators(
    ...maybeOptional(options),
    IsNumber({ allowNaN: false, allowInfinity: false }),
    Min(options.min),
    Max(options.max),
    document('number', options, { minimum: options.min, maximum: options.max }),
  );
}

export function BooleanField(options: FieldOptions = {}) {
  return applyDecorators(...maybeOptional(options), IsBoolean(), document('boolean', options));
}

export function EnumField(values: readonly string[], options: FieldOptions = {}) {
  return applyDecorators(
    ...maybeOptional(options),
    IsIn(values),
    document('string', options, { enum: values }),
  );
}

export function UuidField(options: FieldOptions = {}) {
  return applyDecorators(
    ...maybeOptional(options),
    IsUUID('4'),
    document('string', options, { format: 'uuid' }),
  );
}
