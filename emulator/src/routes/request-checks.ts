/** Hand-written checks of request values, shared by the routes. */
export type Check = (value: unknown) => boolean;

export const isBoolean: Check = (value) => typeof value === 'boolean';
export const isString: Check = (value) => typeof value === 'string';
export const isInteger: Check = (value) => Number.isInteger(value);
export const isObject: Check = (value) => typeof value === 'object' && value !== null && !Array.isArray(value);
export const arrayOf =
  (check: Check): Check =>
  (value) =>
    Array.isArray(value) && value.every(check);

/** A query value written as a whole number (digits only), else null. */
export function intParam(value: unknown): number | null {
  return typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : null;
}
