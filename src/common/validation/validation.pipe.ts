import { ArgumentMetadata, ValidationPipe } from '@nestjs/common';

import { AppError } from '../errors/app-error';
import { storableTextErrors } from './storable-text';
import { validationExceptionFactory } from './validation-errors';

/** Unknown fields are rejected (whitelistValidation), in bodies and queries; DTO transforms cast query strings. */
class ApiValidationPipe extends ValidationPipe {
  override async transform(value: unknown, metadata: ArgumentMetadata): Promise<unknown> {
    // Client input only (not @CurrentUser and the like); a path parameter is named by its name, other fields by their paths.
    if (metadata.type !== 'custom') {
      const details = storableTextErrors(value, metadata.type === 'param' ? (metadata.data ?? '') : '');
      if (details.length > 0) throw AppError.validation(details);
    }
    // Nest would read a JSON null as an empty object (an empty PATCH); a DTO body is an object or absent.
    if (
      metadata.type === 'body' &&
      value !== undefined &&
      this.toValidate(metadata) &&
      (typeof value !== 'object' || value === null || Array.isArray(value))
    ) {
      throw AppError.validation([{ field: 'body', errors: ['isObject'] }]);
    }
    return super.transform(value, metadata);
  }
}

export function createValidationPipe(): ValidationPipe {
  return new ApiValidationPipe({
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
