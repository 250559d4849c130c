import { ValidationError } from 'class-validator';

import { AppError, ValidationDetail } from '../errors/app-error';
import { DEFAULT_ERROR_MESSAGES } from '../errors/error-codes';

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

/** The formats (a field's `format`) of every failed field that names one, each once. */
function failedFormats(errors: ValidationError[]): string[] {
  if (!errors.length) return [];
  const own = errors.flatMap((error) =>
    Object.values(error.contexts ?? {}).flatMap((context) => (context?.format ? [context.format] : [])),
  );
  return [...new Set([...own, ...failedFormats(errors.flatMap((error) => error.children ?? []))])];
}

/** The envelope's message names what a valid value looks like for the fields that say so. */
export function validationExceptionFactory(errors: ValidationError[]): AppError {
  const formats = failedFormats(errors);
  const message = formats.length ? `${DEFAULT_ERROR_MESSAGES.VALIDATION_FAILED}: ${formats.join('; ')}` : undefined;
  return AppError.validation(toValidationDetails(errors), message);
}
