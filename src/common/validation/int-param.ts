import { Param, PipeTransform } from '@nestjs/common';
import { ApiParam } from '@nestjs/swagger';

import { AppError } from '../errors/app-error';

/** Digits of a whole number from 1 to Number.MAX_SAFE_INTEGER. */
const POSITIVE_INT = /^[1-9]\d{0,15}$/;

/** A marketplace id in the path (a campaign's advertId): a positive whole number; anything else is VALIDATION_FAILED on that field. */
export function IntParam(name: string): ParameterDecorator {
  const pipe: PipeTransform<string, number> = {
    transform(value) {
      const number = POSITIVE_INT.test(value) ? Number(value) : NaN;
      if (!Number.isSafeInteger(number)) throw AppError.validation([{ field: name, errors: ['isInt'] }]);
      return number;
    },
  };
  const param = Param(name, pipe);
  return (target, propertyKey, index) => {
    param(target, propertyKey, index);
    if (propertyKey === undefined) return;
    const descriptor = Object.getOwnPropertyDescriptor(target, propertyKey);
    if (descriptor)
      ApiParam({ name, required: true, schema: { type: 'integer', minimum: 1, maximum: Number.MAX_SAFE_INTEGER } })(
        target,
        propertyKey,
        descriptor,
      );
  };
}
