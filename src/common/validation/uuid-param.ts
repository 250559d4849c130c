import { Param, ParseUUIDPipe } from '@nestjs/common';
import { AppError } from '../errors/app-error';

/** A UUID path parameter; anything else is VALIDATION_FAILED on that field. */
export function UuidParam(name: string): ParameterDecorator {
  return Param(name, new ParseUUIDPipe({ exceptionFactory: () => AppError.validation([{ field: name, errors: ['isUUID'] }]) }));
}
