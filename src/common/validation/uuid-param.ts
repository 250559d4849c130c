import { Param, ParseUUIDPipe } from '@nestjs/common';
import { ApiParam } from '@nestjs/swagger';

import { AppError } from '../errors/app-error';

/** A UUID path parameter, declared in the contract as format uuid; anything else is VALIDATION_FAILED on that field. */
export function UuidParam(name: string): ParameterDecorator {
  const param = Param(name, new ParseUUIDPipe({ exceptionFactory: () => AppError.validation([{ field: name, errors: ['isUUID'] }]) }));
  return (target, propertyKey, index) => {
    param(target, propertyKey, index);
    if (propertyKey === undefined) return;
    const descriptor = Object.getOwnPropertyDescriptor(target, propertyKey);
    if (descriptor) ApiUuidParam(name)(target, propertyKey, descriptor);
  };
}

/** The contract's declaration of a UUID path parameter, for a route whose guard checks the parameter itself. */
export function ApiUuidParam(name: string): MethodDecorator {
  return ApiParam({ name, required: true, schema: { type: 'string', format: 'uuid' } });
}
