import { ValidationError } from 'class-validator';

import { AppError, ValidationDetail } from '../errors/app-error';

/** The spec names this rule isUUID; class-validator calls it isUuid. */
const RULE_NAMES: Record<string, string> = { isUuid: 'isUUID' };

/** Flattens class-validator errors into {field, errors[]} with dot paths (items.3.price) and rule names. */
export function toValidationDetails(errors: ValidationError[], parentPath = ''): ValidationDetail[] {
  return errors.flatMap((error) => {
    const field = parentPath ? `${parentPath}.${error.property}` : error.property;
    const own: ValidationDetail[] = error.constraints
      ? [{ field, errors: Object.keys(error.constraints).map((rule) => RULE_NAMES[rule] ?? rule) }]
      : [];
    return [...own, ...toValidationDetails(error.children ?? [], field)];
  });
}

export function validationExceptionFactory(errors: ValidationError[]): AppError {
  return AppError.validation(toValidationDetails(errors));
}
