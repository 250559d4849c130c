import { Param, PipeTransform } from '@nestjs/common';
import { ApiParam } from '@nestjs/swagger';

import { AppError } from '../../../common/errors/app-error';

/** Reference 11.5: a supply id is an int64, kept as its digits (beyond 2^53). */
const INT64_MAX = 9_223_372_036_854_775_807n;

/** A supply id in the path: digits of a positive int64, kept as text; anything else is VALIDATION_FAILED on that field. */
export function SupplyIdParam(name: string): ParameterDecorator {
  const pipe: PipeTransform<string, string> = {
    transform(value) {
      if (!/^[1-9]\d{0,18}$/.test(value) || BigInt(value) > INT64_MAX) throw AppError.validation([{ field: name, errors: ['matches'] }]);
      return value;
    },
  };
  const param = Param(name, pipe);
  return (target, propertyKey, index) => {
    param(target, propertyKey, index);
    if (propertyKey === undefined) return;
    const descriptor = Object.getOwnPropertyDescriptor(target, propertyKey);
    if (descriptor)
      ApiParam({ name, required: true, schema: { type: 'string', pattern: '^[1-9]\\d{0,18}$', maxLength: 19 } })(
        target,
        propertyKey,
        descriptor,
      );
  };
}
