import { registerDecorator, ValidationOptions } from 'class-validator';

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;

/** At least 8 characters (at most 128) and not all of one class: two of lower case, upper case, digits, other. */
export function meetsPasswordPolicy(value: unknown): boolean {
  if (typeof value !== 'string' || value.length < PASSWORD_MIN_LENGTH || value.length > PASSWORD_MAX_LENGTH) return false;
  const classes = [/\p{Ll}/u, /\p{Lu}/u, /\p{Nd}/u, /[^\p{Ll}\p{Lu}\p{Nd}]/u].filter((pattern) => pattern.test(value));
  return classes.length >= 2;
}

/** Rule name passwordPolicy in VALIDATION_FAILED details. */
export function IsPasswordPolicy(options?: ValidationOptions): PropertyDecorator {
  return (target, propertyName) =>
    registerDecorator({
      name: 'passwordPolicy',
      target: target.constructor,
      propertyName: String(propertyName),
      options: { message: 'password policy', ...options },
      validator: { validate: meetsPasswordPolicy },
    });
}
