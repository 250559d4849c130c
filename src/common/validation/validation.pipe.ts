import { ValidationPipe } from '@nestjs/common';
import { validationExceptionFactory } from './validation-errors';

/** Unknown fields are rejected (whitelistValidation), in bodies and queries; DTO transforms cast query strings. */
export function createValidationPipe(): ValidationPipe {
  return new ValidationPipe({
    whitelist: true,
    forbidNonWhitelisted: true,
    forbidUnknownValues: true,
    transform: true,
    transformOptions: { enableImplicitConversion: false },
    validateCustomDecorators: true,
    stopAtFirstError: false,
    exceptionFactory: validationExceptionFactory,
  });
}
