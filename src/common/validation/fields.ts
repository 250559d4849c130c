import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsBoolean,
  IsIn,
  IsInt,
  isISO8601,
  IsNumber,
  IsOptional,
  IsString,
  IsUUID,
  Length,
  Matches,
  Max,
  Min,
  ValidateBy,
  ValidateIf,
  ValidateNested,
} from 'class-validator';

/**
 * Composed field decorators: the validator, the transform and the OpenAPI property in one place so they cannot drift.
 * Body fields are strict (a JSON string is not a number); query fields cast the query string to the DTO type.
 */
interface FieldOptions {
  optional?: boolean;
  /** null is a value: it clears the field (only with optional). Otherwise an optional field may be left out but not null. */
  nullable?: boolean;
  description?: string;
  example?: unknown;
}

interface IntOptions extends FieldOptions {
  min?: number;
  max?: number;
}

function property(options: FieldOptions, schema: Record<string, unknown>): PropertyDecorator {
  const decorator = options.optional ? ApiPropertyOptional : ApiProperty;
  return decorator({
    description: options.description,
    example: options.example,
    ...(options.nullable ? { nullable: true } : {}),
    ...schema,
  });
}

/**
 * An optional field may be left out; null passes only where it is a value (nullable). IsOptional alone would also let
 * null through, and a null the handler does not expect reaches a NOT NULL column or a crash. For decorators composed elsewhere too.
 */
export function Optional(options: Pick<FieldOptions, 'nullable'> = {}): PropertyDecorator {
  return options.nullable ? IsOptional() : ValidateIf((_object, value) => value !== undefined);
}

function optionality(options: FieldOptions): PropertyDecorator[] {
  return options.optional ? [Optional(options)] : [];
}

/** `each`: the bounds of every item of an array. */
function bounds(options: IntOptions, validation: { each?: boolean } = {}): PropertyDecorator[] {
  return [
    ...(options.min !== undefined ? [Min(options.min, validation)] : []),
    ...(options.max !== undefined ? [Max(options.max, validation)] : []),
  ];
}

export function IntField(options: IntOptions = {}): PropertyDecorator {
  return applyDecorators(
    property(options, { type: 'integer', minimum: options.min, maximum: options.max }),
    ...optionality(options),
    IsInt(),
    ...bounds(options),
  );
}

interface StringOptions extends FieldOptions {
  minLength?: number;
  maxLength: number;
  /** Surrounding whitespace is removed before the length check, so "  " is too short. */
  trim?: boolean;
  /** The whole value must match (rule name matches). */
  pattern?: RegExp;
  /** What a valid value looks like, in Russian: the VALIDATION_FAILED message names it when the field fails. */
  format?: string;
}

export function StringField(options: StringOptions): PropertyDecorator {
  const validation = options.format ? { context: { format: options.format } } : {};
  return applyDecorators(
    ...(options.trim ? [Transform(({ value }) => (typeof value === 'string' ? value.trim() : value))] : []),
    property(options, {
      type: 'string',
      minLength: options.minLength ?? 1,
      maxLength: options.maxLength,
      pattern: options.pattern?.source,
    }),
    ...optionality(options),
    IsString(validation),
    Length(options.minLength ?? 1, options.maxLength, validation),
    ...(options.pattern ? [Matches(options.pattern, validation)] : []),
  );
}

/** A JSON number with at most `places` decimals (the column's scale), so nothing is rounded when stored; an optional one may be null. */
export function DecimalField(options: FieldOptions & { min: number; max: number; places: number }): PropertyDecorator {
  return applyDecorators(
    property({ ...options, nullable: options.optional }, { type: 'number', minimum: options.min, maximum: options.max }),
    ...(options.optional ? [IsOptional()] : []),
    IsNumber({ allowNaN: false, allowInfinity: false, maxDecimalPlaces: options.places }),
    Min(options.min),
    Max(options.max),
  );
}

/** Spec: Other bounds, product search q; every list's search box takes as much. */
export const SEARCH_TEXT_MAX_LENGTH = 200;

/** The q of a list: an optional substring searched case-insensitively, up to SEARCH_TEXT_MAX_LENGTH characters. */
export function SearchTextField(description: string): PropertyDecorator {
  return StringField({ optional: true, maxLength: SEARCH_TEXT_MAX_LENGTH, description });
}

/** A JSON boolean; the string "true" is not one (isBoolean). */
export function BooleanField(options: FieldOptions = {}): PropertyDecorator {
  return applyDecorators(property(options, { type: 'boolean' }), ...optionality(options), IsBoolean());
}

