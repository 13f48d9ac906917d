import { applyDecorators, type Type as ClassType } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsBoolean,
  IsDefined,
  IsIn,
  IsNumber,
  IsOptional,
  IsString,
  IsUUID,
  Matches,
  Max,
  Min,
  ValidateBy,
  ValidateIf,
  ValidateNested,
} from 'class-validator';

/**
 * Composite field decorators: validation and the OpenAPI description of a field in one line,
 * so DTOs read as a list of fields instead of decorator stacks.
 */
export interface FieldOptions {
  /** The field may be left out. Given, it must be a value: null is refused unless `nullable`. */
  optional?: boolean;
  /**
   * The field may be null, and the service gives null a meaning (e.g. "null clears it"); the
   * OpenAPI document says so. Only for fields whose service handles null deliberately.
   */
  nullable?: boolean;
  description?: string;
  example?: unknown;
}

function document(
  type: 'string' | 'number' | 'boolean',
  options: FieldOptions,
  extra: Record<string, unknown> = {},
) {
  const describe = options.optional ? ApiPropertyOptional : ApiProperty;
  return describe({
    type,
    description: options.description,
    example: options.example,
    ...(options.nullable ? { nullable: true } : {}),
    ...extra,
  });
}

/**
 * Absent and null are different answers. class-validator's IsOptional skips a field that is
 * null as well as one that is absent, so a null reached services that took it as a value (a 500
 * when the column is NOT NULL). Here `optional` only lets the field be left out; `nullable` lets
 * it be null.
 */
export function presence(options: Pick<FieldOptions, 'optional' | 'nullable'>) {
  if (options.optional && options.nullable) return [IsOptional()];
  if (options.optional)
    return [
      ValidateIf((_object: object, value: unknown) => value !== undefined),
      IsDefined({ message: '$property may be left out but may not be null' }),
    ];
  if (options.nullable) return [ValidateIf((_object: object, value: unknown) => value !== null)];
  return [];
}

/** Spec section 5: local part of letters, digits and !#$%&'*+/=?^_`{|}~.- then @, then a dotted domain. */
export const EMAIL_PATTERN = /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~.-]+@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*$/;
/** Spec section 5: letters and spaces only (any script). */
export const LETTERS_AND_SPACES = /^[\p{L}][\p{L} ]*$/u;

/**
 * Length as PostgreSQL's `char_length` counts it: code points. class-validator's MinLength and
 * MaxLength leave out surrogate pairs and variation selectors, so a text they admitted could still
 * break a column's length check (a 500 instead of a 400).
 */
function CodePointLength(min: number, max: number) {
  return ValidateBy({
    name: 'codePointLength',
    validator: {
      validate: (value: unknown) => {
        if (typeof value !== 'string') return false;
        const length = [...value].length;
        return length >= min && length <= max;
      },
      defaultMessage: () =>
        min > 0
          ? `$property must be ${min} to ${max} characters long`
          : `$property must be at most ${max} characters long`,
    },
  });
}

export function TextField(
  options: FieldOptions & { min?: number; max: number; pattern?: RegExp; patternMessage?: string },
) {
  return applyDecorators(
    ...presence(options),
    IsString(),
    CodePointLength(options.min ?? 1, options.max),
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

/** Nearer to 0 than this (but not 0) is refused: see NotVanishinglySmall. */
export const SMALLEST_NUMBER_MAGNITUDE = 1e-12;

/**
 * PostgreSQL's float arithmetic raises "value out of range: underflow" instead of rounding to 0,
 * so a coordinate like 7e-323 made every query it took part in a 500 (and, stored, every later
 * nearby query too). No field of ours means anything that small.
 */
function NotVanishinglySmall() {
  return ValidateBy({
    name: 'notVanishinglySmall',
    validator: {
      validate: (value: unknown) =>
        typeof value !== 'number' || value === 0 || Math.abs(value) >= SMALLEST_NUMBER_MAGNITUDE,
      defaultMessage: () => `$property must be 0 or at least ${SMALLEST_NUMBER_MAGNITUDE} from 0`,
    },
  });
}

export function NumberField(options: FieldOptions & { min: number; max: number }) {
  return applyDecorators(
    ...presence(options),
    IsNumber({ allowNaN: false, allowInfinity: false }),
    NotVanishinglySmall(),
    Min(options.min),
    Max(options.max),
    document('number', options, { minimum: options.min, maximum: options.max }),
  );
}

export function BooleanField(options: FieldOptions = {}) {
  return applyDecorators(...presence(options), IsBoolean(), document('boolean', options));
}

export function EnumField(values: readonly string[], options: FieldOptions = {}) {
  return applyDecorators(
    ...presence(options),
    IsIn(values),
    document('string', options, { enum: values }),
  );
}

export function UuidField(options: FieldOptions = {}) {
  return applyDecorators(
    ...presence(options),
    IsUUID('4'),
    document('string', options, { format: 'uuid' }),
  );
}

/** A list of nested objects, each validated as `type`. */
export function NestedListField(
  type: ClassType<unknown>,
  options: { min?: number; max: number; description?: string },
) {
  return applyDecorators(
    IsArray(),
    ArrayMinSize(options.min ?? 0),
    ArrayMaxSize(options.max),
    ValidateNested({ each: true }),
    Type(() => type),
    ApiProperty({
      type,
      isArray: true,
      minItems: options.min ?? 0,
      maxItems: options.max,
      description: options.description,
    }),
  );
}

/** A nested object validated as `type`. */
export function NestedField(type: ClassType<unknown>, options: { description?: string } = {}) {
  return applyDecorators(
    ValidateNested(),
    Type(() => type),
    ApiProperty({ type, description: options.description }),
  );
}
