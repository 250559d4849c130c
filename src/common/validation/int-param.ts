import { Param, PipeTransform } from '@nestjs/common';
import { ApiParam } from '@nestjs/swagger';

import { AppError } from '../errors/app-error';

/** Digits of a whole number from 1 to Number.MAX_SAFE_INTEGER. */
const POSITIVE_INT = /^[1-9]\d{0,15}$/;

/** A positive signed 64-bit whole number as digits (up to 9223372036854775807). */
const POSITIVE_INT64 = /^[1-9]\d{0,18}$/;
const INT64_MAX = 2n ** 63n - 1n;

/** A path parameter read by `pipe`, documented with `schema`. */
function documentedParam(name: string, pipe: PipeTransform<string, unknown>, schema: Record<string, unknown>): ParameterDecorator {
  const param = Param(name, pipe);
  return (target, propertyKey, index) => {
    param(target, propertyKey, index);
    if (propertyKey === undefined) return;
    const descriptor = Object.getOwnPropertyDescriptor(target, propertyKey);
    if (descriptor) ApiParam({ name, required: true, schema })(target, propertyKey, descriptor);
  };
}

/** A marketplace id in the path (a campaign's advertId): a positive whole number; anything else is VALIDATION_FAILED on that field. */
export function IntParam(name: string): ParameterDecorator {
  const pipe: PipeTransform<string, number> = {
    transform(value) {
      const number = POSITIVE_INT.test(value) ? Number(value) : NaN;
      if (!Number.isSafeInteger(number)) throw AppError.validation([{ field: name, errors: ['isInt'] }]);
      return number;
    },
  };
  return documentedParam(name, pipe, { type: 'integer', minimum: 1, maximum: Number.MAX_SAFE_INTEGER });
}

/**
 * A marketplace id in the path that is an int64 and can exceed 2^53 (a supply id, a report id): the digits of a
 * positive int64, kept as text, never a JS number; anything else is VALIDATION_FAILED on that field.
 */
export function Int64TextParam(name: string): ParameterDecorator {
  const pipe: PipeTransform<string, string> = {
    transform(value) {
      if (!POSITIVE_INT64.test(value) || BigInt(value) > INT64_MAX) throw AppError.validation([{ field: name, errors: ['matches'] }]);
      return value;
    },
  };
  return documentedParam(name, pipe, { type: 'string', pattern: '^[1-9]\\d{0,18}$', maxLength: 19 });
}