export function StringArrayField(options: FieldOptions & { maxItems: number; maxLength: number }): PropertyDecorator {
  return applyDecorators(
    property(options, { type: 'array', items: { type: 'string', maxLength: options.maxLength }, maxItems: options.maxItems }),
    ...optionality(options),
    IsArray(),
    ArrayMaxSize(options.maxItems),
    IsString({ each: true }),
    Length(1, options.maxLength, { each: true }),
  );
}

export function NestedArrayField(
  type: () => new () => object,
  options: FieldOptions & { minItems?: number; maxItems: number },
): PropertyDecorator {
  return applyDecorators(
    property(options, { type: () => [type()], minItems: options.minItems ?? 1, maxItems: options.maxItems }),
    ...optionality(options),
    IsArray(),
    ArrayMinSize(options.minItems ?? 1),
    ArrayMaxSize(options.maxItems),
    ValidateNested({ each: true }),
    Type(type),
  );
}

export function UuidField(options: FieldOptions = {}): PropertyDecorator {
  return applyDecorators(property(options, { type: 'string', format: 'uuid' }), ...optionality(options), IsUUID('all'));
}

export function EnumField<T extends string>(values: readonly T[], options: FieldOptions = {}): PropertyDecorator {
  // OpenAPI 3.0: a nullable enum lists null among its values, or null is not one of them.
  const listed = options.nullable ? [...values, null] : values;
  return applyDecorators(property(options, { enum: listed }), ...optionality(options), IsIn(values as unknown as T[]));
}

/** A calendar date or an RFC 3339 date-time; ISO week (2024-W01) and ordinal dates, which Date cannot read, are not. */
const DATE_OR_DATE_TIME = /^\d{4}-\d{2}-\d{2}(?:T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,6})?)?(?:Z|[+-]\d{2}:\d{2})?)?$/;

function isDateOrDateTime(value: unknown): boolean {
  return (
    typeof value === 'string' && DATE_OR_DATE_TIME.test(value) && isISO8601(value, { strict: true }) && !Number.isNaN(Date.parse(value))
  );
}

/** Every date query parameter: a string PostgreSQL and Date both read the same way, or VALIDATION_FAILED (isISO8601). */
export function QueryDateField(options: FieldOptions = {}): PropertyDecorator {
  return applyDecorators(
    property(options, { type: 'string', format: 'date-time' }),
    ...optionality(options),
    ValidateBy({
      name: 'isISO8601',
      validator: { validate: isDateOrDateTime, defaultMessage: () => '$property must be a date (YYYY-MM-DD) or a date-time' },
    }),
  );
}

/** A query string of digits as its number: "12" becomes 12, "abc" stays a string and fails isInt. */
const queryInt = (value: unknown) => (typeof value === 'string' && /^-?\d+$/.test(value) ? Number(value) : value);

/** Query strings are cast: "12" becomes 12, "abc" stays a string and fails isInt. */
export function QueryIntField(options: IntOptions = {}): PropertyDecorator {
  return applyDecorators(
    Transform(({ value }) => queryInt(value)),
    IntField(options),
  );
}

/**
 * A query parameter of integers, repeated or comma-separated (`?id=1&id=2`, `?id=1,2`; one value is a list of one),
 * each cast and bounded as QueryIntField. Commas keep a long list short: 1 000 ids each with its name would near Node's 16 KB header limit.
 */
export function QueryIntArrayField(options: IntOptions & { maxItems: number }): PropertyDecorator {
  return applyDecorators(
    Transform(({ value }) =>
      value === undefined
        ? value
        : [value]
            .flat()
            .flatMap((item: unknown) => (typeof item === 'string' ? item.split(',') : [item]))
            .map(queryInt),
    ),
    property(options, {
      type: 'array',
      items: { type: 'integer', minimum: options.min, maximum: options.max },
      minItems: 1,
      maxItems: options.maxItems,
    }),
    ...optionality(options),
    IsArray(),
    ArrayMinSize(1),
    ArrayMaxSize(options.maxItems),
    IsInt({ each: true }),
    ...bounds(options, { each: true }),
  );
}

/** Query booleans accept true/false (and 1/0); anything else fails isBoolean. */
export function QueryBooleanField(options: FieldOptions = {}): PropertyDecorator {
  return applyDecorators(
    Transform(({ value }) => ({ true: true, '1': true, false: false, '0': false })[String(value)] ?? value),
    BooleanField(options),
  );
}
